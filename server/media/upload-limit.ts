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
 * Elsewhere a multipart body is refused with 415 by the content-type check. The route's bodyLimit does not apply
 * to a multipart body (the plugin reads the stream itself), so these limits bound it: one file, a few short fields
 * (a photo's caption is at most 300 characters; a field sent as application/json is parsed, so it stays small).
 */
export const UPLOAD_LIMITS = {
  fileSize: MAX_UPLOAD_BYTES,
  files: 1,
  fields: 4,
  parts: 5,
  fieldSize: 2 * 1024,
  fieldNameSize: 100,
  headerPairs: 16,
} as const;

export async function uploadRoutes(
  app: FastifyInstance,
  define: (scope: FastifyInstance) => void,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: UPLOAD_LIMITS });
    define(scope);
  });
}
