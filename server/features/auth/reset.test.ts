import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets } from '../../db/schema';
import { hashToken } from '../../plugins/sessions';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://luthiers.example' } });
});
afterAll(async () => t.close());

const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });
const tokenFromMail = () => {
  const text = t.mail.at(-1)?.text ?? '';
  const link = /https:\/\/luthiers\.example\/reset-password\?token=([\w-]+)/.exec(text);
  if (!link?.[1]) throw new Error(`no reset link in: ${text}`);
  return link[1];
};

describe('password reset', () => {
  it('answers the same 200 for known and unknown emails and mails only the known one', async () => {
    await signedInUser(t, { email: 'known@example.test' });
    const before = t.mail.length;
    const known = await post('/api/auth/request-reset', { email: 'Known@Example.test' });
    const unknown = await post('/api/auth/request-reset', { email: 'nobody@example.test' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(t.mail.length).toBe(before + 1);
    expect(t.mail.at(-1)).toMatchObject({ to: 'known@example.test' });
    // Only the SHA-256 of the token is stored.
    const token = tokenFromMail();
    const rows = await t.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.id, hashToken(token)));
    expect(rows).toHaveLength(1);
    const raw = await t.db.select().from(passwordResets).where(eq(passwordResets.id, token));
    expect(raw).toHaveLength(0);
  });

  it('refuses a malformed email with 400 and fields', async () => {
    const res = await post('/api/auth/request-reset', { email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.email).toBeDefined();
  });

  it('sets the new password once, ends every session, and refuses the used token', async () => {
    const { cookie } = await signedInUser(t, { email: 'forgot@example.test', password: 'old passphrase 1' });
    await post('/api/auth/request-reset', { email: 'forgot@example.test' });
    const token = tokenFromMail();
    const done = await post('/api/auth/reset-password', { token, password: 'brand new passphrase' });
    expect(done.statusCode).toBe(200);
    const me = await t.app.inject({ url: '/api/auth/me', headers: { cookie } });
    expect(me.json()).toEqual({ user: null });
    const oldLogin = await post('/api/auth/login', {
      email: 'forgot@example.test',
      password: 'old passphrase 1',
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await post('/api/auth/login', {
      email: 'forgot@example.test',
      password: 'brand new passphrase',
    });
    expect(newLogin.statusCode).toBe(200);
    const again = await post('/api/auth/reset-password', { token, password: 'another passphrase' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('refuses an unknown token, an expired token and a short password', async () => {
    const unknown = await post('/api/auth/reset-password', {
      token: 'no-such-token',
      password: 'long enough 1',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatch(/invalid or has expired/);

    await signedInUser(t, { email: 'late@example.test' });
    await post('/api/auth/request-reset', { email: 'late@example.test' });
    const token = tokenFromMail();
    await t.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.id, hashToken(token)));
    const expired = await post('/api/auth/reset-password', { token, password: 'long enough 1' });
    expect(expired.statusCode).toBe(400);

    const short = await post('/api/auth/reset-password', { token, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.password).toMatch(/at least 8/);
  });
});

describe('a mail failure', () => {
  it('still answers the same 200', async () => {
    const failing = await createTestApp({
      mailer: {
        send: async () => {
          throw new Error('smtp down');
        },
      },
    });
    try {
      await signedInUser(failing, { email: 'unlucky@example.test' });
      const res = await failing.app.inject({
        method: 'POST',
        url: '/api/auth/request-reset',
        payload: { email: 'unlucky@example.test' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().ok).toBe(true);
    } finally {
      await failing.close();
    }
  });
});

describe('session cookie on https', () => {
  it('is Secure when PUBLIC_URL is https', async () => {
    const res = await post('/api/auth/register', {
      email: 'secure@example.test',
      password: 'a long passphrase',
      displayName: 'Secure',
    });
    const cookie = res.cookies.find((c) => c.name === 'sid');
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
  });
});
