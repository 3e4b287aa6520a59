import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { buildInProcess, buildNewDataDir, type DatabaseBuilder } from './database-build';
import { openDatabase } from './db/client';
import { readEnv } from './env';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
const envFor = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'database-build-'));
  dirs.push(dir);
  return readEnv({ DATA_DIR: dir, SAMPLE_DATA: '0', NODE_ENV: 'test' });
};
const log = pino({ level: 'silent' });

async function migrationsIn(dataDir: string): Promise<number> {
  const database = await openDatabase({ dataDir });
  try {
    const result = await database.db.execute(
      sql.raw('select count(*)::int as n from drizzle.__drizzle_migrations'),
    );
    return (result as { rows: { n: number }[] }).rows[0]!.n;
  } finally {
    await database.close();
  }
}

const migrationCount = fs.readdirSync(path.resolve('drizzle')).filter((f) => f.endsWith('.sql')).length;

describe('buildNewDataDir', () => {
  it('builds a new folder’s database aside, moves it into place whole, and leaves an existing one alone', async () => {
    const env = envFor();
    expect(await buildNewDataDir(env, log, buildInProcess)).toBe(true);
    expect(fs.readdirSync(env.dataDir)).toEqual(['pgdata']);
    expect(await migrationsIn(env.dataDir)).toBe(migrationCount);

    const refuse: DatabaseBuilder = () =>
      Promise.reject(new Error('must not build over an existing database'));
    expect(await buildNewDataDir(env, log, refuse)).toBe(false);
  }, 300_000);

  it('serves nothing half-built: a build that fails leaves no pgdata, and a leftover is discarded', async () => {
    const env = envFor();
    // The real builder is the first test's; here only what buildNewDataDir does around one matters, so the
    // builders write files instead of running initdb (a PGlite initdb costs seconds of WASM each).
    const halfway: DatabaseBuilder = (_env, dataDir) => {
      fs.mkdirSync(path.join(dataDir, 'pgdata'));
      fs.writeFileSync(path.join(dataDir, 'pgdata/PG_VERSION'), '17');
      return Promise.reject(new Error('the builder died before the migrations'));
    };
    await expect(buildNewDataDir(env, log, halfway)).rejects.toThrow('died before the migrations');
    expect(fs.readdirSync(env.dataDir)).toEqual([]);

    // What a killed builder leaves behind: its folder, with whatever it had written.
    fs.mkdirSync(path.join(env.dataDir, 'new-database/pgdata'), { recursive: true });
    fs.writeFileSync(path.join(env.dataDir, 'new-database/pgdata/PG_VERSION'), 'garbage');
    const whole: DatabaseBuilder = (_env, dataDir) => {
      // The builder starts from an empty staging folder: nothing of the leftover is there to build on.
      expect(fs.readdirSync(dataDir)).toEqual([]);
      fs.mkdirSync(path.join(dataDir, 'pgdata'));
      fs.writeFileSync(path.join(dataDir, 'pgdata/PG_VERSION'), '17');
      return Promise.resolve();
    };
    expect(await buildNewDataDir(env, log, whole)).toBe(true);
    expect(fs.readdirSync(env.dataDir)).toEqual(['pgdata']);
    expect(fs.readFileSync(path.join(env.dataDir, 'pgdata/PG_VERSION'), 'utf8')).toBe('17');
  }, 300_000);
});
