import os from 'node:os';
import argon2 from 'argon2';
import { createHashQueue } from './hash-queue';

// OWASP's argon2id baseline (19 MiB, 2 passes) keeps a sign-in well under 100 ms on this hardware. Under the test
// runner (VITEST) the cheapest setting serves instead: some 30 ms of CPU per sign-in, thousands of sign-ins per
// run, spent on nothing a test checks. A hash names its own setting, so either verifies under both; every process
// outside the runner (the server the e2e journeys and the process tests start) keeps the baseline.
const OPTIONS = {
  type: argon2.argon2id,
  memoryCost: process.env.VITEST ? 1024 : 19_456,
  timeCost: process.env.VITEST ? 1 : 2,
  parallelism: 1,
} as const;

/**
 * Hashes at once: each keeps a core busy for its whole run, so one core is always left to the event loop (and
 * libuv's other threads to files and crypto). One on a two-core machine, where two let a flood of sign-ins take
 * both cores and stretch every other request's p99; never more than two.
 */
const HASH_CONCURRENCY = Math.max(1, Math.min(2, os.availableParallelism() - 1));
export const hashQueue = createHashQueue(HASH_CONCURRENCY, 64);

export const hashPassword = (password: string) => hashQueue.run(() => argon2.hash(password, OPTIONS));

let dummyHash: Promise<string> | undefined;

/** Verifies a password; with no hash (unknown account) it still spends the same time, so timing tells nothing. */
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= argon2.hash('not-a-real-password-but-same-cost', OPTIONS);
    const dummy = await dummyHash;
    await hashQueue.run(() => argon2.verify(dummy, password).catch(() => false));
    return false;
  }
  return hashQueue.run(() => argon2.verify(hash, password).catch(() => false));
}

const COMMON = new Set(
  `password password1 password12 password123 password1234 12345678 123456789 1234567890 123123123 11111111 00000000
  qwertyuiop qwerty123 qwerty12 1q2w3e4r 1q2w3e4r5t iloveyou princess sunshine football baseball welcome1
  welcome123 letmein1 abc12345 abcd1234 admin123 administrator passw0rd p@ssw0rd trustno1 superman batman123
  starwars dragon123 monkey123 master123 whatever 87654321 11223344 qazwsxedc zaq12wsx asdfghjkl 1qaz2wsx
  changeme changeme1 guitar123 guitarist violin123 iloveyou1 football1 computer internet michael1 jennifer`.split(
    /\s+/,
  ),
);

export const isCommonPassword = (password: string) => COMMON.has(password.toLowerCase());
