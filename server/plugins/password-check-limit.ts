import type { FastifyInstance, FastifyRequest } from 'fastify';

const WINDOW_MS = 15 * 60 * 1000;

/**
 * Password checks in settings (change password or email, delete the account): the sign-in budget per address, and
 * one per account whatever the address, so a stolen session cannot be used to guess the password.
 */
export async function limitPasswordCheck(app: FastifyInstance, request: FastifyRequest, userId: string) {
  await app.rateLimit(`signin:ip:${request.ip}`, 10, WINDOW_MS);
  await app.rateLimit(`password-check:user:${userId}`, 10, WINDOW_MS);
}
