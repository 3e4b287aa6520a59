import crypto from 'node:crypto';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  onSendHookHandler,
} from 'fastify';
import { Redis } from 'ioredis';

// A short in-memory cache of the shared public reads (docs/decisions/007-shared-read-cache.md).

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's 200 body is the same for every caller (it never reads `request.user` or a cookie) and is
     * marked with sharedResponse(): it may be answered from the shared cache. A function limits that to some
     * requests (not free-text searches, whose keys are unbounded).
     */
    sharedCache?: boolean | ((request: FastifyRequest) => boolean);
    /** A write that cannot change any cached body (a progress save): it does not clear the cache. */
    keepsSharedCache?: boolean;
  }
  interface FastifyInstance {
    sharedCache: SharedCache;
  }
  interface FastifyRequest {
    /** Set on a cache miss: where and under which generation the response may be stored. */
    sharedCacheMiss: { key: string; generation: number } | null;
  }
}

/** Carries invalidations between instances; without one, each instance only sees its own writes. */
export interface InvalidationBus {
  publish(): void;
  subscribe(onInvalidate: () => void): void;
  close(): Promise<void>;
}

interface Entry {
  body: Buffer;
  headers: Record<string, string>;
  expiresAt: number;
}

export interface SharedCache {
  /** Forgets every entry; responses being computed when it happens are not stored. */
  invalidate(): void;
  readonly size: number;
}

/** The headers that describe a cached body; nothing else (never Set-Cookie) is kept. */
const DESCRIBING = ['content-type', 'cache-control', 'vary', 'etag', 'x-total-count', 'x-total-count-capped'];
export const MAX_ENTRIES = 500;
export const MAX_ENTRY_BYTES = 512 * 1024;
export const MAX_TOTAL_BYTES = 32 * 1024 * 1024;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The path and the query with its parameters ordered by name (values of one name keep their order), left
 * encoded as sent: two requests share a key only when they parse to the same query.
 */
export function cacheKey(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const parts = url
    .slice(q + 1)
    .split('&')
    .filter((part) => part !== '');
  if (parts.length === 0) return url.slice(0, q);
  const name = (part: string) => {
    const eq = part.indexOf('=');
    return eq === -1 ? part : part.slice(0, eq);
  };
  parts.sort((a, b) => {
    const na = name(a);
    const nb = name(b);
    return na < nb ? -1 : na > nb ? 1 : 0;
  });
  return `${url.slice(0, q)}?${parts.join('&')}`;
}

const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/**
 * Shared reads (routes with `config.sharedCache`) are answered from memory for `ttlSeconds`, before the
 * session lookup and the database; every successful write under /api clears the cache, here and (through the
 * bus) in every other instance. A ttl of 0 registers nothing.
 */
