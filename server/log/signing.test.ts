import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseVerifierKey, verifyCheckpoint } from '../../contract/log/note';
import { verifyPassportLog } from '../../contract/log/verify-passport';
import { createShop, createUser } from '../db/builders/accounts';
import { createInstrument } from '../db/builders/registry';
import type { Database } from '../db/client';
import { logSigningKeys } from '../db/schema';
import { EnvError, readEnv } from '../env';
import { inclusionProofs } from './proofs';
import { latestCheckpoint } from './checkpoints';
import { createSigner, loadLogSigner, LogKeyError, logOrigin } from './signing';
import { parseSigningKey } from './signing-key';
import { appendUnloggedEvents } from './startup';
import { createTestDatabase } from '../test/test-db';
import { rows } from '../features/log/log-test-kit';

let database: Database;
const env = (extra: Record<string, string> = {}) =>
  readEnv({ NODE_ENV: 'test', PUBLIC_URL: 'https://registry.example.com', ...extra });

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

describe('log signing key', () => {
  it('signs exactly as Go’s note package does (its example key and note)', async () => {
    const seed = parseSigningKey(
      'PRIVATE+KEY+PeterNeumann+c74f20a3+AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz',
    );
    const signer = await createSigner(seed!, 'PeterNeumann');
    expect(signer.vkey).toBe('PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW');
    const text =
      "If you think cryptography is the answer to your problem,\nthen you don't know what your problem is.\n";
    expect(signer.signNote(text)).toBe(
      `${text}\n— PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n`,
    );
  });

  it('names the log after PUBLIC_URL and validates LOG_SIGNING_KEY without echoing it', () => {
    expect(logOrigin('https://registry.example.com')).toBe('registry.example.com/log');
    expect(logOrigin('http://localhost:3000')).toBe('localhost:3000/log');
    expect(logOrigin('https://example.com/registry/')).toBe('example.com/registry/log');
    expect(env({ LOG_SIGNING_KEY: Buffer.alloc(32, 3).toString('base64') }).LOG_SIGNING_KEY).toBeTruthy();
    expect(() => env({ LOG_SIGNING_KEY: 'c2VjcmV0LXRvby1zaG9ydA==' })).toThrow(EnvError);
    expect(() => env({ LOG_SIGNING_KEY: 'c2VjcmV0LXRvby1zaG9ydA==' })).toThrow(/LOG_SIGNING_KEY .*got "…"/);
  });

  it('uses LOG_SIGNING_KEY when set, otherwise generates one key and keeps it', async () => {
    const fixed = await loadLogSigner(
      database.db,
      env({ LOG_SIGNING_KEY: Buffer.alloc(32, 3).toString('base64') }),
    );
    expect(fixed.vkey).toBe((await createSigner(Buffer.alloc(32, 3), 'registry.example.com/log')).vkey);
    const first = await loadLogSigner(database.db, env());
    expect(first.vkey).not.toBe(fixed.vkey);
    expect((await loadLogSigner(database.db, env())).vkey).toBe(first.vkey);
  });

  it('appends events written before the log existed, in order, as verifiable chains', async () => {
    const user = await createUser(database.db, { role: 'luthier', handle: 'backfill-maker' });
    const shop = await createShop(database.db, user.id, { name: 'Backfill Shop' });
    const guitar = await createInstrument(database.db, { name: 'Old', makerShopId: shop.id });
    // A second apart each: two inserts within the same clock tick would tie on created_at.
    for (const [i, type] of ['verified', 'reported_stolen', 'recovered'].entries())
      await database.db.execute(
        sql`insert into instrument_events (instrument_id, type, data, created_at)
            values (${guitar.id}, ${type}, '{}'::jsonb, now() + ${i + 1} * interval '1 second')`,
      );
    expect(await appendUnloggedEvents(database.db)).toBe(3);
    expect(await appendUnloggedEvents(database.db)).toBe(0);
    const signer = await loadLogSigner(database.db, env());
    const checkpoint = await latestCheckpoint(database.db, signer);
    expect(checkpoint.size).toBe(4);
    const proofs = await inclusionProofs(database.db, [0, 1, 2, 3], 4);
    const leaves = {
      rows: await rows<{ leaf: string }>(database.db, sql`select leaf from log_leaves order by index`),
    };
    const result = await verifyPassportLog({
      vkey: signer.vkey,
      checkpoint: checkpoint.note,
      entries: leaves.rows.map((r, i) => ({
        index: i,
        leafBase64: Buffer.from(r.leaf).toString('base64'),
        proof: proofs[i]!.map((h) => Buffer.from(h, 'hex').toString('base64')),
      })),
    });
    expect(result.ok && result.verified.map((v) => v.type)).toEqual([
      'created',
      'verified',
      'reported_stolen',
      'recovered',
    ]);
    await verifyCheckpoint(checkpoint.note, await parseVerifierKey(signer.vkey));
  });

  it('refuses to start without the key once a checkpoint was signed with it', async () => {
    await database.db.delete(logSigningKeys);
    await expect(loadLogSigner(database.db, env())).rejects.toThrow(LogKeyError);
    await expect(loadLogSigner(database.db, env())).rejects.toThrow(
      /has 4 entries and signed checkpoints but no signing key: set LOG_SIGNING_KEY/,
    );
  });
});
