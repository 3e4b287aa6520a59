import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';
import { ErrorCodes } from '../../contract/errors';
import type { Env } from '../env';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The transparency log is public data that monitors and verifiers on other sites read from a browser: its
 * static endpoints (tiles, checkpoint, policy; the index's too) and the /api/log reads answer any origin, without
 * credentials. Nothing else is readable across origins.
 */
const OPEN_READS = /^\/(?:log|index|api\/log)(?:\/|$|\?)/;
export const isOpenRead = (method: string, url: string) =>
  (method === 'GET' || method === 'HEAD') && OPEN_READS.test(url);

/** Security headers on every response, and the same-origin rule for every state-changing request. */
export function registerSecurity(app: FastifyInstance, env: Env): void {
  const https = env.publicUrl.startsWith('https://');
  const publicOrigin = new URL(env.publicUrl).origin;
  // Computed once: every response gets the same set, in one call.
  const headers: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
    'content-security-policy': CSP,
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };

  // Synchronous hooks: nothing here waits, so no promise and no extra turn of the event loop per request.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(headers);
    if (isOpenRead(request.method, request.url)) {
      reply.header('access-control-allow-origin', '*');
      // A verifier revalidates tiles and checkpoints: it may read their validators.
      reply.header('access-control-expose-headers', 'ETag, Content-Length');
    }
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    const fetchSite = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const foreignOrigin =
      origin !== undefined &&
      origin !== publicOrigin &&
      origin !== `${request.protocol}://${request.headers.host ?? ''}`;
    if (fetchSite === 'cross-site' || foreignOrigin) {
      return done(new AppError(403, ErrorCodes.CROSS_ORIGIN, 'Requests from other sites are not accepted.'));
    }
    done();
  });
}
