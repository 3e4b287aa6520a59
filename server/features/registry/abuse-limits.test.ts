import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShop, type UserSeed } from '../../db/builders/accounts';
import { instruments, serviceRecords, transfers } from '../../db/schema';
import { settleNotificationMail } from '../../notify/notifications';
import { createTestApp, freshIp, postFrom, signedInUser, type TestApp } from '../../test/test-app';
import { api, instrumentOf } from './registry-test-kit';
import { createOwnership } from './registry-trust-kit';

/*
 * The abuse limits at their production figures (RATE_LIMIT_SCALE 1): the last request within a limit succeeds,
 * the next answers 429 RATE_LIMITED with a plain sentence and a Retry-After that matches the window, and another
 * person's budget is untouched. Every count starts at the first hit, so no test here waits for a window to pass.
 */

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
});
afterAll(async () => {
  await settleNotificationMail();
  await t.close();
});

type Person = Awaited<ReturnType<typeof person>>;
type Luthier = Awaited<ReturnType<typeof luthier>>;

// Sign-in is itself limited per address (10 per 15 minutes), so each person signs in from an address of their own.
const person = (seed: Partial<UserSeed> = {}) => signedInUser(t, seed, { fromOwnAddress: true });

let luthiers = 0;
async function luthier() {
  luthiers += 1;
  const signed = await person({
    role: 'luthier',
    handle: `flood-maker-${Date.now().toString(36)}-${luthiers}`,
    displayName: `Flood Maker ${luthiers}`,
    onboardingComplete: true,
  });
  const shop = await createShop(t.db, signed.user.id, { name: `Flood Bench ${luthiers}`, location: 'Lyon' });
  return { ...signed, shop };
}

/** 429 in the app's error shape, with the sentence and a Retry-After within the window (and close to its end). */
function expectLimited(res: LightMyRequestResponse, sentence: RegExp, windowMs: number) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ error: expect.stringMatching(sentence), code: 'RATE_LIMITED' });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
  // The window opened during this test, a few seconds ago at most.
  expect(retryAfter).toBeGreaterThan(windowMs / 1000 - 120);
}

const GENERIC = /^Too many attempts\. Please wait a moment and try again\.$/;

const offer = async (from: Luthier, recipient: string) => {
  const inst = await instrumentOf(t, from.shop.id, { name: 'Offered Guitar' });
  return api(t, from.cookie).post(`/api/registry/instruments/${inst.id}/transfers`, {
    recipient,
    method: 'gift',
  });
};
const register = (maker: Luthier, extra: object = {}) =>
  api(t, maker.cookie).post('/api/registry/instruments', {
    name: 'Flood Guitar',
    instrumentType: 'guitar',
    category: 'acoustic',
    yearMade: 2022,
    ...extra,
  });
const recordService = (who: Person, instrumentId: string) =>
  api(t, who.cookie).post(`/api/registry/instruments/${instrumentId}/service-records`, {
    serviceType: 'setup',
    description: 'New strings and a truss rod adjustment.',
    serviceDate: '2024-06-01',
  });
const offersFrom = async (userId: string) =>
  (await t.db.select().from(transfers).where(eq(transfers.fromUserId, userId))).length;
const madeBy = async (shopId: string) =>
  (await t.db.select().from(instruments).where(eq(instruments.makerShopId, shopId))).length;

