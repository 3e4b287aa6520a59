import crypto from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conversationMessages,
  conversations,
  instrumentListings,
  notifications,
  users,
} from '../../db/schema';
import { redisStore } from '../../plugins/rate-limit';
import { MESSAGES_PER_SENDER_PER_HOUR, MESSAGES_PER_SHOP_PER_HOUR } from '../../market/shop-replies';
import { createShop } from '../../db/builders/accounts';
import { api, instrumentOf } from '../registry/registry-test-kit';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';

// Writing to a shop: what a shop's owner privately holds never shows in the answer,
// every message counts against its writer and the shop it goes to, and only a confirmed address writes to a
// shop. Real limits; with TEST_REDIS_URL (or REDIS_URL) the counters live in Redis, as with several instances.
const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { RATE_LIMIT_SCALE: '1' },
    ...(redisUrl
      ? { rateLimitStore: redisStore(redisUrl, () => undefined, `rl:test:${crypto.randomUUID()}:`) }
      : {}),
  });
});
afterAll(async () => t.close());

// Each person signs in from an address of their own: this file runs with the real sign-in limits.
let n = 0;
const member = (seed: { emailVerified?: boolean } = {}) =>
  signedInUser(
    t,
    { displayName: `Member ${++n}`, handle: `member-${n}`, onboardingComplete: true, ...seed },
    { fromOwnAddress: true },
  );
async function luthierWithShop(_t: TestApp, name: string) {
  const signed = await signedInUser(
    t,
    { role: 'luthier', displayName: `Maker ${++n}`, handle: `maker-${n}`, onboardingComplete: true },
    { fromOwnAddress: true },
  );
  return { ...signed, shop: await createShop(t.db, signed.user.id, { name, published: true }) };
}
const toShop = (slug: string, cookie: string, body: object) =>
  api(t, cookie).post(`/api/profile/l/${slug}/messages`, body);
const inConversation = (id: string, cookie: string, message: string) =>
  api(t, cookie).post(`/api/conversations/${id}/messages`, { message });

/** What a refusal leaves behind: the rows a message would have written. */
async function traces() {
  const [c] = await t.db.select({ n: count() }).from(conversations);
  const [m] = await t.db.select({ n: count() }).from(conversationMessages);
  const [i] = await t.db.select({ n: count() }).from(notifications);
  return { conversations: c?.n, messages: m?.n, notifications: i?.n };
}

describe('an instrument named in a message to a shop', () => {
  it('is refused alike whether the shop owner privately holds it or not, after the message is counted', async () => {
    const shop = await luthierWithShop(t, 'Quiet Collector');
    const elsewhere = await luthierWithShop(t, 'Elsewhere Bench');
    // Made elsewhere and now held by the shop's owner, unlisted: a private holding.
    const held = await instrumentOf(t, elsewhere.shop.id, {
      name: 'Privately Held Cello',
      history: [
        { userId: elsewhere.user.id, ownerName: 'Maker', startDate: '2020-01-01', endDate: '2021-01-01' },
        { userId: shop.user.id, ownerName: 'Collector', startDate: '2021-01-01' },
      ],
    });
    const notHeld = await instrumentOf(t, elsewhere.shop.id, { name: 'Someone Else Viola' });
    const prober = await member();
    const before = await traces();

    const answers = [];
    for (const instrumentId of [held.id, notHeld.id, crypto.randomUUID()]) {
      const res = await toShop(shop.shop.slug, prober.cookie, {
        message: 'Is this one yours?',
        instrumentId,
      });
      answers.push({ status: res.statusCode, body: res.json() });
    }
    expect(answers[0]).toEqual({
      status: 400,
      body: {
        error: 'That instrument is not one this shop made or lists.',
        code: 'VALIDATION_FAILED',
        fields: { instrumentId: 'Choose an instrument this shop made or lists.' },
      },
    });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(await traces()).toEqual(before);

    // Probing is counted like writing: the sender's budget runs out, and then everything answers 429 alike.
    for (let i = 3; i < MESSAGES_PER_SENDER_PER_HOUR; i++)
      expect(
        (await toShop(shop.shop.slug, prober.cookie, { message: 'Probe again', instrumentId: held.id }))
          .statusCode,
      ).toBe(400);
    for (const instrumentId of [held.id, notHeld.id]) {
      const res = await toShop(shop.shop.slug, prober.cookie, {
        message: 'One probe too many',
        instrumentId,
      });
      expect(res.statusCode).toBe(429);
      expect(res.json().code).toBe('RATE_LIMITED');
    }
    expect(await traces()).toEqual(before);
  });

  it('is attached when the tie is public: one the shop made, or one its owner lists', async () => {
    const shop = await luthierWithShop(t, 'Open Bench');
    const elsewhere = await luthierWithShop(t, 'Far Bench');
    const made = await instrumentOf(t, shop.shop.id, { name: 'Own Make Guitar' });
    const listed = await instrumentOf(t, elsewhere.shop.id, {
      name: 'Listed Mandolin',
      history: [
        { userId: elsewhere.user.id, ownerName: 'Maker', startDate: '2020-01-01', endDate: '2021-01-01' },
        { userId: shop.user.id, ownerName: 'Seller', startDate: '2021-01-01' },
      ],
    });
    await t.db
      .insert(instrumentListings)
      .values({ instrumentId: listed.id, ownerId: shop.user.id, status: 'for-sale' });
    const asker = await member();
    for (const inst of [made, listed]) {
      const res = await toShop(shop.shop.slug, asker.cookie, {
        message: 'Still available?',
        instrumentId: inst.id,
      });
      expect(res.statusCode).toBe(200);
      const [row] = await t.db
        .select({ instrumentId: conversations.instrumentId })
        .from(conversations)
        .where(eq(conversations.id, res.json().conversationId));
      expect(row?.instrumentId).toBe(inst.id);
    }
  });
});

