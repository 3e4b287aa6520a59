import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse } from '../../db/builders/academy';
import { createShop } from '../../db/builders/accounts';
import { createInstrument } from '../../db/builders/registry';
import { notifications } from '../../db/schema';
import { MESSAGES_PER_SENDER_PER_HOUR } from '../../market/shop-replies';
import type { ShopPage } from '../../../contract/profiles';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';

let t: TestApp;
let makerId = '';
let makerCookie = '';
let visitorCookie = '';
const send = (slug: string, cookie: string | null, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/profile/l/${slug}/messages`,
    headers: cookie ? { cookie } : {},
    payload: payload as object,
  });

beforeAll(async () => {
  // Real limits: this file checks them.
  t = await createTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
  const maker = await signedInUser(t, {
    email: 'maker-secret@example.test',
    displayName: 'Elena Ruiz',
    role: 'luthier',
    handle: 'elena-shop',
    onboardingComplete: true,
  });
  makerId = maker.user.id;
  makerCookie = maker.cookie;
  const shop = await createShop(t.db, makerId, { name: 'Taller', published: true });
  for (let i = 0; i < 14; i++)
    await createInstrument(t.db, {
      name: `Guitar ${i}`,
      instrumentType: 'guitar',
      category: 'classical',
      yearMade: 2000 + i,
      makerShopId: shop.id,
    });
  await createCourse(t.db, { id: 'shop-course', title: 'Bending sides', instructorUserId: makerId });
  const visitor = await signedInUser(t, {
    email: 'visitor-secret@example.test',
    displayName: 'Vic Visitor',
    handle: 'vic-visitor',
    onboardingComplete: true,
  });
  visitorCookie = visitor.cookie;
});
afterAll(async () => t.close());

describe('GET /api/profile/l/:slug as a storefront', () => {
  it('shows the passports the maker built (newest first, 12 of them), their count, courses and owner link', async () => {
    const res = await t.app.inject('/api/profile/l/elena-shop');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.instrumentCount).toBe(14);
    expect(body.instruments).toHaveLength(12);
    expect(body.instruments[0]).toMatchObject({
      name: 'Guitar 13',
      yearMade: 2013,
      instrumentType: 'guitar',
    });
    expect(body.instruments[0].passportCode).toMatch(/\S/);
    expect(body.courses).toEqual([
      expect.objectContaining({ id: 'shop-course', title: 'Bending sides', slug: expect.any(String) }),
    ]);
    expect(body.owner).toMatchObject({ displayName: 'Elena Ruiz', slug: 'elena-shop' });
    expect(res.body).not.toContain('maker-secret@example.test');
    expect(res.body).not.toContain(makerId);
  });
});

describe("the storefront's portfolio (PUT /api/registry/instruments/:id/portfolio)", () => {
  const put = (id: string, cookie: string | null, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/registry/instruments/${id}/portfolio`,
      headers: cookie ? { cookie } : {},
      payload: payload as object,
    });
  const storefront = async () => (await t.app.inject('/api/profile/l/elena-shop')).json<ShopPage>();

  it('lets only the maker choose the pieces, and the storefront shows exactly those, newest first', async () => {
    const before = await storefront();
    expect(before.portfolio).toEqual([]);
    const [newest, , third] = before.instruments;
    // The owner of a piece the maker sold is not its maker.
    const sold = await createInstrument(t.db, {
      name: 'Sold guitar',
      yearMade: 2020,
      makerShopId: (await t.db.query.shops.findFirst())!.id,
      history: [{ userId: null, ownerName: 'Vic Visitor', startDate: '2021-01-01' }],
    });
    expect((await put(third!.id, null, { portfolio: true })).statusCode).toBe(401);
    expect((await put(third!.id, visitorCookie, { portfolio: true })).statusCode).toBe(403);
    expect((await put(third!.id, makerCookie, { portfolio: 'yes' })).statusCode).toBe(400);
    expect((await put(third!.id, makerCookie, {})).statusCode).toBe(400);
    expect(
      (await put('00000000-0000-4000-8000-000000000000', makerCookie, { portfolio: true })).statusCode,
    ).toBe(404);

    for (const id of [third!.id, newest!.id, sold.id]) {
      const res = await put(id, makerCookie, { portfolio: true });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ portfolio: true });
    }
    const after = await storefront();
    expect(after.portfolio.map((i) => i.name)).toEqual(['Sold guitar', newest!.name, third!.name]);
    const detail = await t.app.inject({
      url: `/api/registry/instruments/${third!.id}`,
      headers: { cookie: makerCookie },
    });
    expect(detail.json().portfolio).toBe(true);

    expect((await put(newest!.id, makerCookie, { portfolio: false })).statusCode).toBe(200);
    expect((await storefront()).portfolio.map((i) => i.name)).toEqual(['Sold guitar', third!.name]);
  });
});

