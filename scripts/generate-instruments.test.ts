import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fromHex } from '../contract/log/bytes';
import { verifyConsistency, verifyInclusion } from '../contract/log/merkle';
import { createShop, createUser } from '../server/db/builders/accounts';
import { migrateDatabase, openDatabase, type Database } from '../server/db/client';
import {
  instrumentEvents,
  instrumentImages,
  instruments,
  logLeaves,
  ownershipRecords,
} from '../server/db/schema';
import { readHead } from '../server/log/append';
import { consistencyProof, inclusionProofs, rootAt } from '../server/log/proofs';
import { leafHashHex } from '../server/log/tree';
import { nodeArgs, repoRoot } from '../server/test/processes';
import { createPostgresDatabase, testBackend } from '../server/test/test-db';

const run = promisify(execFile);
let dataDir: string;
/** The script's database: a PGlite data folder, or (TEST_DB=postgres) a database of its own on that server. */
let target: { DATA_DIR: string; DATABASE_URL?: string };
let dropPostgres = async () => undefined as void;
const open = () => openDatabase(target.DATABASE_URL ? { url: target.DATABASE_URL } : { dataDir });
const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
const indexes = async (database: Database) =>
  rowsOf<{ indexdef: string }>(
    await database.db.execute(
      sql`select indexdef from pg_indexes where schemaname = current_schema() order by indexname`,
    ),
  ).map((r) => r.indexdef);
let indexesBefore: string[];

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scale-script-'));
  target = { DATA_DIR: dataDir };
  if (testBackend === 'postgres') {
    const { url, drop } = await createPostgresDatabase(inject('postgresTemplate') || undefined);
    target.DATABASE_URL = url;
    dropPostgres = drop;
  }
  const database = await open();
  await migrateDatabase(database);
  const maker = await createUser(database.db, { role: 'luthier', handle: 'scale-maker' });
  await createShop(database.db, maker.id, { name: 'Scale Shop' });
  indexesBefore = await indexes(database);
  await database.close();
});
afterAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await dropPostgres();
});

const generate = async (count: string) =>
  run(process.execPath, [...(await nodeArgs('scripts/generate-instruments.ts')), count], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, NODE_ENV: 'test', ...target },
  });

describe('npm run sample:scale', () => {
  it('adds the asked number of passports, each with a drawing, a first owner and a logged "created" event', async () => {
    const { stdout } = await generate('1500');
    expect(stdout).toContain('1,500 / 1,500 instruments');
    // An empty registry more than doubles: one transaction, the indexes built after the rows.
    expect(stdout).toContain('Growing in one transaction');
    const database = await open();
    const count = async (
      table:
        | typeof instruments
        | typeof instrumentImages
        | typeof ownershipRecords
        | typeof instrumentEvents
        | typeof logLeaves,
    ) => (await database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n;
    expect(await count(instruments)).toBe(1500);
    expect(await count(instrumentImages)).toBe(1500);
    expect(await count(ownershipRecords)).toBe(1500);
    expect(await count(instrumentEvents)).toBe(1500);
    // Every event is a leaf of the transparency log, each passport's chain starting at 0.
    expect(await count(logLeaves)).toBe(1500);
    const [chains] = await database.db
      .select({
        n: sql<number>`count(distinct ${logLeaves.passportCode})::int`,
        top: sql<number>`max(${logLeaves.seq})::int`,
      })
      .from(logLeaves);
    expect(chains).toEqual({ n: 1500, top: 0 });
    expect((await readHead(database.db)).size).toBe(1500);
    // The dropped indexes are back, exactly as the migrations made them.
    expect(await indexes(database)).toEqual(indexesBefore);
    await database.close();
    // A child process on a shared machine: its start and migrations alone can take half a minute.
  }, 120_000);

  it('grows a larger registry slice by slice with its indexes in place, and the log extends the earlier tree', async () => {
    const database = await open();
    const earlier = { size: 1500, root: await rootAt(database.db, 1500) };
    await database.close();
    const { stdout } = await generate('300');
    expect(stdout).toContain('300 / 300 instruments');
    expect(stdout).not.toContain('Growing in one transaction');
    const after = await open();
    const { db } = after;
    expect(rowsOf(await db.execute(sql`select count(*)::int as n from instruments`))).toEqual([{ n: 1800 }]);
    expect((await readHead(db)).size).toBe(1800);
    const root = await rootAt(db, 1800);
    expect(
      await verifyConsistency(
        earlier.size,
        1800,
        fromHex(earlier.root),
        fromHex(root),
        (await consistencyProof(db, earlier.size, 1800)).map(fromHex),
      ),
    ).toBe(true);
    for (const index of [1500, 1799]) {
      const [leaf] = rowsOf<{ leaf: string; leaf_hash: string }>(
        await db.execute(sql`select leaf, leaf_hash from log_leaves where index = ${index}`),
      );
      // Hashed as the app hashes a leaf, and proven into the tree.
      expect(leafHashHex(leaf!.leaf)).toBe(leaf!.leaf_hash);
      const [proof] = await inclusionProofs(db, [index], 1800);
      expect(
        await verifyInclusion(index, 1800, fromHex(leaf!.leaf_hash), proof!.map(fromHex), fromHex(root)),
      ).toBe(true);
    }
    expect(await indexes(after)).toEqual(indexesBefore);
    await after.close();
  }, 120_000);

  it('refuses a bad count', async () => {
    await expect(
      run(process.execPath, [...(await nodeArgs('scripts/generate-instruments.ts')), 'lots'], {
        cwd: repoRoot,
        env: { PATH: process.env.PATH, DATA_DIR: dataDir },
      }),
    ).rejects.toMatchObject({ code: 2 });
  });
});
