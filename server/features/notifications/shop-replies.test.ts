import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../../contract/notifications';
import { createShop, createUser } from '../../db/builders/accounts';
import { notifications, users } from '../../db/schema';
import { settleNotificationMail } from '../../notify/notifications';
import { api } from '../registry/registry-test-kit';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';

// Answering a message to a shop in the app: only its recipient may, the answer reaches the writer's inbox and
// mail, and no email address of either side is ever shown to the other.

const MAKER_EMAIL = 'maker-secret@example.test';
const VISITOR_EMAIL = 'visitor-secret@example.test';
const OTHER_EMAIL = 'other-secret@example.test';

let t: TestApp;
let maker: Awaited<ReturnType<typeof signedInUser>>;
let visitor: Awaited<ReturnType<typeof signedInUser>>;
let other: Awaited<ReturnType<typeof signedInUser>>;
let shopId = '';

const inbox = async (cookie: string) =>
  (await api(t, cookie).get('/api/notifications')).json<{ items: Notification[]; unread: number }>();
const reply = (cookie: string | null, id: string, payload: unknown) =>
  api(t, cookie).post(`/api/notifications/${id}/reply`, payload as object);
const mailTo = async (email: string) => {
  await settleNotificationMail();
  return t.mail.filter((m) => m.to === email);
};

/** The visitor writes to the maker's shop; returns the id of the maker's inbox entry. */
async function visitorWrites(message: string): Promise<string> {
  const sent = await api(t, visitor.cookie).post('/api/profile/l/elena-shop/messages', { message });
  expect(sent.statusCode).toBe(200);
  const entry = (await inbox(maker.cookie)).items.find((i) => i.body === message);
  if (!entry) throw new Error('the message did not reach the maker');
  return entry.id;
}

beforeAll(async () => {
  // Real limits: this file checks the reply limit.
  t = await createTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
  maker = await signedInUser(t, {
    email: MAKER_EMAIL,
    displayName: 'Elena Ruiz',
    role: 'luthier',
    handle: 'elena-shop',
    onboardingComplete: true,
  });
  shopId = (await createShop(t.db, maker.user.id, { name: 'Taller', published: true })).id;
  visitor = await signedInUser(t, {
    email: VISITOR_EMAIL,
    displayName: 'Vic Visitor',
    handle: 'vic-visitor',
    onboardingComplete: true,
  });
  other = await signedInUser(t, {
    email: OTHER_EMAIL,
    displayName: 'Olga Other',
    handle: 'olga-other',
    onboardingComplete: true,
  });
});
afterAll(async () => t.close());

