import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, sessionCookie, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const register = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', payload });

describe('auth core', () => {
  it('says whether a person has been here before: not on registering, yes from the next sign-in or day', async () => {
    const me = async (cookie: string) =>
      (await t.app.inject({ url: '/api/auth/me', headers: { cookie } })).json<{
        user: { returning: boolean };
      }>().user;
    const email = 'first-visit@example.test';
    const password = 'a long passphrase';
    const reg = await register({ email, password, displayName: 'First Visit' });
    expect(reg.json().returning).toBe(false);
    expect((await me(sessionCookie(reg))).returning).toBe(false);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
    });
    // The sign-in's answer is about before it; afterwards they have signed in once.
    expect(login.json().returning).toBe(false);
    expect((await me(sessionCookie(login))).returning).toBe(true);

    const other = await register({ email: 'yesterday@example.test', password, displayName: 'Yester Day' });
    await t.db
      .update(users)
      .set({ createdAt: sql`now() - interval '2 days'` })
      .where(eq(users.email, 'yesterday@example.test'));
    expect((await me(sessionCookie(other))).returning).toBe(true);
  });

  it('me is {user:null} when signed out', async () => {
    const res = await t.app.inject('/api/auth/me');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: null });
  });

  it('registers, sets an HttpOnly SameSite=Lax session cookie and answers the user', async () => {
    const res = await register({
      email: '  Ada@Example.TEST ',
      password: 'a long passphrase',
      displayName: 'Ada Lovelace',
      role: 'luthier',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      email: 'ada@example.test',
      displayName: 'Ada Lovelace',
      firstName: 'Ada',
      lastName: 'Lovelace',
      role: 'luthier',
      onboardingComplete: false,
    });
    expect(res.json()).not.toHaveProperty('passwordHash');
    const cookie = res.cookies.find((c) => c.name === 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.maxAge).toBe(30 * 24 * 3600);
    const me = await t.app.inject({ url: '/api/auth/me', headers: { cookie: sessionCookie(res) } });
    expect(me.json().user.email).toBe('ada@example.test');
  });

  it('refuses a duplicate email with 409', async () => {
    await register({ email: 'dup@example.test', password: 'a long passphrase', displayName: 'One' });
    const res = await register({
      email: 'DUP@example.test',
      password: 'another passphrase',
      displayName: 'Two',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'EMAIL_TAKEN' });
  });

  it('refuses short and common passwords with field messages', async () => {
    const short = await register({ email: 'short@example.test', password: 'short', displayName: 'S' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.password).toMatch(/at least 8/);
    const common = await register({
      email: 'common@example.test',
      password: 'password123',
      displayName: 'C',
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().fields.password).toMatch(/too common/);
  });

  it('refuses the admin role at sign-up', async () => {
    const res = await register({
      email: 'boss@example.test',
      password: 'a long passphrase',
      displayName: 'Boss',
      role: 'admin',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.role).toBeDefined();
  });

  it('signs in with a new token each time and refuses a wrong password with 401', async () => {
    await register({ email: 'login@example.test', password: 'a long passphrase', displayName: 'Log In' });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'login@example.test', password: 'wrong one!' },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ error: 'Invalid email or password.', code: 'UNAUTHENTICATED' });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.test', password: 'whatever1' },
    });
    expect(unknown.statusCode).toBe(401);
    const a = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'login@example.test', password: 'a long passphrase' },
    });
    const b = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'login@example.test', password: 'a long passphrase' },
      headers: { cookie: sessionCookie(a) },
    });
    expect(sessionCookie(a)).not.toBe(sessionCookie(b));
    // Signing in again with the old cookie ended the old session.
    const old = await t.app.inject({ url: '/api/auth/me', headers: { cookie: sessionCookie(a) } });
    expect(old.json()).toEqual({ user: null });
  });

  it('logout ends the session', async () => {
    const reg = await register({
      email: 'bye@example.test',
      password: 'a long passphrase',
      displayName: 'Bye',
    });
    const cookie = sessionCookie(reg);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    const me = await t.app.inject({ url: '/api/auth/me', headers: { cookie } });
    expect(me.json()).toEqual({ user: null });
  });

  it('ignores a forged or garbage cookie', async () => {
    for (const cookie of ['sid=forged', `sid=${'x'.repeat(5000)}`, 'sid=%00%ff']) {
      const res = await t.app.inject({ url: '/api/auth/me', headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ user: null });
    }
  });
});
