import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, ConversationList } from '../../../contract/conversations';
import { settleNotificationMail } from '../../notify/notifications';
import { api, instrumentOf, luthierWithShop } from '../registry/registry-test-kit';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';

// Conversations: a message to a shop opens one (or continues it), both sides see it in full, only they can read
// it, unread counts follow who has read what, and mail tells the other side with a link and no address.

const MEMBER_EMAIL = 'member-secret@example.test';

let t: TestApp;
let maker: Awaited<ReturnType<typeof luthierWithShop>>;
let member: Awaited<ReturnType<typeof signedInUser>>;
let stranger: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await createTestApp();
  maker = await luthierWithShop(t, 'Conversation Bench');
  member = await signedInUser(t, {
    email: MEMBER_EMAIL,
    displayName: 'Mona Member',
    handle: 'mona-member',
    onboardingComplete: true,
  });
  stranger = await signedInUser(t, { displayName: 'Sid Stranger', onboardingComplete: true });
});
afterAll(async () => t.close());

const conversations = async (cookie: string) =>
  (await api(t, cookie).get('/api/conversations')).json<ConversationList>();
const writeToShop = (body: object, cookie = member.cookie) =>
  api(t, cookie).post(`/api/profile/l/${maker.shop.slug}/messages`, body);

describe('conversations', () => {
  it('opens one conversation per member, shop and instrument, and continues it on the next message', async () => {
    const inst = await instrumentOf(t, maker.shop.id, { name: 'Asked-about Viola' });
    const first = await writeToShop({ message: 'Is the viola still available?', instrumentId: inst.id });
    expect(first.statusCode).toBe(200);
    const id = first.json().conversationId as string;
    const again = await writeToShop({ message: 'And does it come with a bow?', instrumentId: inst.id });
    expect(again.json().conversationId).toBe(id);
    const general = await writeToShop({ message: 'Do you take commissions in general?' });
    expect(general.json().conversationId).not.toBe(id);

    const shopSide = await conversations(maker.cookie);
    const about = shopSide.items.find((c) => c.id === id);
    expect(about).toMatchObject({
      asShop: true,
      with: { name: 'Mona Member', path: '/u/mona-member' },
      instrument: { name: 'Asked-about Viola' },
      lastMessage: { body: 'And does it come with a bow?', fromMe: false },
      unread: 2,
    });
    expect(shopSide.unread).toBe(3);
    // The writer has read their own messages.
    expect((await conversations(member.cookie)).unread).toBe(0);

    // An instrument that is not the shop's cannot be the subject.
    const elsewhere = await luthierWithShop(t, 'Other Bench');
    const foreign = await instrumentOf(t, elsewhere.shop.id);
    const refused = await writeToShop({
      message: 'About an instrument of another shop',
      instrumentId: foreign.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toHaveProperty('instrumentId');
  });

  it('lets only its two participants read and write (404 to anyone else) and counts unread both ways', async () => {
    // A member who never wrote before: this is the whole conversation.
    const asker = await signedInUser(t, {
      displayName: 'Ada Asker',
      handle: 'ada-asker',
      onboardingComplete: true,
    });
    const id = (await writeToShop({ message: 'A question about varnish, please.' }, asker.cookie)).json()
      .conversationId;
    for (const cookie of [stranger.cookie]) {
      for (const res of [
        await api(t, cookie).get(`/api/conversations/${id}`),
        await api(t, cookie).post(`/api/conversations/${id}/messages`, { message: 'Let me in, please.' }),
        await api(t, cookie).post(`/api/conversations/${id}/read`),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('NOT_FOUND');
      }
    }
    expect((await api(t, null).get(`/api/conversations/${id}`)).statusCode).toBe(401);
    expect((await api(t, stranger.cookie).get('/api/conversations/not-an-id')).statusCode).toBe(404);

    const before = (await conversations(maker.cookie)).items.find((c) => c.id === id)!.unread;
    expect(before).toBe(1);
    expect((await api(t, maker.cookie).post(`/api/conversations/${id}/read`)).statusCode).toBe(200);
    expect((await conversations(maker.cookie)).items.find((c) => c.id === id)!.unread).toBe(0);

    const answer = await api(t, maker.cookie).post(`/api/conversations/${id}/messages`, {
      message: '  Oil varnish, six coats.  ',
    });
    expect(answer.statusCode).toBe(201);
    const full = answer.json<Conversation>();
    expect(full.messages.map((m) => [m.body, m.fromMe])).toEqual([
      ['A question about varnish, please.', false],
      ['Oil varnish, six coats.', true],
    ]);
    const memberView = (await api(t, asker.cookie).get(`/api/conversations/${id}`)).json<Conversation>();
    expect(memberView).toMatchObject({
      asShop: false,
      with: { name: 'Conversation Bench', path: `/l/${maker.shop.slug}` },
    });
    expect(memberView.messages.map((m) => m.fromMe)).toEqual([true, false]);
    expect((await conversations(asker.cookie)).items.find((c) => c.id === id)!.unread).toBe(1);
  });

  it('checks messages like shop messages: 10 to 2,000 characters, no control characters', async () => {
    const id = (await writeToShop({ message: 'Another question for the shop.' })).json().conversationId;
    for (const message of ['too short', 'x'.repeat(2001), 'A bell \u0007 in the text', 42]) {
      const res = await api(t, member.cookie).post(`/api/conversations/${id}/messages`, { message });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await writeToShop({ message: 'Zero\u200bwidth here' })).statusCode).toBe(400);
  });

  it('mails the other side that there is a new message, with a link to the conversation and no address', async () => {
    await settleNotificationMail();
    t.mail.length = 0;
    const id = (await writeToShop({ message: 'Would you restring my lute?' })).json().conversationId;
    await api(t, maker.cookie).post(`/api/conversations/${id}/messages`, {
      message: 'Gladly, bring it on Monday.',
    });
    await settleNotificationMail();
    const toMaker = t.mail.find((m) => m.text.includes('Would you restring my lute?'));
    const toMember = t.mail.find((m) => m.to === MEMBER_EMAIL);
    expect(toMaker?.subject).toBe('Mona Member wrote to Conversation Bench');
    expect(toMember?.subject).toBe('Reply from Conversation Bench');
    for (const mail of [toMaker!, toMember!]) {
      expect(mail.text).toContain(`${t.env.publicUrl}/messages/${id}`);
      expect(mail.text).not.toContain(MEMBER_EMAIL);
      expect(mail.text).not.toContain(maker.user.email);
    }
    // Opening the conversation reads its inbox entries too.
    await api(t, member.cookie).post(`/api/conversations/${id}/read`);
    const inbox = (await api(t, member.cookie).get('/api/notifications')).json<{
      items: { link: string | null; readAt: string | null }[];
    }>();
    // The maker's reply left the member one entry for this conversation; it is read now.
    expect(inbox.items.filter((i) => i.link === `/messages/${id}`).map((i) => i.readAt !== null)).toEqual([
      true,
    ]);
  });
});

describe('POST /api/account/shop', () => {
  it("turns an enthusiast's account into a luthier's with an unpublished shop, who can then register", async () => {
    const learner = await signedInUser(t, {
      displayName: 'Lee Learner',
      handle: 'lee-learner',
      onboardingComplete: true,
    });
    const register = () =>
      api(t, learner.cookie).post('/api/registry/instruments', {
        name: 'My First Guitar',
        instrumentType: 'guitar',
        category: 'classical',
        yearMade: 2026,
      });
    expect((await register()).statusCode).toBe(403);
    expect((await api(t, learner.cookie).post('/api/account/shop', { name: '' })).statusCode).toBe(400);
    const opened = await api(t, learner.cookie).post('/api/account/shop', { name: 'Lee’s Bench' });
    expect(opened.statusCode).toBe(201);
    expect(opened.json()).toMatchObject({
      role: 'luthier',
      shop: { name: 'Lee’s Bench', slug: 'lee-learner', published: false },
    });
    // Unpublished: not a public page yet.
    expect((await api(t, null).get('/api/profile/l/lee-learner')).statusCode).toBe(404);
    expect((await register()).statusCode).toBe(201);
    const twice = await api(t, learner.cookie).post('/api/account/shop', { name: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('SHOP_EXISTS');
    expect((await api(t, maker.cookie).post('/api/account/shop', { name: 'Again' })).statusCode).toBe(409);
    expect((await api(t, null).post('/api/account/shop', { name: 'Guest' })).statusCode).toBe(401);
  });
});
