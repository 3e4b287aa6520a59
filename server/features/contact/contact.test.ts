import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../db/builders/accounts';
import { contactMessages, notifications } from '../../db/schema';
import { settleNotificationMail } from '../../notify/notifications';
import { createTestApp, postFrom, sessionCookie, signedInUser, type TestApp } from '../../test/test-app';
import { CONTACT_PER_ADDRESS_PER_HOUR, CONTACT_PER_IP_PER_HOUR } from './contact.routes';

let t: TestApp;
let adminCookie: string;
let adminId: string;

const PASSWORD = 'correct horse battery';
const signIn = async (app: TestApp, email: string) =>
  sessionCookie(await postFrom(app, '/api/auth/login', { email, password: PASSWORD }));

beforeAll(async () => {
  t = await createTestApp({
    env: { OPERATOR_NAME: 'Tonewood Guild e.V.', OPERATOR_EMAIL: 'registry@guild.example' },
  });
  const admin = await createUser(t.db, { role: 'admin', displayName: 'Ada Admin' });
  adminId = admin.id;
  adminCookie = await signIn(t, admin.email);
});
afterAll(async () => t.close());

const message = {
  name: 'Sam Buyer',
  email: 'Sam.Buyer@Example.test',
  message: 'The passport LR-7KQ2-M9XD shows the wrong year: it was made in 2019.',
};

describe('contact', () => {
  it('names the operator from OPERATOR_NAME and OPERATOR_EMAIL', async () => {
    const res = await t.app.inject('/api/public/contact');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'Tonewood Guild e.V.', email: 'registry@guild.example' });
  });

  it('names the default operator and no address when none is configured', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject('/api/public/contact')).json()).toEqual({
        name: 'The Luthier Registry team',
        email: null,
      });
    } finally {
      await plain.close();
    }
  });

  it("a guest's message is stored, reaches every admin's inbox and the operator's mailbox, and shows in /admin", async () => {
    const before = t.mail.length;
    const res = await postFrom(t, '/api/public/contact', message);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    const rows = await t.db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Sam Buyer', email: 'sam.buyer@example.test', userId: null });

    const inbox = await t.db.select().from(notifications).where(eq(notifications.userId, adminId));
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({
      kind: 'contact_message',
      title: 'A message through the contact page from Sam Buyer',
      link: '/admin',
    });
    // The inbox entry (and so its mail) never carries the sender's address.
    expect(JSON.stringify(inbox[0])).not.toContain('sam.buyer');

    await settleNotificationMail();
    const toOperator = t.mail.slice(before).filter((m) => m.to === 'registry@guild.example');
    expect(toOperator).toHaveLength(1);
    expect(toOperator[0]).toMatchObject({
      replyTo: 'sam.buyer@example.test',
      subject: 'Contact page: a message from Sam Buyer',
    });
    expect(toOperator[0]?.text).toContain('shows the wrong year');
    const toOthers = t.mail.slice(before).filter((m) => m.to !== 'registry@guild.example');
    // The admin's notification mail: the one other mail, and it names no sender address either.
    expect(toOthers).toHaveLength(1);
    for (const mail of toOthers) expect(mail.text).not.toContain('sam.buyer');

    const list = await t.app.inject({ url: '/api/admin/contact-messages', headers: { cookie: adminCookie } });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      {
        id: rows[0]!.id,
        name: 'Sam Buyer',
        email: 'sam.buyer@example.test',
        message: message.message,
        memberHandle: null,
        createdAt: rows[0]!.createdAt.toISOString(),
        handledAt: null,
        handledBy: null,
      },
    ]);
  });

  it("a member's message names their handle for the admins; nobody else reads the messages", async () => {
    const { cookie } = await signedInUser(t, { handle: 'sam-member' });
    const res = await postFrom(
      t,
      '/api/public/contact',
      { ...message, email: 'member@example.test' },
      { cookie },
    );
    expect(res.statusCode).toBe(200);
    const list = await t.app.inject({ url: '/api/admin/contact-messages', headers: { cookie: adminCookie } });
    expect(list.json()[0]).toMatchObject({ email: 'member@example.test', memberHandle: 'sam-member' });
    expect((await t.app.inject({ url: '/api/admin/contact-messages', headers: { cookie } })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject('/api/admin/contact-messages')).statusCode).toBe(401);
  });

  it.each([
    [{ ...message, name: '' }, 'name', 'Enter your name.'],
    [{ ...message, name: 'Sam\u202eBuyer' }, 'name', 'Remove invisible or unusual characters.'],
    [{ ...message, email: 'not an address' }, 'email', 'Enter a valid email address.'],
    [{ ...message, message: 'Too short' }, 'message', 'Write at least 10 characters.'],
    [{ ...message, message: 'A'.repeat(4001) }, 'message', 'At most 4,000 characters.'],
    [
      { ...message, message: 'Hello there\u0007, a bell' },
      'message',
      'Remove invisible or unusual characters.',
    ],
    [
      { ...message, message: 'Hidden\u200b text inside' },
      'message',
      'Remove invisible or unusual characters.',
    ],
  ])('refuses bad input with the field and keeps nothing (%#)', async (body, field, text) => {
    const before = (await t.db.select().from(contactMessages)).length;
    const res = await postFrom(t, '/api/public/contact', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [field]: text } });
    expect(await t.db.select().from(contactMessages)).toHaveLength(before);
  });

  it('allows line breaks in the message', async () => {
    const res = await postFrom(t, '/api/public/contact', {
      ...message,
      email: 'lines@example.test',
      message: 'First line.\nSecond line.\n\tIndented.',
    });
    expect(res.statusCode).toBe(200);
  });

  it('defangs fullwidth and ideographic look-alike links in the mail to the operator', async () => {
    const before = t.mail.length;
    const res = await postFrom(t, '/api/public/contact', {
      name: 'evil．com',
      email: 'lookalike@example.test',
      message: 'Log in at https：//evil．com or pay＠evil。com, or ｗｗｗ．evil｡com.',
    });
    expect(res.statusCode).toBe(200);
    await settleNotificationMail();
    const mail = t.mail.slice(before).find((m) => m.to === 'registry@guild.example');
    expect(mail?.subject).toBe('Contact page: a message from evil[.]com');
    expect(mail?.text).toContain('evil[.]com wrote through the contact page');
    expect(mail?.text).toContain('Log in at https[:]//evil[.]com or pay[at]evil[.]com, or www[.]evil[.]com.');
    for (const typed of ['evil．com', 'https：//', 'pay＠', '。com', '｡com', 'ｗｗｗ'])
      expect(`${mail?.subject}\n${mail?.text}`).not.toContain(typed);
  });
});

