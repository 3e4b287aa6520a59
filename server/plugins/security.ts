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

/** Security headers on every response, and the same-origin rule for every state-changing request. */
export function registerSecurity(app: FastifyInstance, env: Env): void {
  const https = env.publicUrl.startsWith('https://');
  const publicOrigin = new URL(env.publicUrl).origin;

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
    reply.header('content-security-policy', CSP);
    if (https) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    return payload;
  });

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const fetchSite = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const ownOrigin = `${request.protocol}://${request.headers.host ?? ''}`;
    const foreignOrigin = origin !== undefined && origin !== publicOrigin && origin !== ownOrigin;
    if (fetchSite === 'cross-site' || foreignOrigin) {
      throw new AppError(403, ErrorCodes.CROSS_ORIGIN, 'Requests from other sites are not accepted.');
    }
  });
}
