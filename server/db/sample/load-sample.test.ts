import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client';
import { instrumentListings, instruments, serviceRecords, shops, users } from '../schema';
import { createTestDatabase } from '../../test/test-db';
import { DEMO_ACCOUNTS, SAMPLE_LUTHIERS } from './accounts-sample';
import { loadSampleContent, type SampleStep } from './load-sample';
import { testCertificateSigner } from '../../test/certificate-signer';
import pino from 'pino';
import { prepareDatabase } from '../../database-build';
import { readEnv } from '../../env';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

describe('sample content', () => {
  it('loads once, idempotently, with demo accounts outside production', async () => {
    const first = await loadSampleContent(database.db, {
      demoAccounts: true,
      certificates: await testCertificateSigner(database.db),
    });
    expect(first).toContain('accounts:makers');
    expect(first).toContain('accounts:demo');
    expect(
      await loadSampleContent(database.db, {
        demoAccounts: true,
        certificates: await testCertificateSigner(database.db),
      }),
    ).toEqual([]);
    const [shopCount] = await database.db.select({ n: count() }).from(shops);
    expect(shopCount?.n).toBe(SAMPLE_LUTHIERS.length + 1);
    const demo = await database.db
      .select()
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNTS.enthusiast.email));
    expect(demo).toHaveLength(1);
    // Sample and demo people have proven addresses: offers to them are visible at once.
    const everyone = await database.db.select({ verifiedAt: users.emailVerifiedAt }).from(users);
    expect(everyone.length).toBeGreaterThan(10);
    expect(everyone.filter((u) => u.verifiedAt === null)).toEqual([]);
    // A buyer finds something for sale: every instrument its maker still owns, listed by that maker (its
    // current owner) with a price in a currency.
    const listed = await database.db
      .select({ listing: instrumentListings, ownerId: instruments.currentOwnerId })
      .from(instrumentListings)
      .innerJoin(instruments, eq(instruments.id, instrumentListings.instrumentId));
    const makersOwn = await database.db
      .select({ id: instruments.id })
      .from(instruments)
      .innerJoin(shops, eq(shops.id, instruments.makerShopId))
      .where(and(eq(instruments.currentOwnerId, shops.ownerId), eq(instruments.status, 'active')));
    expect(makersOwn.length).toBeGreaterThanOrEqual(2);
    expect(listed.map((l) => l.listing.instrumentId).sort()).toEqual(makersOwn.map((m) => m.id).sort());
    for (const { listing, ownerId } of listed) {
      expect(listing).toMatchObject({ ownerId, status: 'for-sale' });
      expect(Number(listing.price)).toBeGreaterThan(0);
      expect(['EUR', 'USD', 'GBP']).toContain(listing.currency);
    }
    // The README's sample: the makers list in euros, dollars and pounds.
    expect([...new Set(listed.map((l) => l.listing.currency))].sort()).toEqual(['EUR', 'GBP', 'USD']);
    // Estimates and service costs in the workshops' own currencies, not all dollars: euros in Cremona, yen in
    // Kyoto; every amount with its currency.
    const valued = await database.db
      .select({
        name: instruments.name,
        value: instruments.estimatedValue,
        currency: instruments.estimatedValueCurrency,
      })
      .from(instruments);
    expect(valued.filter((v) => (v.value == null) !== (v.currency == null))).toEqual([]);
    expect(valued).toContainEqual({ name: 'Cremona Guarneri Copy', value: 25200, currency: 'EUR' });
    expect(valued).toContainEqual({ name: 'Tanaka Hinoki Classical', value: 1_100_000, currency: 'JPY' });
    const costs = await database.db
      .selectDistinct({ currency: serviceRecords.costCurrency })
      .from(serviceRecords);
    expect(costs.map((c) => c.currency)).toEqual(expect.arrayContaining(['EUR', 'JPY', 'USD']));
  });

  it('never creates demo accounts in production', async () => {
    const prod = await createTestDatabase();
    try {
      const ran = await loadSampleContent(prod.db, {
        demoAccounts: false,
        certificates: await testCertificateSigner(prod.db),
      });
      expect(ran).not.toContain('accounts:demo');
      expect(
        await prod.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.luthier.email)),
      ).toHaveLength(0);
    } finally {
      await prod.close();
    }
    // A whole sample load on a fresh database (search words and sample offers included): not a unit's budget.
  }, 120_000);

  it('a start listening beyond loopback loads the sample content but no demo account; on loopback it has them', async () => {
    for (const [HOST, expected] of [
      ['0.0.0.0', 0],
      ['192.168.1.20', 0],
      ['127.0.0.1', 1],
    ] as const) {
      const db = await createTestDatabase();
      try {
        const env = readEnv({ NODE_ENV: 'test', HOST, SAMPLE_DATA: '1', LOG_LEVEL: 'silent' });
        expect(await prepareDatabase(db, env, pino({ level: 'silent' })), HOST).toBe(true);
        for (const email of [
          DEMO_ACCOUNTS.luthier.email,
          DEMO_ACCOUNTS.enthusiast.email,
          'admin@example.com',
        ])
          expect(
            await db.db.select().from(users).where(eq(users.email, email)),
            `${HOST} ${email}`,
          ).toHaveLength(expected);
        const [makers] = await db.db.select({ n: count() }).from(shops);
        expect(makers?.n, HOST).toBeGreaterThanOrEqual(SAMPLE_LUTHIERS.length);
      } finally {
        await db.close();
      }
    }
  }, 240_000);

  it('a failing step leaves nothing behind and runs again next time', async () => {
    let attempts = 0;
    const flaky: SampleStep = {
      name: 'test:flaky',
      async run(db) {
        attempts += 1;
        await db
          .insert(users)
          .values({ email: `flaky${attempts}@example.test`, passwordHash: 'x', displayName: 'Flaky' });
        if (attempts === 1) throw new Error('boom');
      },
    };
    await expect(
      loadSampleContent(database.db, {
        demoAccounts: true,
        certificates: await testCertificateSigner(database.db),
        steps: [flaky],
      }),
    ).rejects.toThrow('boom');
    expect(await database.db.select().from(users).where(eq(users.email, 'flaky1@example.test'))).toHaveLength(
      0,
    );
    expect(
      await loadSampleContent(database.db, {
        demoAccounts: true,
        certificates: await testCertificateSigner(database.db),
        steps: [flaky],
      }),
    ).toEqual(['test:flaky']);
  });
});
