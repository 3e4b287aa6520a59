import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../../contract/auth';
import { emailTokens, notifications, passwordResets, users } from '../../db/schema';
import type { MailMessage } from '../../mail/mailer';
import { settleNotificationMail } from '../../notify/notifications';
import { createTestApp, sessionCookie, signedInUser, type TestApp } from '../../test/test-app';
import { hasVerifiedEmail } from './email.queries';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
const me = async (cookie: string): Promise<Partial<User> | null> =>
  (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).json<{
    user: User | null;
  }>().user;
const meOf = async (cookie: string): Promise<User> => {
  const user = await me(cookie);
  if (!user) throw new Error('not signed in');
  return user as User;
};
const mailTo = (to: string): MailMessage[] => t.mail.filter((m) => m.to === to);
const tokenIn = (mail: MailMessage | undefined) => {
  const match = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`no verification link in ${mail?.text}`);
  return match[1];
};

async function register(email: string) {
  const res = await post('/api/auth/register', {
    email,
    password: 'a long passphrase',
    displayName: 'Newcomer www.evil.example',
  });
  expect(res.statusCode).toBe(201);
  expect(res.json().emailVerified).toBe(false);
  return sessionCookie(res);
}

describe('proven email addresses', () => {
  it('sign-up sends a single-use link that proves the address; /me shows emailVerified', async () => {
    const cookie = await register('verify-me@example.test');
    expect((await meOf(cookie)).emailVerified).toBe(false);
    const mail = mailTo('verify-me@example.test').at(-1);
    expect(mail?.subject).toMatch(/confirm/i);
    // The link is the site's own; the display name is shown defanged, never as a link.
    expect(mail?.text).toContain(`${t.env.publicUrl}/verify-email?token=`);
    expect(mail?.text).not.toContain('www.evil.example');
    const token = tokenIn(mail);
    const [stored] = await t.db
      .select()
      .from(emailTokens)
      .where(eq(emailTokens.email, 'verify-me@example.test'));
    expect(stored?.id).not.toBe(token);
    expect(stored?.id).toMatch(/^[a-f0-9]{64}$/);

    const res = await post('/api/auth/verify-email', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, email: 'verify-me@example.test', changed: false });
    expect((await meOf(cookie)).emailVerified).toBe(true);
    expect((await post('/api/auth/verify-email', { token })).statusCode).toBe(400);
  });

  it('a link expires after 24 hours and a made-up token proves nothing', async () => {
    await register('late@example.test');
    const token = tokenIn(mailTo('late@example.test').at(-1));
    await t.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.email, 'late@example.test'));
    expect((await post('/api/auth/verify-email', { token })).statusCode).toBe(400);
    expect((await post('/api/auth/verify-email', { token: 'made-up-token' })).json().code).toBe(
      'VALIDATION_FAILED',
    );
  });

  it('resend sends a new link, the old one stops working; a verified account gets nothing', async () => {
    const cookie = await register('resend@example.test');
    const first = tokenIn(mailTo('resend@example.test').at(-1));
    expect((await post('/api/auth/verify-email/resend', {}, cookie)).json()).toEqual({
      ok: true,
      alreadyVerified: false,
    });
    const second = tokenIn(mailTo('resend@example.test').at(-1));
    expect(second).not.toBe(first);
    expect((await post('/api/auth/verify-email', { token: first })).statusCode).toBe(400);
    expect((await post('/api/auth/verify-email', { token: second })).statusCode).toBe(200);
    const before = t.mail.length;
    expect((await post('/api/auth/verify-email/resend', {}, cookie)).json().alreadyVerified).toBe(true);
    expect(t.mail.length).toBe(before);
    expect((await post('/api/auth/verify-email/resend', {})).statusCode).toBe(401);
  });

  it('hasVerifiedEmail is true only for the exact verified address', async () => {
    const cookie = await register('exact@example.test');
    const { id } = await meOf(cookie);
    expect(await hasVerifiedEmail(t.db, id, 'exact@example.test')).toBe(false);
    await post('/api/auth/verify-email', { token: tokenIn(mailTo('exact@example.test').at(-1)) });
    expect(await hasVerifiedEmail(t.db, id, 'EXACT@example.test')).toBe(true);
    expect(await hasVerifiedEmail(t.db, id, 'other@example.test')).toBe(false);
  });

  it('learning, onboarding and browsing work before verification', async () => {
    const cookie = await register('early@example.test');
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect((await get('/api/lms/courses/explore')).statusCode).toBe(200);
    expect((await get('/api/registry/instruments')).statusCode).toBe(200);
    expect((await get('/api/lms/my-courses')).statusCode).toBe(200);
    expect((await post('/api/auth/onboarding', { bio: 'Hello' }, cookie)).statusCode).toBe(200);
  });
});

