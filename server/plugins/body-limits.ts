import { parse as parseQuery } from 'node:querystring';
import type { FastifyBodyParser, FastifyInstance } from 'fastify';
import { ErrorCodes } from '../../contract/errors';
import { AppError } from './errors';

/**
 * Every parser that reads a request is bounded before it spends time on it (SECURITY.md). Bodies: the route's
 * bodyLimit (16 KiB unless the contract declares more), counted by Fastify as the bytes arrive; JSON, in any of
 * the three content types read as JSON, is also refused past MAX_JSON_DEPTH levels by a linear scan before
 * JSON.parse, whose cost grows fast with nesting. Query strings: MAX_QUERY_LENGTH characters and MAX_QUERY_KEYS
 * keys, and flat (`a[b]=1` is the key "a[b]"). Multipart: the limits in server/media/upload-limit.ts.
 */
export const MAX_JSON_DEPTH = 32;
/** Node's own HTTP parser refuses longer request heads (431); the same bound holds for inject() and proxies. */
export const MAX_QUERY_LENGTH = 16 * 1024;
export const MAX_QUERY_KEYS = 64;

/** True when the JSON text opens more than `max` arrays or objects inside one another (strings skipped). */
export function jsonDeeperThan(text: string, max: number): boolean {
  if (text.length <= max) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

export const tooDeep = () =>
  new AppError(
    400,
    ErrorCodes.TOO_DEEP,
    `The request body is nested more than ${MAX_JSON_DEPTH} levels deep.`,
  );

/**
 * What a query string over the bounds parses to: no keys, so nothing of it reaches a handler, and the query
 * validator of a route that reads its query (registerApiSchemas) answers 400 QUERY_TOO_LARGE.
 */
export const REFUSED_QUERY: Record<string, unknown> = Object.freeze(
  Object.create(null) as Record<string, unknown>,
);

export const queryTooLarge = () =>
  new AppError(
    400,
    ErrorCodes.QUERY_TOO_LARGE,
    `The query string is too long (at most ${MAX_QUERY_LENGTH} characters and ${MAX_QUERY_KEYS} parameters).`,
  );

/** The router's query string parser: bounded in length and keys before any decoding. */
export function boundedQuerystring(query: string): Record<string, unknown> {
  if (query.length === 0) return {};
  if (query.length > MAX_QUERY_LENGTH) return REFUSED_QUERY;
  let keys = 1;
  for (let i = query.indexOf('&'); i !== -1; i = query.indexOf('&', i + 1))
    if (++keys > MAX_QUERY_KEYS) return REFUSED_QUERY;
  return parseQuery(query);
}

/**
 * Replaces Fastify's JSON parser with one that refuses deep nesting first, and reads merge patches (RFC 7396)
 * and the unload beacon's text/plain the same way. Each keeps the default's protection against __proto__ and
 * constructor keys, and its bodyLimit is the route's.
 */
export function registerJsonParsers(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const bounded: FastifyBodyParser<string> = (request, body, done) => {
    if (jsonDeeperThan(body, MAX_JSON_DEPTH)) return done(tooDeep(), undefined);
    void parseJson(request, body, done);
  };
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, bounded);
  // PATCH bodies are JSON merge patches, sent as such or as plain JSON: the same parser reads both.
  app.addContentTypeParser('application/merge-patch+json', { parseAs: 'string' }, bounded);
  // The unload beacon sends text/plain JSON; it is parsed as JSON and passes the same origin check.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    bounded(request, body as string, done);
  });
}
