import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../db/builders/accounts';
import { accountLinkKit } from './account-link-kit';
import { createTestApp, postFrom, sessionCookie, type TestApp } from '../../test/test-app';
import type { FastifyRequest } from 'fastify';
import { createSession } from '../../plugins/sessions';
import { createEmailToken } from './email.queries';

// Account tokens die with the password: a reset, a password change and "sign out everywhere" void every link
// mailed before them, so a link asked for with a stolen password is no way in once the owner acts.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const PASSWORD = 'owner passphrase 2026';
const post = (url: string, payload: object, cookie?: string) =>
  postFrom(t, url, payload, cookie ? { cookie } : {});
const signIn = async (email: string, password = PASSWORD) => {
  const res = await post('/api/auth/login', { email, password });
  expect(res.statusCode).toBe(200);
  return sessionCookie(res);
};
const { me, emailOf, linkTo } = accountLinkKit(() => t);

async function resetPassword(email: string, password: string) {
  expect((await post('/api/auth/request-reset', { email })).statusCode).toBe(200);
  const res = await post('/api/auth/reset-password', { token: linkTo(email, 'reset-password'), password });
  expect(res.statusCode).toBe(200);
}

function expectVoided(res: { statusCode: number; json: () => { error: string; code: string } }) {
  expect(res.statusCode).toBe(400);
  expect(res.json().error).toMatch(/password of this account was changed or reset/);
}

describe('account tokens die with the password', () => {
  it('an email change asked for with a stolen password dies when the owner resets the password', async () => {
    const owner = await createUser(t.db, { email: 'victim@example.test', password: PASSWORD });
    const attacker = await signIn(owner.email);
    const asked = await post(
      '/api/account/email',
      { email: 'thief@evil.test', password: PASSWORD },
      attacker,
    );
    expect(asked.statusCode).toBe(200);
    const stolenLink = linkTo('thief@evil.test', 'verify-email');

    await resetPassword(owner.email, 'the owner’s new passphrase');

    expectVoided(await post('/api/auth/verify-email', { token: stolenLink }, attacker));
    expectVoided(await post('/api/auth/verify-email', { token: stolenLink }));
    expect(await emailOf(owner.id)).toBe('victim@example.test');
    expect(await me(attacker)).toBeNull();

    // A link asked for after the reset works.
    const ownerSession = await signIn(owner.email, 'the owner’s new passphrase');
    await post(
      '/api/account/email',
      { email: 'victim-new@example.test', password: 'the owner’s new passphrase' },
      ownerSession,
    );
    const fresh = await post(
      '/api/auth/verify-email',
      { token: linkTo('victim-new@example.test', 'verify-email') },
      ownerSession,
    );
    expect(fresh.statusCode).toBe(200);
    expect(await emailOf(owner.id)).toBe('victim-new@example.test');
  });

  it('a password change voids change, verification and reset links; later ones work', async () => {
    const owner = await createUser(t.db, { password: PASSWORD, emailVerified: false });
    const session = await signIn(owner.email);
    const verify = await createEmailToken(t.db, owner.id, owner.email, 'verify');
    await post('/api/account/email', { email: 'moved-away@example.test', password: PASSWORD }, session);
    const change = linkTo('moved-away@example.test', 'verify-email');
    await post('/api/auth/request-reset', { email: owner.email });
    const reset = linkTo(owner.email, 'reset-password');

    const changed = await post(
      '/api/account/password',
      { currentPassword: PASSWORD, newPassword: 'a second passphrase' },
      session,
    );
    expect(changed.statusCode).toBe(200);

    expectVoided(await post('/api/auth/verify-email', { token: verify }));
    expectVoided(await post('/api/auth/verify-email', { token: change }));
    expectVoided(await post('/api/auth/reset-password', { token: reset, password: 'attacker passphrase' }));
    expect(await me(session)).toMatchObject({ email: owner.email });

    const newer = await createEmailToken(t.db, owner.id, owner.email, 'verify');
    expect((await post('/api/auth/verify-email', { token: newer })).statusCode).toBe(200);
  });

  it('sign out everywhere ends every session, this one too, and voids outstanding links', async () => {
    const owner = await createUser(t.db, { password: PASSWORD });
    const laptop = await signIn(owner.email);
    const phone = await signIn(owner.email);
    await post('/api/account/email', { email: 'elsewhere@example.test', password: PASSWORD }, phone);
    const link = linkTo('elsewhere@example.test', 'verify-email');

    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/sessions',
      headers: { cookie: laptop },
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    expect(await me(laptop)).toBeNull();
    expect(await me(phone)).toBeNull();
    expectVoided(await post('/api/auth/verify-email', { token: link }));
    expect(await emailOf(owner.id)).toBe(owner.email);
    // Signing in again works, and a new link does too.
    const again = await signIn(owner.email);
    await post('/api/account/email', { email: 'elsewhere@example.test', password: PASSWORD }, again);
    const used = await post('/api/auth/verify-email', {
      token: linkTo('elsewhere@example.test', 'verify-email'),
    });
    expect(used.statusCode).toBe(200);
  });

  it('a sign-in that checked the old password while a reset committed leaves no session behind', async () => {
    const owner = await createUser(t.db, { password: PASSWORD });
    const request = { headers: {}, ip: '10.9.9.9' } as unknown as FastifyRequest;
    // The racing sign-in read epoch 0 with the old hash; the reset commits before it inserts its session.
    await resetPassword(owner.email, 'the owner’s reset passphrase');
    const raced = await createSession(t.db, owner.id, request, 0);
    expect(await me(`sid=${raced}`)).toBeNull();
    const after = await createSession(t.db, owner.id, request, 1);
    expect(await me(`sid=${after}`)).toMatchObject({ email: owner.email });
  });
});