describe('changing the email address', () => {
  it('changes nothing until the link to the new address is followed; the old address is told', async () => {
    const owner = await signedInUser(t, { email: 'old@example.test', password: 'owner passphrase' });
    const res = await post(
      '/api/account/email',
      { email: 'new@example.test', password: 'owner passphrase' },
      owner.cookie,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'old@example.test', pendingEmail: 'new@example.test' });
    expect((await meOf(owner.cookie)).email).toBe('old@example.test');
    expect((await meOf(owner.cookie)).emailVerified).toBe(true);
    await settleNotificationMail();
    const told = mailTo('old@example.test').at(-1);
    expect(told?.subject).toMatch(/change of your email address/i);
    expect(told?.text).not.toContain('new@example.test');
    const [notice] = await t.db.select().from(notifications).where(eq(notifications.userId, owner.user.id));
    expect(notice?.kind).toBe('email_change_requested');
    // Signing in still uses the old address.
    expect(
      (await post('/api/auth/login', { email: 'new@example.test', password: 'owner passphrase' })).statusCode,
    ).toBe(401);
    expect(tokenIn(mailTo('new@example.test').at(-1))).toBeTruthy();
  });

  it('following the link sets the address, ends the other sessions and the reset links', async () => {
    const owner = await signedInUser(t, { email: 'mover@example.test', password: 'mover passphrase' });
    const other = sessionCookie(
      await post('/api/auth/login', { email: 'mover@example.test', password: 'mover passphrase' }),
    );
    await post('/api/auth/request-reset', { email: 'mover@example.test' });
    await post(
      '/api/account/email',
      { email: 'moved@example.test', password: 'mover passphrase' },
      owner.cookie,
    );
    const token = tokenIn(mailTo('moved@example.test').at(-1));
    const res = await post('/api/auth/verify-email', { token }, owner.cookie);
    expect(res.json()).toEqual({ ok: true, email: 'moved@example.test', changed: true });
    expect(await meOf(owner.cookie)).toMatchObject({ email: 'moved@example.test', emailVerified: true });
    expect(await me(other)).toBeNull();
    const resets = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, owner.user.id));
    expect(resets.length).toBeGreaterThan(0);
    expect(resets.every((r) => r.usedAt !== null)).toBe(true);
    expect(
      (await post('/api/auth/login', { email: 'moved@example.test', password: 'mover passphrase' }))
        .statusCode,
    ).toBe(200);
  });

  it('a sign-up link for the old address proves nothing after a change', async () => {
    const cookie = await register('first@example.test');
    const signupToken = tokenIn(mailTo('first@example.test').at(-1));
    await post('/api/account/email', { email: 'second@example.test', password: 'a long passphrase' }, cookie);
    await post('/api/auth/verify-email', { token: tokenIn(mailTo('second@example.test').at(-1)) }, cookie);
    const [row] = await t.db.select().from(users).where(eq(users.email, 'second@example.test'));
    expect(row?.emailVerifiedAt).not.toBeNull();
    expect((await post('/api/auth/verify-email', { token: signupToken })).statusCode).toBe(400);
  });

  it('an address taken meanwhile by another account is refused when the link is followed', async () => {
    const owner = await signedInUser(t, { email: 'wants@example.test', password: 'wants passphrase' });
    await post(
      '/api/account/email',
      { email: 'contested@example.test', password: 'wants passphrase' },
      owner.cookie,
    );
    const token = tokenIn(mailTo('contested@example.test').at(-1));
    await signedInUser(t, { email: 'contested@example.test' });
    const res = await post('/api/auth/verify-email', { token }, owner.cookie);
    expect(res.statusCode).toBe(409);
    expect((await meOf(owner.cookie)).email).toBe('wants@example.test');
  });

  it('asks for the password and refuses the current address', async () => {
    const owner = await signedInUser(t, { email: 'same@example.test', password: 'same passphrase' });
    expect(
      (await post('/api/account/email', { email: 'x@example.test', password: 'wrong' }, owner.cookie))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await post(
          '/api/account/email',
          { email: 'same@example.test', password: 'same passphrase' },
          owner.cookie,
        )
      ).statusCode,
    ).toBe(400);
  });
});