describe('contact messages handled', () => {
  const put = (id: string, handled: boolean, cookie = adminCookie) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/contact-messages/${id}/handled`,
      headers: { cookie },
      payload: { handled },
    });
  const list = async () =>
    (await t.app.inject({ url: '/api/admin/contact-messages', headers: { cookie: adminCookie } })).json<
      { id: string; handledAt: string | null; handledBy: string | null }[]
    >();
  const send = async (text: string) => {
    const email = `handled-${Math.random().toString(36).slice(2)}@example.test`;
    expect((await postFrom(t, '/api/public/contact', { ...message, email, message: text })).statusCode).toBe(
      200,
    );
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.email, email));
    return row!.id;
  };

  it('an admin marks a message handled with their name and the time, it moves below the open ones, and reopens', async () => {
    const older = await send('An older question about a repair record.');
    const newer = await send('A newer question about a transfer.');
    const before = Date.now();
    const res = await put(older, true);
    expect(res.statusCode).toBe(200);
    const handled = res.json<{ id: string; handledAt: string; handledBy: string }>();
    expect(handled).toMatchObject({ id: older, handledBy: 'Ada Admin' });
    expect(Date.parse(handled.handledAt)).toBeGreaterThanOrEqual(before - 1000);
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, older));
    expect(row).toMatchObject({ handledById: adminId });

    // Open messages first (newest first), then the handled ones.
    const ids = (await list()).map((m) => m.id);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    expect(ids.slice(-1)).toEqual([older]);

    const reopened = await put(older, false);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toMatchObject({ id: older, handledAt: null, handledBy: null });
    const [again] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, older));
    expect(again).toMatchObject({ handledAt: null, handledById: null });
  });

  it('answers 404 for an unknown or malformed id, 400 without a boolean, 403 for a member', async () => {
    expect((await put('00000000-0000-4000-8000-000000000000', true)).statusCode).toBe(404);
    expect((await put('not-a-uuid', true)).statusCode).toBe(404);
    const id = await send('A question that a member may not close.');
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/contact-messages/${id}/handled`,
      headers: { cookie: adminCookie },
      payload: { handled: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    const { cookie } = await signedInUser(t, { handle: 'not-an-admin' });
    expect((await put(id, true, cookie)).statusCode).toBe(403);
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row?.handledAt).toBeNull();
  });
});

describe('contact rate limits', () => {
  it('answers 429 past the hourly messages from one address, and from one IP whatever the address', async () => {
    const strict = await createTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
    try {
      const byAddress: number[] = [];
      for (let i = 0; i <= CONTACT_PER_ADDRESS_PER_HOUR; i++)
        byAddress.push((await postFrom(strict, '/api/public/contact', message)).statusCode);
      expect(byAddress).toEqual([...Array<number>(CONTACT_PER_ADDRESS_PER_HOUR).fill(200), 429]);

      const ip = '10.9.9.9';
      const byIp: number[] = [];
      for (let i = 0; i <= CONTACT_PER_IP_PER_HOUR; i++) {
        const res = await postFrom(
          strict,
          '/api/public/contact',
          { ...message, email: `p${i}@example.test` },
          { ip },
        );
        byIp.push(res.statusCode);
        if (res.statusCode === 429) {
          expect(res.headers['retry-after']).toBeDefined();
          expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
        }
      }
      expect(byIp).toEqual([...Array<number>(CONTACT_PER_IP_PER_HOUR).fill(200), 429]);
      expect(await strict.db.select().from(contactMessages)).toHaveLength(
        CONTACT_PER_ADDRESS_PER_HOUR + CONTACT_PER_IP_PER_HOUR,
      );
    } finally {
      await strict.close();
    }
  }, 120_000);
});
