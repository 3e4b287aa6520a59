import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';

/** Who started a resumable upload, for the request being handled (the tus server sees only the raw request). */
const callers = new WeakMap<IncomingMessage, { lessonId: string; userId: string }>();

/** A day: an upload left unfinished longer than that may be cleaned up (FileStore's expiry). */
const EXPIRY_MS = 24 * 60 * 60 * 1000;

/**
 * The tus 1.0.0 server (creation, termination) writing into `dir`: each upload's bytes in a file named by its
 * random id, its length and metadata (lesson, uploader) beside it as `<id>.json`. Its answers go out as they
 * are, on the raw response Fastify hands over.
 */
export function createTusServer(options: { dir: string; maxBytes: number; origin: string }) {
  const datastore = new FileStore({ directory: options.dir, expirationPeriodInMilliseconds: EXPIRY_MS });
  const server = new Server({
    // Unused: the routes hand every request over themselves; the upload id is the last part of the path.
    path: '/api/lms/authoring/lessons/uploads',
    datastore,
    maxSize: options.maxBytes,
    allowedOrigins: [options.origin],
    allowedCredentials: true,
    // The Location header: the upload's own address under the lesson it belongs to.
    generateUrl: (req, { id }) => `${new URL(req.url).pathname.replace(/\/+$/, '')}/${id}`,
    async onUploadCreate(req, upload) {
      const node = (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
      const caller = node ? callers.get(node) : undefined;
      if (!caller)
        throw Object.assign(new Error('Not allowed.'), { status_code: 403, body: 'Not allowed.\n' });
      return { metadata: { ...upload.metadata, lessonId: caller.lessonId, userId: caller.userId } };
    },
  });
  return {
    /** Hands a request over to the tus server, which answers it on the raw response. */
    handle(
      raw: IncomingMessage,
      res: Parameters<Server['handle']>[1],
      caller: { lessonId: string; userId: string },
    ) {
      callers.set(raw, caller);
      return server.handle(raw, res);
    },
    /** An upload's state, or null when there is none of that id. */
    async find(id: string) {
      try {
        return await datastore.getUpload(id);
      } catch {
        return null;
      }
    },
    fileOf: (id: string) => path.join(options.dir, id),
    /** Forgets an upload whose bytes were moved away (its metadata file). */
    forget: (id: string) => datastore.configstore.delete(id),
  };
}
