import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { MAX_UPLOAD_BYTES } from './media-store';

/** 60 uploads an hour per person, one budget for avatars and instrument photos alike. */
export const UPLOADS_PER_HOUR = 60;

export const limitUpload = (app: FastifyInstance, userId: string) =>
  app.rateLimit(`upload:${userId}`, UPLOADS_PER_HOUR, 60 * 60 * 1000);

/**
 * Declares the routes that read a multipart/form-data upload in a scope of their own: @fastify/multipart adds
 * two hooks to every request of the scope it is registered in, which the rest of the API has no use for.
 * Elsewhere a multipart body is refused with 415 by the content-type check.
 */
export async function uploadRoutes(
  app: FastifyInstance,
  define: (scope: FastifyInstance) => void,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 12 },
    });
    define(scope);
  });
}