describe('POST /api/notifications/:id/reply', () => {
  it('lets only the recipient of a shop message answer it; everything else is 401 or 404', async () => {
    const id = await visitorWrites('Do you build flamenco guitars?');
    const entry = (await inbox(maker.cookie)).items.find((i) => i.id === id);
    expect(entry).toMatchObject({ type: 'shop_message', canReply: true });

    const text = { message: 'Yes, I do build them.' };
    expect((await reply(null, id, text)).statusCode).toBe(401);
    // The writer, a stranger: not their entry.
    for (const cookie of [visitor.cookie, other.cookie]) {
      const res = await reply(cookie, id, text);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    expect((await reply(maker.cookie, 'not-a-uuid', text)).statusCode).toBe(404);
    expect((await reply(maker.cookie, '00000000-0000-4000-8000-000000000000', text)).statusCode).toBe(404);

    // Another kind of entry of the maker's own, even one that names a counterpart, cannot be answered.
    const [notice] = await t.db
      .insert(notifications)
      .values({
        userId: maker.user.id,
        kind: 'offer_received',
        title: 'An offer',
        body: 'Someone offered you an instrument.',
        link: null,
        counterpartUserId: visitor.user.id,
      })
      .returning({ id: notifications.id });
    expect((await inbox(maker.cookie)).items.find((i) => i.id === notice!.id)?.canReply).toBe(false);
    expect((await reply(maker.cookie, notice!.id, text)).statusCode).toBe(404);
    expect((await inbox(visitor.cookie)).items).toEqual([]);
  });

  it('checks the text like a shop message: 10 to 2,000 characters, no control characters', async () => {
    const id = await visitorWrites('Is the spruce top included?');
    for (const payload of [
      { message: 'too short' },
      { message: '   short   ' },
      { message: 'x'.repeat(2001) },
      { message: 'A reply with a bell \u0007 inside' },
      { message: 42 },
      {},
    ]) {
      const res = await reply(maker.cookie, id, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await reply(maker.cookie, id, { message: 'x'.repeat(2000) })).statusCode).toBe(200);
  });

  it("reaches the writer's inbox and mail as the shop, and the writer can answer back; no email is shown", async () => {
    await settleNotificationMail();
    t.mail.length = 0;
    const id = await visitorWrites('Could you make a cedar top?');
    const res = await reply(maker.cookie, id, { message: '  Cedar is lovely, I can.  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    // Answering a message is reading it.
    expect((await inbox(maker.cookie)).items.find((i) => i.id === id)?.readAt).not.toBeNull();

    const visitorInbox = await inbox(visitor.cookie);
    const answer = visitorInbox.items.find(
      (i) => i.type === 'shop_reply' && i.body === 'Cedar is lovely, I can.',
    );
    // The message opened a conversation: the answer is in it, and the entry links to it.
    const conversationLink = (await inbox(maker.cookie)).items.find((i) => i.id === id)?.link ?? '';
    expect(conversationLink).toMatch(/^\/messages\/[0-9a-f-]{36}$/);
    expect(answer).toMatchObject({
      title: 'Reply from Taller',
      link: conversationLink,
      readAt: null,
      canReply: true,
    });
    const visitorMail = await mailTo(VISITOR_EMAIL);
    expect(visitorMail).toHaveLength(1);
    expect(visitorMail[0]!.subject).toBe('Reply from Taller');
    expect(visitorMail[0]!.text).toContain('Cedar is lovely, I can.');
    expect(visitorMail[0]!.text).toContain(`${t.env.publicUrl}${conversationLink}`);
    expect(visitorMail[0]!.text).toContain('To answer, open the conversation above');

    // The writer answers the reply; it reaches the maker with the writer's public name and page.
    expect((await reply(visitor.cookie, answer!.id, { message: 'Wonderful, how long?' })).statusCode).toBe(
      200,
    );
    const back = (await inbox(maker.cookie)).items.find((i) => i.body === 'Wonderful, how long?');
    expect(back).toMatchObject({
      type: 'shop_message',
      title: 'Vic Visitor wrote to Taller',
      link: conversationLink,
      canReply: true,
    });
    const makerMail = (await mailTo(MAKER_EMAIL)).filter((m) => m.text.includes('Wonderful, how long?'));
    expect(makerMail).toHaveLength(1);
    expect(makerMail[0]!.subject).toBe('Vic Visitor wrote to Taller');
    // …and the maker answers that in turn.
    expect((await reply(maker.cookie, back!.id, { message: 'About six months.' })).statusCode).toBe(200);
    expect((await inbox(visitor.cookie)).items[0]).toMatchObject({
      title: 'Reply from Taller',
      body: 'About six months.',
    });

    // Neither side's email (nor the other's account id) is in any entry, inbox answer or mail.
    const rows = await t.db.select().from(notifications);
    const stored = JSON.stringify(rows.map(({ title, body, link }) => ({ title, body, link })));
    const seen = [
      stored,
      JSON.stringify(await inbox(visitor.cookie)),
      JSON.stringify(await inbox(maker.cookie)),
      JSON.stringify(t.mail.map((m) => ({ subject: m.subject, text: m.text, html: m.html }))),
    ];
    for (const text of seen) {
      expect(text).not.toContain(MAKER_EMAIL);
      expect(text).not.toContain(VISITOR_EMAIL);
    }
    expect(seen[1]).not.toContain(maker.user.id);
    expect(seen[2]).not.toContain(visitor.user.id);
    expect(seen[1]).not.toContain('counterpart');
  });

  it("respects the writer's mail preferences: the reply stays in the inbox without mail", async () => {
    const id = await visitorWrites('Do you repair old violins?');
    const off = await api(t, visitor.cookie).put('/api/account/notification-preferences', {
      mail: { shop_reply: false },
    });
    expect(off.json().mail.shop_reply).toBe(false);
    const before = (await mailTo(VISITOR_EMAIL)).length;
    expect((await reply(maker.cookie, id, { message: 'Only on Tuesdays.' })).statusCode).toBe(200);
    expect((await inbox(visitor.cookie)).items[0]).toMatchObject({ body: 'Only on Tuesdays.' });
    expect((await mailTo(VISITOR_EMAIL)).length).toBe(before);
    await api(t, visitor.cookie).put('/api/account/notification-preferences', { mail: { shop_reply: true } });
  });

  it('cannot answer a message whose writer has deleted their account', async () => {
    const gone = await createUser(t.db, { displayName: 'Gone Soon', handle: 'gone-soon' });
    const [row] = await t.db
      .insert(notifications)
      .values({
        userId: maker.user.id,
        kind: 'shop_message',
        title: 'Gone Soon wrote to Taller',
        body: 'A message from someone who leaves.',
        link: '/u/gone-soon',
        counterpartUserId: gone.id,
        shopId,
      })
      .returning({ id: notifications.id });
    expect((await inbox(maker.cookie)).items.find((i) => i.id === row!.id)?.canReply).toBe(true);
    await t.db.delete(users).where(eq(users.id, gone.id));
    expect((await inbox(maker.cookie)).items.find((i) => i.id === row!.id)?.canReply).toBe(false);
    expect((await reply(maker.cookie, row!.id, { message: 'Hello, are you there?' })).statusCode).toBe(404);
  });

  it('limits each person to 30 replies an hour, then answers 429 with Retry-After', async () => {
    const id = await visitorWrites('A question for the limit.');
    // The other person writes too: the limit is the replier's, whoever they answer.
    const sent = await api(t, other.cookie).post('/api/profile/l/elena-shop/messages', {
      message: 'Another question, from Olga.',
    });
    expect(sent.statusCode).toBe(200);
    const fromOther = (await inbox(maker.cookie)).items.find(
      (i) => i.body === 'Another question, from Olga.',
    );
    // The maker replied 5 times in the tests above.
    const before = (
      await t.db.select().from(notifications).where(eq(notifications.kind, 'shop_reply'))
    ).filter((r) => r.counterpartUserId === maker.user.id).length;
    for (let i = before; i < 30; i++) {
      const res = await reply(maker.cookie, i % 2 ? id : fromOther!.id, { message: `Answer number ${i}` });
      expect(res.statusCode, `reply ${i}`).toBe(200);
    }
    const limited = await reply(maker.cookie, id, { message: 'One answer too many' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The writer can still answer: the limit is per replier.
    const last = (await inbox(visitor.cookie)).items.find((i) => i.type === 'shop_reply');
    expect((await reply(visitor.cookie, last!.id, { message: 'Thanks for all of it!' })).statusCode).toBe(
      200,
    );
  });
});
