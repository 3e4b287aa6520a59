import type { FastifyInstance, FastifyRequest } from 'fastify';

export const MINUTE_MS = 60 * 1000;
export const HOUR_MS = 60 * MINUTE_MS;

/** product.md §4: sign-in 10 per 15 minutes per account and per IP. */
export async function limitSignIn(app: FastifyInstance, request: FastifyRequest, email: string) {
  await app.rateLimit(`signin:ip:${request.ip}`, 10, 15 * MINUTE_MS);
  await app.rateLimit(`signin:account:${email}`, 10, 15 * MINUTE_MS);
}

/** product.md §4: register 5 per hour per IP. */
export const limitRegister = (app: FastifyInstance, request: FastifyRequest) =>
  app.rateLimit(`register:ip:${request.ip}`, 5, HOUR_MS);
