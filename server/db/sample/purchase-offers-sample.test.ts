import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../client';
import { purchaseOffers } from '../schema';
import { createTestDatabase } from '../../test/test-db';
import { testCertificateSigner } from '../../test/certificate-signer';
import { loadSampleContent } from './load-sample';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

it('a fresh start has open offers on listed instruments in at least three currencies', async () => {
  await loadSampleContent(database.db, {
    demoAccounts: true,
    certificates: await testCertificateSigner(database.db),
  });
  const open = await database.db
    .select()
    .from(purchaseOffers)
    .where(inArray(purchaseOffers.status, ['open', 'countered']));
  expect(new Set(open.map((o) => o.currency)).size).toBeGreaterThanOrEqual(3);
  for (const o of open) {
    expect(o.buyerId).not.toBe(o.sellerId);
    expect(o.conversationId).not.toBeNull();
    expect(o.expiresAt.getTime()).toBeGreaterThan(Date.now());
  }
  expect(open.some((o) => o.status === 'countered')).toBe(true);
});
