import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instrumentEvents, notifications, transfers } from '../../db/schema';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { api, instrumentOf, luthierWithShop } from './registry-test-kit';
import { createOwnership } from './registry-trust-kit';
import { expireDueTransfers } from './transfers.queries';

let t: TestApp;
let maker: Awaited<ReturnType<typeof luthierWithShop>>;
let thirdLuthier: Awaited<ReturnType<typeof luthierWithShop>>;
let owner: Awaited<ReturnType<typeof signedInUser>>;
let stranger: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await createTestApp();
  maker = await luthierWithShop(t, 'Trust Bench');
  thirdLuthier = await luthierWithShop(t, 'Third Repairs');
  owner = await signedInUser(t, { displayName: 'Carla Careful', handle: 'carla-careful' });
  stranger = await signedInUser(t, { displayName: 'Stan Stranger' });
});
afterAll(async () => t.close());

const kinds = async (userId: string) =>
  (await t.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.kind);
const eventTypes = async (instrumentId: string) =>
  (await t.db.select().from(instrumentEvents).where(eq(instrumentEvents.instrumentId, instrumentId))).map(
    (e) => e.type,
  );

describe('offers to an email address', () => {
  it('reach only an account that has proven that exact address', async () => {
    const victim = 'victim@example.test';
    const inst = await instrumentOf(t, maker.shop.id);
    const offer = await api(t, maker.cookie).post(`/api/registry/instruments/${inst.id}/transfers`, {
      recipient: victim,
      method: 'gift',
    });
    expect(offer.statusCode).toBe(201);
    const id = offer.json().id;
    // An attacker who signs up with the address but never proves it sees and answers nothing.
    const attacker = await signedInUser(t, { email: victim, emailVerified: false });
    expect((await api(t, attacker.cookie).get('/api/registry/transfers')).json().incoming).toEqual([]);
    expect((await api(t, attacker.cookie).get(`/api/registry/transfers/${id}`)).statusCode).toBe(404);
    expect((await api(t, attacker.cookie).post(`/api/registry/transfers/${id}/accept`)).statusCode).toBe(404);
    expect((await api(t, attacker.cookie).post(`/api/registry/transfers/${id}/decline`)).statusCode).toBe(
      404,
    );
    expect(await kinds(attacker.user.id)).not.toContain('offer_received');
    // Once the address is proven, the same account sees it.
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: attacker.cookie } });
    const { users } = await import('../../db/schema');
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, attacker.user.id));
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: victim, password: 'correct horse battery' },
    });
    const cookie = `sid=${login.cookies.find((c) => c.name === 'sid')?.value}`;
    expect((await api(t, cookie).get(`/api/registry/transfers/${id}`)).statusCode).toBe(200);
    expect((await api(t, cookie).post(`/api/registry/transfers/${id}/accept`)).statusCode).toBe(200);
  });

  it('tells the people concerned: received, accepted, declined, cancelled, expired', async () => {
    const offerTo = async () => {
      const inst = await instrumentOf(t, maker.shop.id, { name: 'Told Guitar' });
      const res = await api(t, maker.cookie).post(`/api/registry/instruments/${inst.id}/transfers`, {
        recipient: '@carla-careful',
        method: 'purchase',
      });
      return res.json().id as string;
    };
    const a = await offerTo();
    expect(await kinds(owner.user.id)).toContain('offer_received');
    await api(t, owner.cookie).post(`/api/registry/transfers/${a}/accept`);
    const b = await offerTo();
    await api(t, owner.cookie).post(`/api/registry/transfers/${b}/decline`);
    const c = await offerTo();
    await api(t, maker.cookie).post(`/api/registry/transfers/${c}/cancel`);
    const d = await offerTo();
    await t.db
      .update(transfers)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(transfers.id, d));
    await t.app.inject({ method: 'GET', url: '/api/registry/transfers', headers: { cookie: maker.cookie } });
    await api(t, maker.cookie).post(`/api/registry/transfers/${c}/cancel`);
    expect(await kinds(maker.user.id)).toEqual(
      expect.arrayContaining(['offer_accepted', 'offer_declined', 'offer_expired']),
    );
    expect(await kinds(owner.user.id)).toContain('offer_cancelled');
    const [received] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.user.id), eq(notifications.kind, 'offer_received')));
    expect(received?.title).toContain('Told Guitar');
    expect(received?.link).toBe(`/transfers/${a}`);
  });
});