describe('who may write to a shop, and how much', () => {
  it('needs a confirmed email address for a first message, one in a conversation and a reply from the inbox', async () => {
    const shop = await luthierWithShop(t, 'Careful Bench');
    const writer = await member();
    const opened = await toShop(shop.shop.slug, writer.cookie, { message: 'A first question.' });
    expect(opened.statusCode).toBe(200);
    const id = opened.json().conversationId as string;
    const answer = await inConversation(id, shop.cookie, 'An answer from the shop.');
    expect(answer.statusCode).toBe(201);
    const [reply] = await t.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.userId, writer.user.id));

    // The same account, its address not (or no longer) confirmed.
    await t.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, writer.user.id));
    const before = await traces();
    for (const res of [
      await toShop(shop.shop.slug, writer.cookie, { message: 'Another question.' }),
      await inConversation(id, writer.cookie, 'A follow-up question.'),
      await api(t, writer.cookie).post(`/api/notifications/${reply!.id}/reply`, {
        message: 'Answering you.',
      }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error:
          'Please confirm your email address before writing to a shop: use the link we sent you, or ask for a new one.',
        code: 'EMAIL_UNVERIFIED',
      });
    }
    expect(await traces()).toEqual(before);
    // A brand-new account that never confirmed is refused the same way.
    const fresh = await member({ emailVerified: false });
    expect((await toShop(shop.shop.slug, fresh.cookie, { message: 'Hello from nobody.' })).json().code).toBe(
      'EMAIL_UNVERIFIED',
    );
  });

  it('counts every message to a shop against its cap, in a conversation or not, from everyone', async () => {
    const shop = await luthierWithShop(t, 'Busy Bench');
    const crowd = [await member(), await member(), await member()];
    const ids: string[] = [];
    for (const m of crowd)
      ids.push(
        (await toShop(shop.shop.slug, m.cookie, { message: 'Opening a thread.' })).json().conversationId,
      );
    let sent = crowd.length;
    for (let i = 0; sent < MESSAGES_PER_SHOP_PER_HOUR; i++, sent++) {
      const res = await inConversation(ids[i % 3]!, crowd[i % 3]!.cookie, `Follow-up number ${i}`);
      expect(res.statusCode, `message ${sent + 1}`).toBe(201);
    }
    // The shop has had its 30: a follow-up, a first message and an inbox reply are all refused.
    const newcomer = await member();
    expect((await inConversation(ids[0]!, crowd[0]!.cookie, 'Yet another follow-up')).statusCode).toBe(429);
    expect((await toShop(shop.shop.slug, newcomer.cookie, { message: 'First time here.' })).statusCode).toBe(
      429,
    );
    const [count30] = await t.db
      .select({ n: count() })
      .from(notifications)
      .where(eq(notifications.userId, shop.user.id));
    expect(count30?.n).toBe(MESSAGES_PER_SHOP_PER_HOUR);
    // The shop's owner still answers: their messages count against them as a writer, not against the shop.
    expect((await inConversation(ids[0]!, shop.cookie, 'Thank you all, one at a time.')).statusCode).toBe(
      201,
    );
  });

  it('counts every message a person writes against one cap, across shops and conversations', async () => {
    const shops = [await luthierWithShop(t, 'First Bench'), await luthierWithShop(t, 'Second Bench')];
    const writer = await member();
    const id = (await toShop(shops[0]!.shop.slug, writer.cookie, { message: 'Opening a thread.' })).json()
      .conversationId as string;
    for (let i = 1; i < MESSAGES_PER_SENDER_PER_HOUR; i++) {
      const res =
        i % 2
          ? await inConversation(id, writer.cookie, `Follow-up number ${i}`)
          : await toShop(shops[1]!.shop.slug, writer.cookie, { message: `Question number ${i}` });
      expect(res.statusCode, `message ${i + 1}`).toBeLessThan(300);
    }
    expect((await inConversation(id, writer.cookie, 'One too many here')).statusCode).toBe(429);
    expect(
      (await toShop(shops[1]!.shop.slug, writer.cookie, { message: 'One too many there' })).statusCode,
    ).toBe(429);
  });
});
