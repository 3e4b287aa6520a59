import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShop, createUser } from '../server/db/builders/accounts';
import { migrateDatabase, openDatabase } from '../server/db/client';
import {
  instrumentEvents,
  instrumentImages,
  instruments,
  logLeaves,
  ownershipRecords,
} from '../server/db/schema';
import { nodeArgs, repoRoot } from '../server/test/processes';

const run = promisify(execFile);
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scale-script-'));
  const database = await openDatabase({ dataDir });
  await migrateDatabase(database);
  const maker = await createUser(database.db, { role: 'luthier', handle: 'scale-maker' });
  await createShop(database.db, maker.id, { name: 'Scale Shop' });
  await database.close();
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('npm run sample:scale', () => {
  it('adds the asked number of passports, each with a drawing, a first owner and a logged "created" event', async () => {
    const { stdout } = await run(
      process.execPath,
      [...(await nodeArgs('scripts/generate-instruments.ts')), '1500'],
      {
        cwd: repoRoot,
        env: { PATH: process.env.PATH, DATA_DIR: dataDir, NODE_ENV: 'test' },
      },
    );
    expect(stdout).toContain('1,500 / 1,500 instruments');
    const database = await openDatabase({ dataDir });
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
    await database.close();
    // A child process on a shared machine: its start and migrations alone can take half a minute.
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