describe('POST /api/profile/l/:slug/messages', () => {
  it('asks a guest to sign in, refuses short, long and missing messages, and unknown shops', async () => {
    expect((await send('elena-shop', null, { message: 'Hello there, maker!' })).statusCode).toBe(401);
    for (const payload of [{ message: 'too short' }, { message: 'x'.repeat(2001) }, {}, { message: 42 }]) {
      const res = await send('elena-shop', visitorCookie, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await send('nobody-here', visitorCookie, { message: 'Hello there, maker!' })).statusCode).toBe(
      404,
    );
    expect((await send('vic-visitor', visitorCookie, { message: 'Hello there, maker!' })).statusCode).toBe(
      404,
    );
    expect((await send('elena-shop', makerCookie, { message: 'Writing to myself.' })).statusCode).toBe(400);
  });

  it("reaches the maker's inbox with the sender's public name, never either email", async () => {
    const res = await send('elena-shop', visitorCookie, {
      message: '  Could you build me a flamenco guitar?  ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, conversationId: expect.any(String) });
    const rows = await t.db.select().from(notifications).where(eq(notifications.userId, makerId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'shop_message',
      title: 'Vic Visitor wrote to Taller',
      body: 'Could you build me a flamenco guitar?',
      // The maker answers in the conversation the message opened.
      link: `/messages/${res.json<{ conversationId: string }>().conversationId}`,
    });
    // Who wrote it stays on the server, so the maker can answer in the app (POST /api/notifications/:id/reply).
    const visitorId = (await t.db.query.users.findFirst({
      where: (u, { eq: is }) => is(u.handle, 'vic-visitor'),
    }))!.id;
    expect(rows[0]).toMatchObject({ counterpartUserId: visitorId, shopId: expect.any(String) });
    expect(JSON.stringify(rows)).not.toContain('visitor-secret@example.test');
    const inbox = await t.app.inject({ url: '/api/notifications', headers: { cookie: makerCookie } });
    expect(inbox.statusCode).toBe(200);
    expect(inbox.body).toContain('Could you build me a flamenco guitar?');
    expect(inbox.body).not.toContain('visitor-secret@example.test');
    expect(inbox.body).not.toContain(visitorId);
    expect(inbox.json().items[0]).toMatchObject({ type: 'shop_message', canReply: true });
  });

  // Every message counts against its writer and the shop it goes to (shop-message-rules.test.ts covers both caps
  // across conversations); here, the answer once the budget is spent.
  it('limits each sender to 30 messages an hour, then answers 429 with Retry-After', async () => {
    // One message was sent above.
    for (let i = 1; i < MESSAGES_PER_SENDER_PER_HOUR; i++)
      expect((await send('elena-shop', visitorCookie, { message: `Question number ${i}` })).statusCode).toBe(
        200,
      );
    const limited = await send('elena-shop', visitorCookie, { message: 'One question too many' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const rows = await t.db.select().from(notifications).where(eq(notifications.userId, makerId));
    expect(rows).toHaveLength(MESSAGES_PER_SENDER_PER_HOUR);
  });
});
