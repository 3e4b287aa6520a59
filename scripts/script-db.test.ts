import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { listKeys } from '../server/certificates/keys';
import type { DatabaseBuilder } from '../server/database-build';
import { readEnv } from '../server/env';
import { startServer } from '../server/main';
import { nodeArgs, repoRoot } from '../server/test/processes';

// The command-line scripts on a data folder with no database yet: they build it as the server's first start does
// (aside, moved into place whole), so the server opens what they made, and a script killed mid-build leaves none.
const run = promisify(execFile);
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'script-db-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
/** A data folder that does not exist yet (the script makes it). */
const newDataDir = (name: string) => path.join(root, name);
const scriptEnv = (dataDir: string) => ({
  PATH: process.env.PATH,
  DATA_DIR: dataDir,
  NODE_ENV: 'test',
  SAMPLE_DATA: '0',
  LOG_LEVEL: 'warn',
});

async function script(entry: string, dataDir: string, ...args: string[]) {
  const { stdout, stderr } = await run(process.execPath, [...(await nodeArgs(entry)), ...args], {
    cwd: repoRoot,
    env: scriptEnv(dataDir),
  });
  return stdout + stderr;
}

const refuse: DatabaseBuilder = () => Promise.reject(new Error('the server built a database again'));

describe('scripts on a new data folder', () => {
  it('npm run db:migrate builds the whole database the server then opens as it is', async () => {
    const dataDir = newDataDir('migrated');
    const migrated = await script('server/db/migrate-cli.ts', dataDir);
    expect(migrated).toContain(`No database in ${dataDir} yet: building one`);
    expect(migrated).toContain('Migrations applied (pglite).');
    expect(fs.readdirSync(dataDir)).toEqual(['pgdata']);

    // Built as the server builds: the certificate key a first start makes is there already.
    const keys = await script('scripts/admin.ts', dataDir, 'keys', 'list');
    expect(keys).not.toContain('building one');
    const kid = /^(\S+) {2}unused {2}generated /m.exec(keys)?.[1];
    expect(kid, keys).toBeTruthy();

    // The server opens that folder without building again, and signs with that same key.
    const env = readEnv({ ...scriptEnv(dataDir), HOST: '127.0.0.1', PORT: '0' });
    const server = await startServer(env, pino({ level: 'warn' }), { buildDatabase: refuse });
    try {
      expect((await server.app.inject('/healthz')).statusCode).toBe(200);
      expect((await listKeys(server.database.db)).map((k) => k.kid)).toEqual([kid]);
    } finally {
      await server.stop();
    }
  }, 240_000);

  it('a script killed during the build leaves no pgdata, and the next one discards what it left', async () => {
    const dataDir = newDataDir('killed');
    const child = spawn(process.execPath, [...(await nodeArgs('scripts/admin.ts')), 'keys', 'list'], {
      cwd: repoRoot,
      env: scriptEnv(dataDir),
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    const staging = path.join(dataDir, 'new-database', 'pgdata');
    const deadline = Date.now() + 120_000;
    while (!fs.existsSync(staging) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    child.kill('SIGKILL');
    await exited;
    expect(fs.readdirSync(dataDir).sort()).toEqual(['new-database', 'server.lock']);

    const again = await script('scripts/admin.ts', dataDir, 'keys', 'list');
    expect(again).toMatch(/ {2}unused {2}generated /);
    expect(fs.readdirSync(dataDir)).toEqual(['pgdata']);
  }, 240_000);
});
