import type { FastifyInstance } from 'fastify';

/** Product.md §4: 60 uploads an hour per person, one budget for avatars and instrument photos alike. */
export const UPLOADS_PER_HOUR = 60;

export const limitUpload = (app: FastifyInstance, userId: string) =>
  app.rateLimit(`upload:${userId}`, UPLOADS_PER_HOUR, 60 * 60 * 1000);
