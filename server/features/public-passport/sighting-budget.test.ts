import crypto from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema';
import { redisStore } from '../../plugins/rate-limit';
import { createTestApp, freshIp, postFrom, signedInUser, type TestApp } from '../../test/test-app';
import { instrumentOf, luthierWithShop } from '../registry/registry-test-kit';
import {
  CHECKS_PER_MINUTE,
  SIGHTINGS_PER_HOUR,
  SIGHTINGS_PER_PASSPORT_PER_DAY,
} from './public-passport.routes';

// the budget for "I have information" is each source's own (its address, and its account when
// signed in), per hour and per passport, and is spent only by a sighting that is relayed. Junk from a few
// addresses cannot silence the witnesses who come after. Real limits; with TEST_REDIS_URL (or REDIS_URL) the
// counters live in Redis, as with several instances.
const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;

let t: TestApp;
let maker: Awaited<ReturnType<typeof luthierWithShop>>;
beforeAll(async () => {
  t = await createTestApp({
    env: { RATE_LIMIT_SCALE: '1' },
    ...(redisUrl
      ? { rateLimitStore: redisStore(redisUrl, () => undefined, `rl:test:${crypto.randomUUID()}:`) }
      : {}),
  });
  maker = await luthierWithShop(t, 'Stolen Goods Bench');
});
afterAll(async () => t.close());

const stolen = () => instrumentOf(t, maker.shop.id, { name: 'Missing Archtop', status: 'stolen' });
const sight = (code: string, ip: string, cookie?: string, message = 'Seen at a pawn shop downtown.') =>
  postFrom(t, '/api/public/check/sightings', { code, message }, { ip, ...(cookie ? { cookie } : {}) });
const relayed = async (instrumentName = 'Missing Archtop') => {
  const [row] = await t.db
    .select({ n: count() })
    .from(notifications)
    .where(
      and(
        eq(notifications.kind, 'stolen_sighting'),
        eq(notifications.title, `Information about your stolen ${instrumentName}`),
      ),
    );
  return row?.n ?? 0;
};

describe('the sightings budget', () => {
  it('is per address and passport: four junk senders leave a real witness free to write', async () => {
    const inst = await stolen();
    const before = await relayed();
    const junk = [freshIp(), freshIp(), freshIp(), freshIp()];
    for (const ip of junk) {
      const statuses = [];
      for (let i = 0; i < 5; i++)
        statuses.push((await sight(inst.passportCode, ip, undefined, `junk ${i} junk junk`)).statusCode);
      expect(statuses).toEqual([
        ...Array<number>(SIGHTINGS_PER_PASSPORT_PER_DAY).fill(200),
        ...Array<number>(5 - SIGHTINGS_PER_PASSPORT_PER_DAY).fill(429),
      ]);
    }
    const witness = await sight(
      inst.passportCode,
      freshIp(),
      undefined,
      'It is in the window of a shop on Main St.',
    );
    expect(witness.statusCode).toBe(200);
    expect(await relayed()).toBe(before + junk.length * SIGHTINGS_PER_PASSPORT_PER_DAY + 1);
  });

  it('follows a signed-in account from address to address', async () => {
    const inst = await stolen();
    const person = await signedInUser(t, { displayName: 'Roaming Reporter' }, { fromOwnAddress: true });
    for (let i = 0; i < SIGHTINGS_PER_PASSPORT_PER_DAY; i++)
      expect((await sight(inst.passportCode, freshIp(), person.cookie)).statusCode).toBe(200);
    const moved = await sight(inst.passportCode, freshIp(), person.cookie);
    expect(moved.statusCode).toBe(429);
    expect(Number(moved.headers['retry-after'])).toBeGreaterThan(0);
    // Someone else, signed out, still reaches the owner.
    expect((await sight(inst.passportCode, freshIp())).statusCode).toBe(200);
  });

  it('caps one address at its hourly number across passports', async () => {
    const [a, b] = [await stolen(), await stolen()];
    const ip = freshIp();
    const statuses = [];
    for (let i = 0; i <= SIGHTINGS_PER_HOUR; i++)
      statuses.push((await sight((i % 2 ? b : a).passportCode, ip)).statusCode);
    expect(statuses).toEqual([...Array<number>(SIGHTINGS_PER_HOUR).fill(200), 429]);
  });

  it('is not spent by a code that is no stolen instrument, nor by a message that fails validation', async () => {
    const inst = await stolen();
    const ip = freshIp();
    for (let i = 0; i < SIGHTINGS_PER_HOUR + 2; i++) {
      expect((await sight(`LR-AAAA-${String(i).padStart(4, 'B')}`, ip)).statusCode).toBe(404);
      expect((await sight(inst.passportCode, ip, undefined, 'short')).statusCode).toBe(400);
    }
    expect((await sight(inst.passportCode, ip)).statusCode).toBe(200);
  });

  it('counts each lookup as a check, so codes cannot be probed faster than /check allows', async () => {
    const ip = freshIp();
    const statuses = [];
    for (let i = 0; i <= CHECKS_PER_MINUTE; i++) statuses.push((await sight('LR-ZZZZ-ZZZZ', ip)).statusCode);
    expect(statuses).toEqual([...Array<number>(CHECKS_PER_MINUTE).fill(404), 429]);
  });
});