describe('public record', () => {
  it('a third luthier’s record is private and eventless until the owner approves; rejected stays private', async () => {
    const inst = await createOwnership(t, maker, owner.user, { name: 'Approved Viola' });
    const url = `/api/registry/instruments/${inst.id}/service-records`;
    const record = {
      serviceType: 'repair',
      description: 'Crack repair',
      serviceDate: '2024-06-01',
      cost: 300,
      costCurrency: 'USD',
      notes: 'hidden',
    };
    const pending = await api(t, thirdLuthier.cookie).post(url, record);
    expect(pending.json().status).toBe('pending');
    for (const viewer of [null, stranger.cookie, maker.cookie])
      expect(
        (await api(t, viewer).get(`/api/registry/instruments/${inst.id}`)).json().serviceRecords,
      ).toEqual([]);
    expect(
      (await api(t, thirdLuthier.cookie).get(`/api/registry/instruments/${inst.id}`)).json().serviceRecords,
    ).toHaveLength(1);
    expect(await eventTypes(inst.id)).not.toContain('service_recorded');
    expect(await kinds(owner.user.id)).toContain('service_pending');
    await api(t, owner.cookie).post(`${url}/${pending.json().id}/approve`);
    expect(await eventTypes(inst.id)).toContain('service_approved');
    expect(await kinds(thirdLuthier.user.id)).toContain('service_approved');
    const shown = (await api(t, stranger.cookie).get(`/api/registry/instruments/${inst.id}`)).json()
      .serviceRecords;
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ servicerName: 'Third Repairs', cost: null, notes: null });
    const forAuthor = (await api(t, thirdLuthier.cookie).get(`/api/registry/instruments/${inst.id}`)).json();
    expect(forAuthor.serviceRecords[0]).toMatchObject({ cost: 300, notes: 'hidden' });

    const rejected = await api(t, thirdLuthier.cookie).post(url, { ...record, description: 'Refused work' });
    const before = (await eventTypes(inst.id)).length;
    await api(t, owner.cookie).post(`${url}/${rejected.json().id}/reject`);
    expect((await eventTypes(inst.id)).length).toBe(before);
    expect(await kinds(thirdLuthier.user.id)).toContain('service_rejected');
    const publicNow = (await api(t, null).get(`/api/registry/instruments/${inst.id}`)).json();
    expect(JSON.stringify(publicNow)).not.toContain('Refused work');
  });

  it('names an unnamed servicer by shop or "Owner", never the owner’s name; dates are checked', async () => {
    const hidden = await signedInUser(t, { displayName: 'Private Pia', handle: 'private-pia' });
    await api(t, hidden.cookie).put('/api/registry/privacy', { ownerPrivacy: true });
    const inst = await createOwnership(t, maker, hidden.user, { yearMade: 2015 });
    const url = `/api/registry/instruments/${inst.id}/service-records`;
    const own = await api(t, hidden.cookie).post(url, {
      serviceType: 'setup',
      description: 'Strings',
      serviceDate: '2020-01-01',
    });
    expect(own.json().servicerName).toBe('Owner');
    const future = await api(t, hidden.cookie).post(url, {
      serviceType: 'setup',
      description: 'x',
      serviceDate: '2999-01-01',
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().fields.serviceDate).toMatch(/future/);
    const early = await api(t, hidden.cookie).post(url, {
      serviceType: 'setup',
      description: 'x',
      serviceDate: '2014-12-31',
    });
    expect(early.json().fields.serviceDate).toMatch(/before the instrument was made/);
    const publicView = JSON.stringify(
      (await api(t, null).get(`/api/registry/instruments/${inst.id}`)).json(),
    );
    expect(publicView).not.toContain('Private Pia');
  });
});

