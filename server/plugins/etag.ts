import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Marks a response as shared by every visitor (no personal data): browsers and proxies may keep it but must
 * revalidate, and the ETag below turns a repeat visit into a 304 with no body.
 */
export function sharedResponse(reply: FastifyReply, maxAgeSeconds = 0): FastifyReply {
  return reply
    .header('cache-control', `public, max-age=${maxAgeSeconds}, must-revalidate`)
    .header('vary', 'Cookie');
}

/**
 * SHA-1 of the body and of the headers that describe it (a list's total), base64url. One-shot `crypto.hash`
 * (Node 20.12+) is several times cheaper than a Hash object for a body of a few KB; the tag is the same as
 * createHash('sha1').update(body).update(total).update(capped) gives (an empty update adds nothing).
 */
function bodyTag(payload: string | Buffer, reply: FastifyReply): string {
  const total = reply.getHeader('x-total-count');
  const capped = reply.getHeader('x-total-count-capped');
  if (total === undefined && capped === undefined) return crypto.hash('sha1', payload, 'base64url');
  const described = `${String(total ?? '')}${String(capped ?? '')}`;
  return crypto.hash(
    'sha1',
    typeof payload === 'string' ? payload + described : Buffer.concat([payload, Buffer.from(described)]),
    'base64url',
  );
}

/** Weak ETags on cacheable GET responses, and 304 when the client already has the same bytes. */
export function registerEtag(app: FastifyInstance): void {
  // Synchronous: most responses (writes, personal JSON) leave after two comparisons.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode !== 200 || (request.method !== 'GET' && request.method !== 'HEAD'))
      return done(null, payload);
    const cacheControl = reply.getHeader('cache-control');
    if (
      typeof cacheControl !== 'string' ||
      !cacheControl.startsWith('public') ||
      (typeof payload !== 'string' && !Buffer.isBuffer(payload))
    )
      return done(null, payload);
    // A response from the shared cache already carries the tag computed when it was stored.
    let etag = reply.getHeader('etag');
    if (typeof etag !== 'string') {
      etag = `W/"${bodyTag(payload, reply)}"`;
      void reply.header('etag', etag);
    }
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag)) {
      void reply.code(304);
      return done(null, '');
    }
    done(null, payload);
  });
}
