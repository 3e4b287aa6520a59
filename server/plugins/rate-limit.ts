import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { ErrorCodes } from '../../contract/errors';
import { AppError } from './errors';

export interface RateLimitStore {
  /** Counts one hit on `key` in a fixed window; returns the count so far and the ms until the window resets. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetMs: number }>;
  /** Takes one hit back (an attempt that turned out to be no failure); the window's end stays. */
  refund(key: string): Promise<void>;
  close(): Promise<void>;
}

export function memoryStore(): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
  }, 60_000);
  sweep.unref();
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        w = { count: 0, resetAt: now + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return { count: w.count, resetMs: w.resetAt - now };
    },
    async refund(key) {
      const w = windows.get(key);
      if (w && w.count > 0) w.count -= 1;
    },
    async close() {
      clearInterval(sweep);
    },
  };
}

const HIT_SCRIPT = `local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local t = redis.call('PTTL', KEYS[1])
if t < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); t = tonumber(ARGV[1]) end
return {c, t}`;

const REFUND_SCRIPT = `if redis.call('GET', KEYS[1]) and tonumber(redis.call('GET', KEYS[1])) > 0 then
return redis.call('DECR', KEYS[1]) end
return 0`;

/**
 * Counters shared by every instance through Redis; a Redis outage falls back to this instance's memory. Keys are
 * `<prefix><limit key>`; tests pass a prefix of their own so runs sharing one Redis never count each other.
 */
export function redisStore(url: string, log: (err: unknown) => void, prefix = 'rl:'): RateLimitStore {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  redis.on('error', log);
  const fallback = memoryStore();
  return {
    async hit(key, windowMs) {
      try {
        const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, `${prefix}${key}`, String(windowMs))) as [
          number,
          number,
        ];
        return { count, resetMs: ttl };
      } catch (error) {
        log(error);
        return fallback.hit(key, windowMs);
      }
    },
    async refund(key) {
      try {
        await redis.eval(REFUND_SCRIPT, 1, `${prefix}${key}`);
      } catch (error) {
        log(error);
        await fallback.refund(key);
      }
    },
    async close() {
      await fallback.close();
      redis.disconnect();
    },
  };
}

export interface RateLimit {
  /** Throws 429 with Retry-After once `key` has been hit more than `limit` times in the window. */
  (key: string, limit: number, windowMs: number, message?: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimit: RateLimit;
    /** Takes back one hit of `key`, for limits that count only failures. */
    rateLimitRefund: (key: string) => Promise<void>;
  }
}

/** `scale` (RATE_LIMIT_SCALE) multiplies every limit, so end-to-end journeys never trip one. */
export function registerRateLimit(app: FastifyInstance, store: RateLimitStore, scale = 1): void {
  const limit: RateLimit = async (key, max, windowMs, message) => {
    const { count, resetMs } = await store.hit(key, windowMs);
    if (count > Math.max(1, Math.floor(max * scale))) {
      throw new AppError(
        429,
        ErrorCodes.RATE_LIMITED,
        message ?? 'Too many attempts. Please wait a moment and try again.',
        {
          retryAfter: Math.max(1, Math.ceil(resetMs / 1000)),
        },
      );
    }
  };
  app.decorate('rateLimit', limit);
  app.decorate('rateLimitRefund', (key: string) => store.refund(key));
  app.addHook('onClose', async () => store.close());
}
