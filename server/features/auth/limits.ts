import type { FastifyInstance, FastifyRequest } from 'fastify';

export const MINUTE_MS = 60 * 1000;
export const HOUR_MS = 60 * MINUTE_MS;

/**
 * Sign-in: 10 per 15 minutes per IP and per account+IP. A stranger guessing from their own addresses exhausts
 * only their own budget, so the owner can still sign in from a new address; the much higher per-account ceiling
 * still stops a guess spread over many addresses.
 */
export async function limitSignIn(app: FastifyInstance, request: FastifyRequest, email: string) {
  await app.rateLimit(`signin:ip:${request.ip}`, 10, 15 * MINUTE_MS);
  await app.rateLimit(`signin:account-ip:${email}:${request.ip}`, 10, 15 * MINUTE_MS);
  await app.rateLimit(`signin:account:${email}`, 100, 15 * MINUTE_MS);
}

/** Password resets: the token is checked before any hashing; attempts are counted per IP. */
export const limitResetPassword = (app: FastifyInstance, request: FastifyRequest) =>
  app.rateLimit(`reset-password:ip:${request.ip}`, 10, 15 * MINUTE_MS);

/** Register: 5 per hour per IP. */
export const limitRegister = (app: FastifyInstance, request: FastifyRequest) =>
  app.rateLimit(`register:ip:${request.ip}`, 5, HOUR_MS);
