import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instrumentImages, transfers } from '../../db/schema';
import { createTestApp, sessionCookie, signedInUser, type TestApp } from '../../test/test-app';
import { api, instrumentOf, luthierWithShop } from './registry-test-kit';
import { expireDueTransfers } from './transfers.queries';
import { settleNotificationMail } from '../../notify/notifications';

let t: TestApp;
let maker: Awaited<ReturnType<typeof luthierWithShop>>;
let buyer: Awaited<ReturnType<typeof signedInUser>>;
let stranger: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await createTestApp();
  maker = await luthierWithShop(t, 'Transfer Bench');
  buyer = await signedInUser(t, { displayName: 'Bea Buyer', handle: 'bea-buyer', location: 'Oslo, Norway' });
  stranger = await signedInUser(t, { displayName: 'Stan Stranger' });
});
afterAll(async () => t.close());

async function offer(to = '@bea-buyer', extra: object = {}) {
  const inst = await instrumentOf(t, maker.shop.id);
  const res = await api(t, maker.cookie).post(`/api/registry/instruments/${inst.id}/transfers`, {
    recipient: to,
    method: 'purchase',
    price: 5200,
    currency: 'EUR',
    ...extra,
  });
  return { inst, res };
}

describe('transfers', () => {
  it('only the current owner offers; the recipient is mailed a link', async () => {
    const inst = await instrumentOf(t, maker.shop.id);
    const url = `/api/registry/instruments/${inst.id}/transfers`;
    expect(
      (await api(t, stranger.cookie).post(url, { recipient: '@bea-buyer', method: 'gift' })).statusCode,
    ).toBe(403);
    expect(
      (await api(t, maker.cookie).post(url, { recipient: '@nobody-here', method: 'gift' })).statusCode,
    ).toBe(400);
    expect(
      (await api(t, maker.cookie).post(url, { recipient: maker.user.email, method: 'gift' })).statusCode,
    ).toBe(400);
    const res = await api(t, maker.cookie).post(url, { recipient: '@bea-buyer', method: 'gift' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'pending', direction: 'outgoing', toLabel: '@bea-buyer' });
    await settleNotificationMail();
    const mailed = t.mail.filter((m) => m.to === buyer.user.email);
    expect(mailed.at(-1)?.text).toContain(`${t.env.publicUrl}/transfers/${res.json().id}`);
    expect(
      (await api(t, maker.cookie).post(url, { recipient: '@bea-buyer', method: 'gift' })).statusCode,
    ).toBe(409);
  });

  it('lists each transfer with its instrument’s primary photo (null without one)', async () => {
    const { inst, res } = await offer();
    const { inst: bare, res: bareRes } = await offer();
    await t.db.insert(instrumentImages).values([
      { instrumentId: inst.id, staticUrl: '/instruments/guitar-cedar.svg', isPrimary: true, orderIndex: 0 },
      { instrumentId: inst.id, staticUrl: '/instruments/guitar-spruce.svg', isPrimary: false, orderIndex: 1 },
    ]);
    const list = (await api(t, buyer.cookie).get('/api/registry/transfers')).json<{
      incoming: { id: string; instrument: { imageUrl: string | null } }[];
    }>();
    const byId = (id: string) => list.incoming.find((x) => x.id === id)?.instrument;
    expect(byId(res.json().id)).toMatchObject({ id: inst.id, imageUrl: '/instruments/guitar-cedar.svg' });
    expect(byId(bareRes.json().id)).toMatchObject({ id: bare.id, imageUrl: null });
  });

  it('accept moves ownership: closes the old record, opens the new one, logs events', async () => {
    const { inst, res } = await offer();
    const id = res.json().id;
    expect((await api(t, stranger.cookie).post(`/api/registry/transfers/${id}/accept`)).statusCode).toBe(404);
    expect((await api(t, maker.cookie).post(`/api/registry/transfers/${id}/accept`)).statusCode).toBe(403);
    const incoming = (await api(t, buyer.cookie).get('/api/registry/transfers')).json().incoming;
    expect(incoming.find((x: { id: string }) => x.id === id)).toMatchObject({
      fromName: maker.user.displayName,
      price: '5200.00',
      currency: 'EUR',
    });
    expect(incoming[0]).not.toHaveProperty('toLabel');
    const ok = await api(t, buyer.cookie).post(`/api/registry/transfers/${id}/accept`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status).toBe('accepted');
    const detail = (await api(t, buyer.cookie).get(`/api/registry/instruments/${inst.id}`)).json();
    expect(detail.currentOwner).toMatchObject({ name: 'Bea Buyer', location: 'Oslo, Norway' });
    // The maker never chose to be named, so the buyer sees a private owner before them.
    expect(detail.ownershipHistory).toMatchObject([
      { ownerName: 'Private owner', endDate: expect.any(String) },
      {
        ownerName: 'Bea Buyer',
        endDate: null,
        acquisitionMethod: 'purchase',
        purchasePrice: '5200.00',
        purchaseCurrency: 'EUR',
      },
    ]);
    // The offer was the seller's business, before the instrument was theirs: only the completed transfer shows.
    expect(detail.events.map((e: { type: string }) => e.type)).toEqual(['created', 'transfer_accepted']);
    expect((await api(t, buyer.cookie).post(`/api/registry/transfers/${id}/accept`)).statusCode).toBe(409);
    const makerView = (await api(t, maker.cookie).get(`/api/registry/instruments/${inst.id}`)).json();
    expect(makerView.ownershipHistory[1]).not.toHaveProperty('purchasePrice');
    expect(makerView.ownershipHistory[1]).not.toHaveProperty('purchaseCurrency');
  });

  it('two concurrent accepts: exactly one wins and ownership moves once', async () => {
    const { inst, res } = await offer();
    const id = res.json().id;
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: buyer.user.email, password: 'correct horse battery' },
      });
    const second = sessionCookie(await login());
    const results = await Promise.all([
      api(t, buyer.cookie).post(`/api/registry/transfers/${id}/accept`),
      api(t, second).post(`/api/registry/transfers/${id}/accept`),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const detail = (await api(t, buyer.cookie).get(`/api/registry/instruments/${inst.id}`)).json();
    expect(detail.ownershipHistory).toHaveLength(2);
    expect(detail.events.filter((e: { type: string }) => e.type === 'transfer_accepted')).toHaveLength(1);
  });

  it('decline by the recipient and cancel by the sender', async () => {
    const a = (await offer()).res.json().id;
    expect((await api(t, maker.cookie).post(`/api/registry/transfers/${a}/decline`)).statusCode).toBe(403);
    expect((await api(t, buyer.cookie).post(`/api/registry/transfers/${a}/decline`)).json().status).toBe(
      'declined',
    );
    const b = (await offer()).res.json().id;
    expect((await api(t, buyer.cookie).post(`/api/registry/transfers/${b}/cancel`)).statusCode).toBe(403);
    expect((await api(t, maker.cookie).post(`/api/registry/transfers/${b}/cancel`)).json().status).toBe(
      'cancelled',
    );
    expect((await api(t, buyer.cookie).post(`/api/registry/transfers/${b}/accept`)).statusCode).toBe(409);
  });

  it('expires after 14 days: acting on an overdue offer is refused and records the expiry', async () => {
    const { inst, res } = await offer();
    const id = res.json().id;
    const expiresAt = new Date(res.json().expiresAt).getTime();
    expect(Math.round((expiresAt - Date.now()) / 86_400_000)).toBe(14);
    await t.db
      .update(transfers)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(transfers.id, id));
    expect((await api(t, buyer.cookie).post(`/api/registry/transfers/${id}/accept`)).statusCode).toBe(409);
    expect((await api(t, buyer.cookie).get(`/api/registry/transfers/${id}`)).json().status).toBe('expired');
    const events = (await api(t, maker.cookie).get(`/api/registry/instruments/${inst.id}`)).json().events;
    expect(events.at(-1).type).toBe('transfer_expired');
  });

  it('shows an overdue offer as expired without writing on read; the sweep records it', async () => {
    const { inst, res } = await offer();
    const id = res.json().id;
    await t.db
      .update(transfers)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(transfers.id, id));
    expect((await api(t, buyer.cookie).get(`/api/registry/transfers/${id}`)).json().status).toBe('expired');
    const [stored] = await t.db
      .select({ status: transfers.status })
      .from(transfers)
      .where(eq(transfers.id, id));
    expect(stored?.status).toBe('pending');
    await expireDueTransfers(t.db);
    const events = (await api(t, maker.cookie).get(`/api/registry/instruments/${inst.id}`)).json().events;
    expect(events.at(-1).type).toBe('transfer_expired');
  });

  it('an offer to an email without an account waits until that email registers', async () => {
    const { inst, res } = await offer('newcomer@example.test');
    expect(res.statusCode).toBe(201);
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'newcomer@example.test', password: 'a long passphrase', displayName: 'Nia Newcomer' },
    });
    const cookie = sessionCookie(reg);
    // Until the address is proven, the account that claims it sees nothing addressed to it.
    expect((await api(t, cookie).get('/api/registry/transfers')).json().incoming).toEqual([]);
    const link = t.mail.find(
      (m) => m.to === 'newcomer@example.test' && m.text.includes('/verify-email?token='),
    );
    const token = /verify-email\?token=([\w-]+)/.exec(link?.text ?? '')?.[1];
    expect(token).toBeTruthy();
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      headers: { cookie },
      payload: { token },
    });
    expect(verified.statusCode).toBe(200);
    const incoming = (await api(t, cookie).get('/api/registry/transfers')).json().incoming;
    expect(incoming.map((x: { id: string }) => x.id)).toEqual([res.json().id]);
    expect((await api(t, cookie).post(`/api/registry/transfers/${res.json().id}/accept`)).statusCode).toBe(
      200,
    );
    expect((await api(t, cookie).get(`/api/registry/instruments/${inst.id}`)).json().viewer.isOwner).toBe(
      true,
    );
  });

  it('hides a transfer from everyone but its two parties', async () => {
    const id = (await offer()).res.json().id;
    expect((await api(t, stranger.cookie).get(`/api/registry/transfers/${id}`)).statusCode).toBe(404);
    expect((await api(t, null).get(`/api/registry/transfers/${id}`)).statusCode).toBe(401);
    expect((await api(t, stranger.cookie).get('/api/registry/transfers/unknown')).statusCode).toBe(404);
  });
});