export function registerSharedCache(
  app: FastifyInstance,
  options: {
    ttlSeconds: number;
    bus?: InvalidationBus;
    maxEntries?: number;
    maxEntryBytes?: number;
    maxTotalBytes?: number;
  },
): void {
  const {
    maxEntries = MAX_ENTRIES,
    maxEntryBytes = MAX_ENTRY_BYTES,
    maxTotalBytes = MAX_TOTAL_BYTES,
  } = options;
  const ttlMs = options.ttlSeconds * 1000;
  const entries = new Map<string, Entry>();
  let totalBytes = 0;
  let generation = 0;

  const forget = (key: string, entry: Entry) => {
    entries.delete(key);
    totalBytes -= entry.body.length;
  };
  const clearLocal = () => {
    generation += 1;
    entries.clear();
    totalBytes = 0;
  };
  const cache: SharedCache = {
    invalidate() {
      clearLocal();
      options.bus?.publish();
    },
    get size() {
      return entries.size;
    },
  };
  app.decorate('sharedCache', cache);
  app.decorateRequest('sharedCacheMiss', null);
  const { bus } = options;
  if (bus) app.addHook('onClose', async () => bus.close());
  if (ttlMs === 0) return;
  bus?.subscribe(clearLocal);

  const allowed = (request: FastifyRequest) => {
    const rule = request.routeOptions.config.sharedCache;
    return typeof rule === 'function' ? rule(request) : rule === true;
  };

  const lookUp: onRequestHookHandler = (request, reply, done) => {
    if (!allowed(request)) return done();
    const key = cacheKey(request.url);
    const entry = entries.get(key);
    if (entry && entry.expiresAt > Date.now()) {
      // The ETag hook sees the stored tag and answers 304 itself when the client already has these bytes.
      void reply.headers(entry.headers).send(entry.body);
      return;
    }
    if (entry) forget(key, entry);
    request.sharedCacheMiss = { key, generation };
    done();
  };

  const store: onSendHookHandler = (request, reply, payload, done) => {
    const miss = request.sharedCacheMiss;
    if (
      miss &&
      miss.generation === generation &&
      reply.statusCode === 200 &&
      (typeof payload === 'string' || Buffer.isBuffer(payload)) &&
      String(reply.getHeader('cache-control') ?? '').startsWith('public')
    ) {
      const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
      if (body.length <= maxEntryBytes) remember(miss.key, body, reply);
    }
    done(null, payload);
  };

  function remember(key: string, body: Buffer, reply: FastifyReply) {
    const headers: Record<string, string> = {};
    for (const name of DESCRIBING) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    const previous = entries.get(key);
    if (previous) forget(key, previous);
    entries.set(key, { body, headers, expiresAt: Date.now() + ttlMs });
    totalBytes += body.length;
    // Oldest first: with a TTL of seconds, the order of insertion is close to the order of use.
    for (const [oldKey, old] of entries) {
      if (entries.size <= maxEntries && totalBytes <= maxTotalBytes) break;
      forget(oldKey, old);
    }
  }

  const clearAfterWrite: onSendHookHandler = (_request, reply, payload, done) => {
    // 4xx is a refusal that changed nothing; a 5xx may have left part of a write behind.
    if (reply.statusCode < 400 || reply.statusCode >= 500) cache.invalidate();
    done(null, payload);
  };

  // Hooks only on the routes concerned: every other request pays nothing for the cache.
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (route.config?.sharedCache && methods.every((m) => m === 'GET' || m === 'HEAD')) {
      route.onRequest = [...asArray(route.onRequest), lookUp];
      // First among the route's onSend hooks, so a HEAD route's body is still there.
      route.onSend = [store, ...asArray(route.onSend)];
    } else if (
      route.url.startsWith('/api/') &&
      !route.config?.keepsSharedCache &&
      methods.some((m) => !SAFE_METHODS.has(m))
    ) {
      route.onSend = [...asArray(route.onSend), clearAfterWrite];
    }
  });
}

const CHANNEL = 'shared-cache:invalidate';

/**
 * Invalidations through Redis pub/sub: each instance publishes its writes and clears its cache on the others'.
 * A lost message (Redis down) leaves another instance's entries to expire with the TTL.
 */
export function redisInvalidationBus(
  url: string,
  log: (err: unknown) => void,
  channel = CHANNEL,
): InvalidationBus & { ready: Promise<unknown> } {
  const self = crypto.randomBytes(8).toString('hex');
  const publisher = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  const subscriber = new Redis(url);
  publisher.on('error', log);
  subscriber.on('error', log);
  const listeners: (() => void)[] = [];
  subscriber.on('message', (from: string, sender: string) => {
    if (from === channel && sender !== self) for (const listener of listeners) listener();
  });
  // Resolves once subscribed (ioredis subscribes again by itself after a reconnection).
  const ready = subscriber.subscribe(channel).catch(log);
  return {
    ready,
    publish() {
      publisher.publish(channel, self).catch(log);
    },
    subscribe(onInvalidate) {
      listeners.push(onInvalidate);
    },
    async close() {
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
