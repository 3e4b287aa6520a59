import { ErrorCodes } from '../../contract/errors';
import { AppError } from '../plugins/errors';

/**
 * Password hashing is deliberately expensive (argon2id, ~19 MiB and tens of ms each). Unbounded, a flood of
 * sign-ins would occupy libuv's whole thread pool and every other request that needs it (files, crypto, DNS)
 * would wait. At most `concurrency` hashes run at once; up to `maxQueued` wait their turn; beyond that the
 * request is refused at once with 503 and Retry-After rather than queued without end.
 */
export function createHashQueue(concurrency: number, maxQueued: number) {
  let running = 0;
  let started = 0;
  const waiting: (() => void)[] = [];

  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < concurrency) running += 1;
      else if (waiting.length >= maxQueued) {
        throw new AppError(503, ErrorCodes.UNAVAILABLE, 'The server is busy. Please try again in a moment.', {
          retryAfter: 2,
        });
      } else await new Promise<void>((resolve) => waiting.push(resolve));
      started += 1;
      try {
        return await task();
      } finally {
        release();
      }
    },
    /** Hashes running, waiting, and started since the process began. */
    stats: () => ({ running, queued: waiting.length, started }),
  };
}