describe('transfer offers', () => {
  it('20 an hour per sender, whoever they go to; another sender is unaffected', async () => {
    const sender = await luthier();
    // Four recipients, five each: none comes near their own 10 a day.
    for (let i = 0; i < 20; i++)
      expect((await offer(sender, `buyer-${i % 4}@example.test`)).statusCode).toBe(201);
    expectLimited(
      await offer(sender, 'fresh-buyer@example.test'),
      /^You have made many transfer offers in the last hour\. Please wait before making another\.$/,
      HOUR_MS,
    );
    expect(await offersFrom(sender.user.id)).toBe(20);
    // The refused offer did not count against its recipient either.
    const other = await luthier();
    expect((await offer(other, 'fresh-buyer@example.test')).statusCode).toBe(201);
  });

  it('10 a day per recipient, by handle or address in any case, from transfers and first owners alike', async () => {
    await person({ email: 'heir@example.test', handle: 'flood-heir' });
    const [a, b] = [await luthier(), await luthier()];
    for (let i = 0; i < 4; i++) expect((await offer(a, '@flood-heir')).statusCode).toBe(201);
    for (let i = 0; i < 3; i++) expect((await offer(b, 'HEIR@example.test')).statusCode).toBe(201);
    // Naming a first owner at registration is an offer too.
    for (let i = 0; i < 3; i++)
      expect((await register(b, { firstOwner: 'Heir@Example.test' })).statusCode).toBe(201);
    const sentence = /^This person has received many offers today\. Please try again tomorrow\.$/;
    expectLimited(await offer(a, 'heir@example.test'), sentence, DAY_MS);
    const before = await madeBy(b.shop.id);
    expectLimited(await register(b, { firstOwner: '@flood-heir' }), sentence, DAY_MS);
    // Refused as a whole: no passport without its offer.
    expect(await madeBy(b.shop.id)).toBe(before);
    // Someone else can still be offered an instrument by the same senders.
    expect((await offer(a, 'someone-else@example.test')).statusCode).toBe(201);
    expect((await register(b, { firstOwner: 'someone-else@example.test' })).statusCode).toBe(201);
  });
});

describe('instrument registrations', () => {
  it('50 a day per luthier; another luthier is unaffected', async () => {
    const maker = await luthier();
    for (let i = 0; i < 50; i++) expect((await register(maker)).statusCode).toBe(201);
    expectLimited(
      await register(maker),
      /^You have registered many instruments today\. Please continue tomorrow\.$/,
      DAY_MS,
    );
    expect(await madeBy(maker.shop.id)).toBe(50);
    expect((await register(await luthier())).statusCode).toBe(201);
  });
});

describe('service records', () => {
  it('30 an hour per recording person; another person, even on the same instrument, is unaffected', async () => {
    const maker = await luthier();
    const owner = await person({ displayName: 'Busy Owner' });
    const inst = await createOwnership(t, maker, owner.user);
    for (let i = 0; i < 30; i++) {
      const res = await recordService(owner, inst.id);
      expect(res.statusCode).toBe(201);
      expect(res.json().status).toBe('approved');
    }
    expectLimited(
      await recordService(owner, inst.id),
      /^You have added many service records in the last hour\. Please wait before adding another\.$/,
      HOUR_MS,
    );
    expect((await recordService(maker, inst.id)).statusCode).toBe(201);
  });

  it('20 a day waiting for one owner, across luthiers and instruments; other owners are unaffected', async () => {
    const maker = await luthier();
    const owner = await person({ displayName: 'Popular Owner' });
    const first = await createOwnership(t, maker, owner.user);
    const second = await createOwnership(t, maker, owner.user);
    const [a, b] = [await luthier(), await luthier()];
    const pending = async (who: Person, instrumentId: string) => {
      const res = await recordService(who, instrumentId);
      expect(res.statusCode).toBe(201);
      expect(res.json().status).toBe('pending');
    };
    for (let i = 0; i < 12; i++) await pending(a, first.id);
    for (let i = 0; i < 8; i++) await pending(b, second.id);
    expectLimited(
      await recordService(b, first.id),
      /^This owner has many service records waiting today\. Please try again tomorrow\.$/,
      DAY_MS,
    );
    const waiting = await t.db.select().from(serviceRecords).where(eq(serviceRecords.status, 'pending'));
    expect(waiting.filter((r) => r.instrumentId === first.id || r.instrumentId === second.id)).toHaveLength(
      20,
    );
    // B's own budget (9 of 30 used) still reaches another owner.
    const otherOwner = await person({ displayName: 'Quiet Owner' });
    await pending(b, (await createOwnership(t, maker, otherOwner.user)).id);
    // Records that wait for nobody do not count: the owner and the maker still record their own.
    expect((await recordService(owner, first.id)).json().status).toBe('approved');
    expect((await recordService(maker, first.id)).json().status).toBe('approved');
  });
});

