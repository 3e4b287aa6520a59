import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassportLog } from '../../contract/log/verify-passport';
import type { Database } from '../db/client';
import { loadSampleContent } from '../db/sample/load-sample';
import { readEnv } from '../env';
import { rows } from '../features/log/log-test-kit';
import { publicPassport } from '../features/public-passport/public-passport.queries';
import { createTestDatabase } from '../test/test-db';
import { latestCheckpoint } from './checkpoints';
import { inclusionProofs } from './proofs';
import { loadLogSigner } from './signing';
import { testCertificateSigner } from '../test/certificate-signer';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await loadLogSigner(database.db, readEnv({ NODE_ENV: 'test' }));
  await loadSampleContent(database.db, {
    demoAccounts: true,
    certificates: await testCertificateSigner(database.db),
  });
}, 120_000);
afterAll(async () => database.close());

describe('sample content in the transparency log', () => {
  it('logs every sample event, in the order written, and every sample passport verifies', async () => {
    const db = database.db;
    // Sample content makes no offers, the only events that are not leaves.
    const [counts] = await rows<{ events: number; leaves: number; unlogged: number }>(
      db,
      sql`select (select count(*)::int from instrument_events) as events, (select count(*)::int from log_leaves) as leaves,
        (select count(*)::int from instrument_events e where not exists
          (select 1 from log_leaves l where l.event_id = e.id)) as unlogged`,
    );
    expect(counts!.events).toBeGreaterThan(10);
    expect(counts).toEqual({ events: counts!.events, leaves: counts!.events, unlogged: 0 });
    const order = await rows<{ at: string }>(
      db,
      sql`select e.created_at::text as at from log_leaves l join instrument_events e on e.id = l.event_id order by l.index`,
    );
    expect(order.map((o) => o.at)).toEqual(order.map((o) => o.at).sort());

    const signer = await loadLogSigner(db, readEnv({ NODE_ENV: 'test' }));
    const checkpoint = await latestCheckpoint(db, signer);
    const leaves = await rows<{ index: number; code: string; leaf: string }>(
      db,
      sql`select index::int as index, passport_code as code, leaf from log_leaves order by passport_code, seq`,
    );
    const proofs = await inclusionProofs(
      db,
      leaves.map((l) => l.index),
      checkpoint.size,
    );
    const byCode = new Map<string, { index: number; leafBase64: string; proof: string[] }[]>();
    leaves.forEach((l, i) =>
      byCode.set(l.code, [
        ...(byCode.get(l.code) ?? []),
        {
          index: l.index,
          leafBase64: Buffer.from(l.leaf).toString('base64'),
          proof: proofs[i]!.map((h) => Buffer.from(h, 'hex').toString('base64')),
        },
      ]),
    );
    for (const [code, entries] of byCode) {
      const result = await verifyPassportLog({ vkey: signer.vkey, checkpoint: checkpoint.note, entries });
      expect([code, result.ok]).toEqual([code, true]);
    }
  });

  it('names no private sample owner in any leaf; the public passports name only owners who chose to be', async () => {
    const db = database.db;
    const owners = await rows<{ name: string; display: string | null; public: boolean; code: string }>(
      db,
      sql`select o.owner_name as name, u.display_name as display, coalesce(u.owner_privacy = false, false) as public,
            i.passport_code as code
          from ownership_records o join instruments i on i.id = o.instrument_id
          left join users u on u.id = o.user_id`,
    );
    const privateNames = [
      ...new Set(owners.filter((o) => !o.public).flatMap((o) => [o.name, o.display ?? o.name])),
    ];
    const publicOwners = owners.filter((o) => o.public);
    // Both kinds exist: owners without an account (who never chose) and the makers, who chose to be named.
    expect(privateNames.length).toBeGreaterThan(5);
    expect(publicOwners.length).toBeGreaterThan(5);
    const leaves = await rows<{ leaf: string }>(db, sql`select leaf from log_leaves`);
    const found = privateNames.filter((name) => leaves.some((l) => l.leaf.includes(name)));
    expect(found).toEqual([]);
    for (const code of [...new Set(owners.map((o) => o.code))]) {
      const page = JSON.stringify(await publicPassport(db, code));
      expect([code, privateNames.filter((name) => page.includes(name))]).toEqual([code, []]);
    }
    const named = publicOwners[0]!;
    const page = await publicPassport(db, named.code);
    expect(page?.provenance.map((p) => p.name)).toContain(named.display);
  });
});
