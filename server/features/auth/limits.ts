import type { FastifyInstance, FastifyRequest } from 'fastify';

export const MINUTE_MS = 60 * 1000;
export const HOUR_MS = 60 * MINUTE_MS;

const SIGN_IN_WINDOW_MS = 15 * MINUTE_MS;
/** Failed sign-ins to one account from devices it does not know, whatever their addresses. */
export const UNTRUSTED_ACCOUNT_LIMIT = 50;
/** Failed sign-ins from one known device (its device cookie) before that cookie is locked out too. */
export const DEVICE_LIMIT = 10;

/**
 * Sign-in, after OWASP's device cookies. A browser with a valid device cookie for the account is judged only by
 * its own failures (10 per 15 minutes), so strangers failing elsewhere never lock the owner out. Every other
 * attempt counts against its IP and its account+IP (10 per 15 minutes each, every attempt) and, as a failure, the
 * account's shared budget for unknown devices (50 per 15 minutes). Returns the keys that count failures only, to
 * be refunded when the password turns out right.
 */
export async function limitSignIn(
  app: FastifyInstance,
  request: FastifyRequest,
  email: string,
  deviceId: string | null,
): Promise<string[]> {
  if (deviceId) {
    const key = `signin:device:${deviceId}`;
    await app.rateLimit(key, DEVICE_LIMIT, SIGN_IN_WINDOW_MS);
    return [key];
  }
  await app.rateLimit(`signin:ip:${request.ip}`, 10, SIGN_IN_WINDOW_MS);
  await app.rateLimit(`signin:account-ip:${email}:${request.ip}`, 10, SIGN_IN_WINDOW_MS);
  const key = `signin:account:${email}`;
  await app.rateLimit(
    key,
    UNTRUSTED_ACCOUNT_LIMIT,
    SIGN_IN_WINDOW_MS,
    'Too many failed sign-ins to this account from devices it does not know. Try again later, sign in from a device you used before, or reset your password.',
  );
  return [key];
}

/** Password resets: the token is checked before any hashing; attempts are counted per IP. */
export const limitResetPassword = (app: FastifyInstance, request: FastifyRequest) =>
  app.rateLimit(`reset-password:ip:${request.ip}`, 10, 15 * MINUTE_MS);

/** Register: 5 per hour per IP. */
export const limitRegister = (app: FastifyInstance, request: FastifyRequest) =>
  app.rateLimit(`register:ip:${request.ip}`, 5, HOUR_MS);