describe('corrections', () => {
  it('after a transfer the maker corrects identity facts only with a reason; the owner sets condition and value', async () => {
    const inst = await createOwnership(t, maker, owner.user, { name: 'Before', serialNumber: 'S-1' });
    const url = `/api/registry/instruments/${inst.id}`;
    const noReason = await api(t, maker.cookie).patch(url, { serialNumber: 'S-2' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields.reason).toBeTruthy();
    const ok = await api(t, maker.cookie).patch(url, { serialNumber: 'S-2', reason: 'Label misread' });
    expect(ok.statusCode).toBe(200);
    const corrected = ok.json().events.find((e: { type: string }) => e.type === 'corrected');
    expect(corrected.data).toEqual({
      changes: [{ field: 'serialNumber', from: 'S-1', to: 'S-2' }],
      reason: 'Label misread',
    });
    expect((await api(t, maker.cookie).patch(url, { condition: 'good' })).statusCode).toBe(403);
    expect(
      (await api(t, maker.cookie).patch(url, { estimatedValue: 10, estimatedValueCurrency: 'USD' }))
        .statusCode,
    ).toBe(403);
    expect((await api(t, owner.cookie).patch(url, { name: 'Owner rename' })).statusCode).toBe(403);
    const byOwner = await api(t, owner.cookie).patch(url, {
      condition: 'good',
      estimatedValue: 9000,
      estimatedValueCurrency: 'EUR',
    });
    expect(byOwner.statusCode).toBe(200);
    expect(byOwner.json()).toMatchObject({
      condition: 'good',
      estimatedValue: 9000,
      estimatedValueCurrency: 'EUR',
    });
    expect((await api(t, stranger.cookie).patch(url, { condition: 'poor' })).statusCode).toBe(403);
    // Before any transfer the maker edits freely.
    const fresh = await instrumentOf(t, maker.shop.id, { serialNumber: 'F-1' });
    const free = await api(t, maker.cookie).patch(`/api/registry/instruments/${fresh.id}`, {
      serialNumber: 'F-2',
    });
    expect(free.statusCode).toBe(200);
    expect(free.json().viewer.correctionRequired).toBe(false);
  });
});

describe('stolen', () => {
  it('cancels pending offers (the recipient is told) and blocks accepting until recovered', async () => {
    const inst = await instrumentOf(t, maker.shop.id, { yearMade: 2018 });
    const url = `/api/registry/instruments/${inst.id}`;
    const offer = await api(t, maker.cookie).post(`${url}/transfers`, {
      recipient: '@carla-careful',
      method: 'gift',
    });
    const report = { date: '2024-01-01', place: 'Berlin' };
    expect((await api(t, maker.cookie).post(`${url}/report-stolen`, report)).statusCode).toBe(200);
    const seen = (await api(t, owner.cookie).get(`/api/registry/transfers/${offer.json().id}`)).json();
    expect(seen.status).toBe('cancelled');
    expect(await kinds(owner.user.id)).toContain('stolen_offer_cancelled');
    // Even a pending offer that slipped in cannot be accepted or declined while stolen.
    await t.db.update(transfers).set({ status: 'pending' }).where(eq(transfers.id, offer.json().id));
    for (const action of ['accept', 'decline']) {
      const res = await api(t, owner.cookie).post(`/api/registry/transfers/${offer.json().id}/${action}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatch(/reported stolen/);
    }
    await expireDueTransfers(t.db);
  });
});

describe('abuse limits', () => {
  it('limits offers per recipient with a clear 429', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
    try {
      const m = await luthierWithShop(limited, 'Flood Shop');
      let last = 0;
      let message = '';
      for (let i = 0; i < 12; i += 1) {
        const inst = await instrumentOf(limited, m.shop.id);
        const res = await api(limited, m.cookie).post(`/api/registry/instruments/${inst.id}/transfers`, {
          recipient: 'target@example.test',
          method: 'gift',
        });
        last = res.statusCode;
        if (last === 429) {
          message = res.json().error;
          expect(res.headers['retry-after']).toBeTruthy();
          break;
        }
      }
      expect(last).toBe(429);
      expect(message).toMatch(/received many offers/);
    } finally {
      await limited.close();
    }
  });
});
