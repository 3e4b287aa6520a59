import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../db/builders/accounts';
import { emailChangeUndos } from '../../db/schema';
import { accountLinkKit } from './account-link-kit';
import { createTestApp, postFrom, sessionCookie, type TestApp } from '../../test/test-app';

// Completing an email change mails the previous address at once, with a link that undoes the change for 7 days:
// the address comes back, every session ends, the password is cancelled and a reset link goes to that address.
// Whoever made the change cannot take that way back from the owner, not by changing the password or signing
// everyone out, nor by making more changes.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const PASSWORD = 'owner passphrase 2026';
const post = (url: string, payload: object, cookie?: string) =>
  postFrom(t, url, payload, cookie ? { cookie } : {});
const signIn = (email: string, password: string) => post('/api/auth/login', { email, password });
const { me, emailOf, linkTo } = accountLinkKit(() => t);

/** Signed in as `session`, moves the account to `to` and follows the link; returns the undo mail's token. */
async function changeEmail(session: string, from: string, to: string, password: string) {
  expect((await post('/api/account/email', { email: to, password }, session)).statusCode).toBe(200);
  const done = await post('/api/auth/verify-email', { token: linkTo(to, 'verify-email') }, session);
  expect(done.json()).toMatchObject({ ok: true, changed: true, email: to });
  const mail = t.mail.filter((m) => m.to === from && m.text.includes('/undo-email-change?')).at(-1);
  expect(mail?.subject).toMatch(/email address of your Luthier Registry account was changed/);
  expect(mail?.text).toContain(to.split('@')[0]); // the address is shown defanged
  expect(mail?.text).toContain(`${t.env.publicUrl}/undo-email-change?token=`);
  return linkTo(from, 'undo-email-change');
}

describe('undoing an email change from the previous address', () => {
  it('restores the address, ends every session and mails a reset link, even after the thief changed the password', async () => {
    const owner = await createUser(t.db, { email: 'rightful@example.test', password: PASSWORD });
    const ownerSession = sessionCookie(await signIn(owner.email, PASSWORD));
    const thief = sessionCookie(await signIn(owner.email, PASSWORD));
    const undo = await changeEmail(thief, owner.email, 'taken-over@evil.test', PASSWORD);

    // The link lasts 7 days, and the old address stays held for its owner meanwhile.
    const [row] = await t.db.select().from(emailChangeUndos).where(eq(emailChangeUndos.userId, owner.id));
    const days = (row!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const squat = await post('/api/auth/register', {
      email: owner.email,
      password: 'squatter passphrase',
      displayName: 'Squatter',
    });
    expect(squat.statusCode).toBe(409);

    // The thief then changes the password (ending the owner's session), signs everyone out, and signs in again.
    const changed = await post(
      '/api/account/password',
      { currentPassword: PASSWORD, newPassword: 'thief passphrase 1' },
      thief,
    );
    expect(changed.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/account/sessions', headers: { cookie: thief } }))
        .statusCode,
    ).toBe(200);
    const thiefAgain = sessionCookie(await signIn('taken-over@evil.test', 'thief passphrase 1'));
    expect(await me(ownerSession)).toBeNull();

    const res = await post('/api/auth/email-change/undo', { token: undo });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, email: 'rightful@example.test' });
    expect(await emailOf(owner.id)).toBe('rightful@example.test');
    expect(await me(thiefAgain)).toBeNull();
    // Neither password works any more: the thief knows both.
    expect((await signIn('rightful@example.test', 'thief passphrase 1')).statusCode).toBe(401);
    expect((await signIn('rightful@example.test', PASSWORD)).statusCode).toBe(401);

    // A reset link went to the restored address; the owner chooses a new password with it.
    const reset = await post('/api/auth/reset-password', {
      token: linkTo(owner.email, 'reset-password'),
      password: 'owner is back 2026',
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(owner.email, 'owner is back 2026')).statusCode).toBe(200);

    // Single use.
    expect((await post('/api/auth/email-change/undo', { token: undo })).statusCode).toBe(400);
  });

  it('the first address wins: an undo link of a later change neither beats it nor survives it', async () => {
    const owner = await createUser(t.db, { email: 'first@example.test', password: PASSWORD });
    const thief = sessionCookie(await signIn(owner.email, PASSWORD));
    const ownersUndo = await changeEmail(thief, 'first@example.test', 'second@evil.test', PASSWORD);
    const thiefsUndo = await changeEmail(thief, 'second@evil.test', 'third@evil.test', PASSWORD);

    // The thief uses the undo of the second change first: the account goes back to the thief's address...
    expect((await post('/api/auth/email-change/undo', { token: thiefsUndo })).statusCode).toBe(200);
    expect(await emailOf(owner.id)).toBe('second@evil.test');
    // ...and the owner's link still works, and wins.
    expect((await post('/api/auth/email-change/undo', { token: ownersUndo })).statusCode).toBe(200);
    expect(await emailOf(owner.id)).toBe('first@example.test');
    // The reset mailed to the restored address works: the owner chooses the password.
    const reset = await post('/api/auth/reset-password', {
      token: linkTo('first@example.test', 'reset-password'),
      password: 'owner passphrase again',
    });
    expect(reset.statusCode).toBe(200);
  });

  it('expires after 7 days, and a made-up link changes nothing', async () => {
    const owner = await createUser(t.db, { email: 'slow@example.test', password: PASSWORD });
    const session = sessionCookie(await signIn(owner.email, PASSWORD));
    const undo = await changeEmail(session, owner.email, 'slow-new@example.test', PASSWORD);
    await t.db
      .update(emailChangeUndos)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChangeUndos.userId, owner.id));
    const late = await post('/api/auth/email-change/undo', { token: undo });
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toMatch(/more than 7 days old/);
    expect((await post('/api/auth/email-change/undo', { token: 'made-up' })).statusCode).toBe(400);
    expect(await emailOf(owner.id)).toBe('slow-new@example.test');
    expect(await me(session)).toMatchObject({ email: 'slow-new@example.test' });
  });
});