describe('stolen reports', () => {
  it('10 an hour per owner, reports and recoveries together; another owner is unaffected', async () => {
    const maker = await luthier();
    const owner = await person({ displayName: 'Unlucky Owner' });
    const inst = await createOwnership(t, maker, owner.user);
    const report = (who: Person, id: string) =>
      api(t, who.cookie).post(`/api/registry/instruments/${id}/report-stolen`, {
        date: '2024-06-01',
        place: 'Gare de Lyon, Paris',
      });
    const recover = (who: Person, id: string) =>
      api(t, who.cookie).post(`/api/registry/instruments/${id}/recovered`);
    for (let i = 0; i < 5; i++) {
      expect((await report(owner, inst.id)).statusCode).toBe(200);
      expect((await recover(owner, inst.id)).statusCode).toBe(200);
    }
    expectLimited(
      await report(owner, inst.id),
      /^You have changed stolen reports many times in the last hour\. Please wait a moment\.$/,
      HOUR_MS,
    );
    const [row] = await t.db.select().from(instruments).where(eq(instruments.id, inst.id));
    expect(row?.status).toBe('active');
    const otherOwner = await person({ displayName: 'Other Owner' });
    expect((await report(otherOwner, (await createOwnership(t, maker, otherOwner.user)).id)).statusCode).toBe(
      200,
    );
  });
});

describe('email verification and address changes', () => {
  const post = (url: string, payload: object, opts: { cookie?: string; ip?: string } = {}) =>
    postFrom(t, url, payload, opts);
  const mailTo = (to: string) => t.mail.filter((m) => m.to === to).length;

  it('resending the verification link: 3 an hour per person; another person is unaffected', async () => {
    const me = await person({ email: 'resender@example.test', emailVerified: false });
    const before = mailTo('resender@example.test');
    for (let i = 0; i < 3; i++)
      expect((await post('/api/auth/verify-email/resend', {}, { cookie: me.cookie })).json()).toEqual({
        ok: true,
        alreadyVerified: false,
      });
    // Each request came from a new address: the count is the person's.
    expectLimited(await post('/api/auth/verify-email/resend', {}, { cookie: me.cookie }), GENERIC, HOUR_MS);
    expect(mailTo('resender@example.test')).toBe(before + 3);
    const other = await person({ emailVerified: false });
    expect((await post('/api/auth/verify-email/resend', {}, { cookie: other.cookie })).statusCode).toBe(200);
  });

  it('following verification links: 30 per 15 minutes per address; another address is unaffected', async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i++) {
      const res = await post('/api/auth/verify-email', { token: `made-up-token-${i}` }, { ip });
      expect(res.statusCode).toBe(400);
    }
    expectLimited(
      await post('/api/auth/verify-email', { token: 'made-up-token' }, { ip }),
      GENERIC,
      15 * MINUTE_MS,
    );
    expect((await post('/api/auth/verify-email', { token: 'made-up-token' })).statusCode).toBe(400);
  });

  it('asking to change the address: 5 an hour per person; another person is unaffected', async () => {
    const password = 'mover passphrase';
    const me = await person({ password });
    for (let i = 0; i < 5; i++)
      expect(
        (
          await post(
            '/api/account/email',
            { email: `moving-${i}@example.test`, password },
            { cookie: me.cookie },
          )
        ).statusCode,
      ).toBe(200);
    expectLimited(
      await post('/api/account/email', { email: 'moving-5@example.test', password }, { cookie: me.cookie }),
      GENERIC,
      HOUR_MS,
    );
    expect(mailTo('moving-5@example.test')).toBe(0);
    const other = await person({ password });
    expect(
      (
        await post(
          '/api/account/email',
          { email: 'moving-5@example.test', password },
          { cookie: other.cookie },
        )
      ).statusCode,
    ).toBe(200);
  });

  it('email-change links: 5 a day to one address, whoever asks', async () => {
    const password = 'correct horse battery';
    const target = 'popular-target@example.test';
    for (let i = 0; i < 5; i++) {
      const asker = await person({ password });
      expect(
        (await post('/api/account/email', { email: target, password }, { cookie: asker.cookie })).statusCode,
      ).toBe(200);
    }
    const sixth = await person({ password });
    expectLimited(
      await post('/api/account/email', { email: target, password }, { cookie: sixth.cookie }),
      GENERIC,
      24 * HOUR_MS,
    );
    expect(mailTo(target)).toBe(5);
    // The sixth person may still move to another address.
    expect(
      (
        await post(
          '/api/account/email',
          { email: 'elsewhere@example.test', password },
          { cookie: sixth.cookie },
        )
      ).statusCode,
    ).toBe(200);
  });
});
