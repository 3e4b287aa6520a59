import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema';
import { settleNotificationMail } from '../../notify/notifications';
import {
  createTestApp,
  freshIp,
  postFrom,
  sessionCookie,
  signedInUser,
  type TestApp,
} from '../../test/test-app';
import { createHashQueue } from '../../passwords/hash-queue';
import { hashQueue } from '../../passwords/passwords';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
});
afterAll(async () => t.close());

const post = (url: string, payload: object, opts: { cookie?: string; ip?: string } = {}) =>
  postFrom(t, url, payload, opts);
const resetTokens = () =>
  t.mail
    .map((m) => /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(m.text)?.[1])
    .filter((x): x is string => Boolean(x))
    .map(decodeURIComponent);

describe('reset links end when they should', () => {
  it('a newer reset request ends the older link', async () => {
    await signedInUser(t, { email: 'twice@example.test' });
    await post('/api/auth/request-reset', { email: 'twice@example.test' });
    const older = resetTokens().at(-1)!;
    await post('/api/auth/request-reset', { email: 'twice@example.test' });
    const newer = resetTokens().at(-1)!;
    expect(newer).not.toBe(older);
    expect(
      (await post('/api/auth/reset-password', { token: older, password: 'brand new passphrase' })).statusCode,
    ).toBe(400);
    expect(
      (await post('/api/auth/reset-password', { token: newer, password: 'brand new passphrase' })).statusCode,
    ).toBe(200);
  });

  it('changing the password ends reset links; the change is mailed and in the inbox', async () => {
    const owner = await signedInUser(t, { email: 'changer@example.test', password: 'changer passphrase' });
    await post('/api/auth/request-reset', { email: 'changer@example.test' });
    const token = resetTokens().at(-1)!;
    const res = await post(
      '/api/account/password',
      { currentPassword: 'changer passphrase', newPassword: 'another long passphrase' },
      { cookie: owner.cookie },
    );
    expect(res.statusCode).toBe(200);
    const stale = await post('/api/auth/reset-password', { token, password: 'attacker passphrase' });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error).toMatch(/password of this account was changed or reset/);
    await settleNotificationMail();
    expect(
      t.mail.some((m) => m.to === 'changer@example.test' && /password was changed/i.test(m.subject)),
    ).toBe(true);
    const [notice] = await t.db.select().from(notifications).where(eq(notifications.userId, owner.user.id));
    expect(notice?.kind).toBe('password_changed');
  });

  it('a reset by link is notified too', async () => {
    const owner = await signedInUser(t, { email: 'resetter@example.test' });
    await post('/api/auth/request-reset', { email: 'resetter@example.test' });
    await post('/api/auth/reset-password', { token: resetTokens().at(-1)!, password: 'reset passphrase ok' });
    const [notice] = await t.db.select().from(notifications).where(eq(notifications.userId, owner.user.id));
    expect(notice?.kind).toBe('password_changed');
  });
});

describe('reset-password', () => {
  it('checks the token before hashing anything, and is limited per address', async () => {
    const ip = freshIp();
    const before = hashQueue.stats().started;
    for (let i = 0; i < 10; i++) {
      const res = await post(
        '/api/auth/reset-password',
        { token: `made-up-${i}`, password: 'some passphrase' },
        { ip },
      );
      expect(res.statusCode).toBe(400);
    }
    expect(hashQueue.stats().started).toBe(before);
    const limited = await post(
      '/api/auth/reset-password',
      { token: 'made-up', password: 'some passphrase' },
      { ip },
    );
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('sign-in limits cannot lock the owner out', () => {
  it('a stranger exhausting their own address leaves the owner free to sign in from another', async () => {
    await signedInUser(t, { email: 'locked@example.test', password: 'owner passphrase' });
    const attacker = freshIp();
    for (let i = 0; i < 10; i++)
      expect(
        (await post('/api/auth/login', { email: 'locked@example.test', password: 'guess' }, { ip: attacker }))
          .statusCode,
      ).toBe(401);
    expect(
      (await post('/api/auth/login', { email: 'locked@example.test', password: 'guess' }, { ip: attacker }))
        .statusCode,
    ).toBe(429);
    const owner = await post('/api/auth/login', {
      email: 'locked@example.test',
      password: 'owner passphrase',
    });
    expect(owner.statusCode).toBe(200);
    expect(sessionCookie(owner)).toMatch(/^sid=/);
  });

  it('password checks in settings are limited per account, whatever the address', async () => {
    const owner = await signedInUser(t, { email: 'settings@example.test', password: 'owner passphrase' });
    for (let i = 0; i < 10; i++) {
      const res = await post('/api/account/delete', { password: `guess ${i}` }, { cookie: owner.cookie });
      expect(res.statusCode).toBe(401);
    }
    const limited = await post(
      '/api/account/email',
      { email: 'x@example.test', password: 'guess' },
      {
        cookie: owner.cookie,
      },
    );
    expect(limited.statusCode).toBe(429);
  });
});

describe('password hashing runs with bounded concurrency', () => {
  it('runs at most `concurrency` at once and refuses beyond the queue with 503', async () => {
    const queue = createHashQueue(2, 3);
    let running = 0;
    let peak = 0;
    // Every hash holds its slot until the gate opens: the overlap is certain, not a matter of timing.
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const task = () =>
      queue.run(async () => {
        running += 1;
        peak = Math.max(peak, running);
        await gate;
        running -= 1;
        return 'done';
      });
    const accepted = Array.from({ length: 5 }, task);
    await expect(task()).rejects.toMatchObject({ statusCode: 503, extra: { retryAfter: 2 } });
    expect(queue.stats()).toMatchObject({ running: 2, queued: 3 });
    open();
    expect(await Promise.all(accepted)).toEqual(['done', 'done', 'done', 'done', 'done']);
    expect(peak).toBe(2);
    expect(queue.stats()).toMatchObject({ running: 0, queued: 0 });
    // Once drained it takes work again.
    expect(await task()).toBe('done');
  });

  it('a failing hash frees its slot', async () => {
    const queue = createHashQueue(1, 1);
    await expect(queue.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run(async () => 'next')).toBe('next');
  });
});
