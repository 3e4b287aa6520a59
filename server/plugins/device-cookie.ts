import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { appMeta } from '../db/schema';
import type { Env } from '../env';

// Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that signed in to an
// account before carries an HMAC-signed cookie naming a random device id, bound to the account and its
// credentials epoch. A sign-in presenting it is judged by that device's own failures, never by failures
// elsewhere; the cookie is only a rate-limit class, never a credential.

export const DEVICE_COOKIE = 'did';
const DEVICE_TTL_S = 365 * 24 * 60 * 60;
const META_KEY = 'device-cookie-key';
const VALUE = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

export interface DeviceCookies {
  /** Sets a new device cookie for this account on the browser that just proved the password. */
  issue(reply: FastifyReply, userId: string, epoch: number): Promise<void>;
  /** The device id of a valid cookie for this account and epoch; null for none, a forged one or another's. */
  check(request: FastifyRequest, userId: string, epoch: number): Promise<string | null>;
}

/** The key: DEVICE_COOKIE_KEY, or one generated once and kept in the database, so every instance shares it. */
async function loadKey(db: Db, env: Env): Promise<Buffer> {
  if (env.DEVICE_COOKIE_KEY) return Buffer.from(env.DEVICE_COOKIE_KEY, 'base64');
  const read = async () => {
    const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, META_KEY));
    const key = (row?.value as { key?: unknown } | undefined)?.key;
    return typeof key === 'string' ? Buffer.from(key, 'base64') : null;
  };
  const stored = await read();
  if (stored) return stored;
  await db
    .insert(appMeta)
    .values({ key: META_KEY, value: { key: crypto.randomBytes(32).toString('base64') } })
    .onConflictDoNothing();
  const made = await read();
  if (!made) throw new Error('could not store the device cookie key');
  return made;
}

export function createDeviceCookies(db: Db, env: Env): DeviceCookies {
  let key: Promise<Buffer> | undefined;
  const keyOnce = () =>
    (key ??= loadKey(db, env).catch((error: unknown) => {
      key = undefined;
      throw error;
    }));
  const mac = async (userId: string, epoch: number, deviceId: string) =>
    crypto
      .createHmac('sha256', await keyOnce())
      .update(`device:${userId}:${epoch}:${deviceId}`)
      .digest();
  return {
    async issue(reply, userId, epoch) {
      const deviceId = crypto.randomBytes(16).toString('base64url');
      const value = `${deviceId}.${(await mac(userId, epoch, deviceId)).toString('base64url')}`;
      void reply.setCookie(DEVICE_COOKIE, value, {
        path: '/api/auth',
        httpOnly: true,
        sameSite: 'lax',
        secure: env.publicUrl.startsWith('https://'),
        maxAge: DEVICE_TTL_S,
      });
    },
    async check(request, userId, epoch) {
      const match = VALUE.exec(request.cookies[DEVICE_COOKIE] ?? '');
      if (!match?.[1] || !match[2]) return null;
      const expected = await mac(userId, epoch, match[1]);
      const given = Buffer.from(match[2], 'base64url');
      return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? match[1] : null;
    },
  };
}
