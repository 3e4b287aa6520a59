import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../db/builders/accounts';
import { EnvError, readEnv } from '../../env';
import { redisStore } from '../../plugins/rate-limit';
import { createTestApp, freshIp, postFrom, sessionCookie, type TestApp } from '../../test/test-app';
import { DEVICE_LIMIT, UNTRUSTED_ACCOUNT_LIMIT } from './limits';

// Strangers failing to sign in from many addresses must not lock the owner out: a browser that signed in before
// (a device cookie) is judged only by its own failures. With TEST_REDIS_URL (or REDIS_URL) set, the counters
// live in Redis, as in production with several instances.
const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { RATE_LIMIT_SCALE: '1' },
    ...(redisUrl
      ? { rateLimitStore: redisStore(redisUrl, () => undefined, `rl:test:${crypto.randomUUID()}:`) }
      : {}),
  });
});
afterAll(async () => t.close());

const PASSWORD = 'owner passphrase 2026';

/** The `did` cookie a response set, as a Cookie header value. */
function deviceCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'did');
  if (!cookie) throw new Error(`no device cookie (status ${res.statusCode}: ${res.body})`);
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth' });
  expect(cookie.maxAge).toBeGreaterThanOrEqual(180 * 24 * 3600);
  return `did=${cookie.value}`;
}

const signIn = (email: string, password: string, opts: { cookie?: string; ip?: string } = {}) =>
  postFrom(t, '/api/auth/login', { email, password }, opts);

/** The owner's browser: it signs in once, from its own address, and keeps the device cookie. */
async function ownerWithDevice(tag: string) {
  const user = await createUser(t.db, { email: `${tag}@example.test`, password: PASSWORD });
  const res = await signIn(user.email, PASSWORD);
  expect(res.statusCode).toBe(200);
  return { email: user.email, device: deviceCookie(res) };
}

/** `count` wrong guesses at the account, spread over `addresses` addresses; every one must be a plain 401. */
async function guessFromManyAddresses(email: string, count: number, addresses = 10) {
  const ips = Array.from({ length: addresses }, freshIp);
  const statuses: number[] = [];
  for (let i = 0; i < count; i++)
    statuses.push((await signIn(email, `guess ${i}`, { ip: ips[i % addresses] })).statusCode);
  expect(statuses).toEqual(Array.from({ length: count }, () => 401));
}

function expectLimited(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
  expect(res.json()).toMatchObject({ code: 'RATE_LIMITED', error: expect.any(String) });
  expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
}

describe('device cookies: strangers cannot lock an owner out', () => {
  it('ten addresses exhaust the budget for unknown devices; the owner’s browser still signs in at once', async () => {
    const owner = await ownerWithDevice('owner-device');
    // A successful sign-in from an unknown device is no failure: it leaves the budget as it was.
    await guessFromManyAddresses(owner.email, UNTRUSTED_ACCOUNT_LIMIT - 1);
    expect((await signIn(owner.email, PASSWORD)).statusCode).toBe(200);
    expect((await signIn(owner.email, 'one guess more')).statusCode).toBe(401);

    // The budget is spent: an unknown device is refused even with the right password, from a fresh address.
    const refused = await signIn(owner.email, PASSWORD);
    expectLimited(refused);
    expect(refused.json().error).toMatch(/devices it does not know/);

    // The owner's browser, from yet another address, is not refused, and gets a fresh device cookie.
    const owners = await signIn(owner.email, PASSWORD, { cookie: owner.device });
    expect(owners.statusCode).toBe(200);
    expect(sessionCookie(owners)).toMatch(/^sid=/);
    const renewed = deviceCookie(owners);
    expect(renewed).not.toBe(owner.device);
    expect((await signIn(owner.email, PASSWORD, { cookie: renewed })).statusCode).toBe(200);
  }, 60_000);

  it('a forged, altered or other account’s device cookie does not get past the lockout', async () => {
    const owner = await ownerWithDevice('owner-forged');
    const stranger = await ownerWithDevice('stranger-own-account');
    await guessFromManyAddresses(owner.email, UNTRUSTED_ACCOUNT_LIMIT);

    const [id = '', mac = ''] = owner.device.slice('did='.length).split('.');
    const flipped = `${mac.slice(0, -2)}${mac.at(-2) === 'A' ? 'B' : 'A'}${mac.at(-1)}`;
    const forgeries = [
      `did=${crypto.randomBytes(16).toString('base64url')}.${crypto.randomBytes(32).toString('base64url')}`,
      `did=${id}.${flipped}`,
      `did=${crypto.randomBytes(16).toString('base64url')}.${mac}`,
      stranger.device,
      'did=not-a-device-cookie',
    ];
    for (const cookie of forgeries) expectLimited(await signIn(owner.email, PASSWORD, { cookie }));
    // The stranger's cookie still works for the stranger's own account.
    expect((await signIn(stranger.email, PASSWORD, { cookie: stranger.device })).statusCode).toBe(200);
    expect((await signIn(owner.email, PASSWORD, { cookie: owner.device })).statusCode).toBe(200);
  }, 60_000);

  it('a known device that keeps failing is locked out itself; the owner’s other devices are not', async () => {
    const owner = await ownerWithDevice('owner-stolen-cookie');
    const phone = deviceCookie(await signIn(owner.email, PASSWORD));
    const ip = freshIp();
    for (let i = 0; i < DEVICE_LIMIT; i++)
      expect((await signIn(owner.email, `guess ${i}`, { cookie: owner.device, ip })).statusCode).toBe(401);
    expectLimited(await signIn(owner.email, PASSWORD, { cookie: owner.device, ip }));
    // Its failures counted against that cookie alone: not the address, not the account.
    expect((await signIn(owner.email, PASSWORD, { cookie: phone, ip })).statusCode).toBe(200);
    expect((await signIn(owner.email, PASSWORD, { ip })).statusCode).toBe(200);
  }, 60_000);

  it('a password change makes older device cookies unknown; the browser that changed it stays known', async () => {
    const owner = await ownerWithDevice('owner-changes');
    const laptop = await signIn(owner.email, PASSWORD);
    const changed = await postFrom(
      t,
      '/api/account/password',
      { currentPassword: PASSWORD, newPassword: 'a new owner passphrase' },
      { cookie: sessionCookie(laptop) },
    );
    expect(changed.statusCode).toBe(200);
    const laptopDevice = deviceCookie(changed);
    await guessFromManyAddresses(owner.email, UNTRUSTED_ACCOUNT_LIMIT);
    // The cookie from before the change (which a thief who had the old password would hold too) no longer counts.
    expectLimited(await signIn(owner.email, 'a new owner passphrase', { cookie: owner.device }));
    const res = await signIn(owner.email, 'a new owner passphrase', { cookie: laptopDevice });
    expect(res.statusCode).toBe(200);
  }, 60_000);

  it('DEVICE_COOKIE_KEY must be at least 32 bytes of base64, and a wrong one is refused without echoing it', () => {
    const good = crypto.randomBytes(32).toString('base64');
    expect(readEnv({ DEVICE_COOKIE_KEY: good }).DEVICE_COOKIE_KEY).toBe(good);
    const short = crypto.randomBytes(16).toString('base64');
    expect(() => readEnv({ DEVICE_COOKIE_KEY: short })).toThrow(EnvError);
    expect(() => readEnv({ DEVICE_COOKIE_KEY: short })).toThrow(/DEVICE_COOKIE_KEY .*got "…"/);
  });
});
