import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { spawn } from 'node:child_process';
import { nodeArgs, repoRoot, startServerProcess, type ServerProcess } from './test/processes';
import { createPostgresDatabase, testBackend } from './test/test-db';

// The real process: one owner per DATA_DIR, acknowledged writes survive kill -9, SIGTERM exits 0.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lifecycle-'));
const running: ServerProcess[] = [];
let pg: { url: string; drop: () => Promise<void> } | undefined;
beforeAll(async () => {
  if (testBackend === 'postgres') pg = await createPostgresDatabase();
  // The first describe's folder starts from the suite's migrated template: building a new folder's database (initdb
  // and every migration, in a child process) is the second describe's subject, which builds one from nothing.
  else {
    const client = new PGlite(path.join(dataDir, 'pgdata'), {
      extensions: { pg_trgm },
      loadDataDir: new Blob([fs.readFileSync(inject('pgliteTemplate'))]),
    });
    await client.waitReady;
    await client.close();
  }
});
afterAll(async () => {
  for (const p of running) p.child.kill('SIGKILL');
  await Promise.all(running.map((p) => p.exited));
  await pg?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const baseEnv = (): Record<string, string> =>
  pg
    ? { DATA_DIR: dataDir, SAMPLE_DATA: '0', DATABASE_URL: pg.url }
    : { DATA_DIR: dataDir, SAMPLE_DATA: '0' };

const register = (url: string, email: string) =>
  fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'a long enough passphrase', displayName: 'Lifecycle Test' }),
  });

const login = (url: string, email: string) =>
  fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'a long enough passphrase' }),
  });

describe('server process', () => {
  const email = `lifecycle-${Date.now()}@example.test`;

  it('serves, refuses a second owner of the data folder, survives kill -9, and stops on SIGTERM', async () => {
    const first = await startServerProcess(baseEnv());
    running.push(first);
    expect((await fetch(`${first.url}/api/auth/me`).then((r) => r.json())) as unknown).toEqual({
      user: null,
    });
    expect((await register(first.url, email)).status).toBe(201);

    if (testBackend === 'pglite') {
      const second = await startServerProcess(baseEnv(), { waitReady: false });
      running.push(second);
      expect(await second.exited).not.toBe(0);
      expect(second.output()).toContain('already using the data folder');
    }

    first.child.kill('SIGKILL');
    await first.exited;

    const third = await startServerProcess(baseEnv());
    running.push(third);
    expect((await login(third.url, email)).status).toBe(200);

    const started = Date.now();
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 600_000);
});

/** A process that has not exited (a zombie waiting for its reaper counts as exited). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) [ZX]/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

const childrenOf = (pid: number): number[] =>
  fs
    .readdirSync(`/proc/${pid}/task`)
    .flatMap((tid) => fs.readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(/\s+/))
    .filter(Boolean)
    .map(Number);

const until = async (done: () => boolean) => {
  while (!done()) await new Promise((r) => setTimeout(r, 50));
};

// A new embedded database is built by a child process in DATA_DIR/new-database under the server's lock
// (server/database-build.ts).
describe.skipIf(testBackend !== 'pglite')('first start on a new data folder', () => {
  it('killed while its child builds the database: the child stops, nothing half-built is served, the next start builds again', async () => {
    const fresh = fs.mkdtempSync(path.join(dataDir, 'fresh-'));
    const first = await startServerProcess({ DATA_DIR: fresh, SAMPLE_DATA: '0' }, { waitReady: false });
    running.push(first);
    const pid = first.child.pid!;
    let builder: number | undefined;
    await until(() => {
      builder = fs.existsSync(path.join(fresh, 'new-database')) ? childrenOf(pid)[0] : undefined;
      return builder !== undefined || first.child.exitCode !== null;
    });
    expect(builder).toBeDefined();
    first.child.kill('SIGKILL');
    await first.exited;
    await until(() => !alive(builder!));
    expect(fs.existsSync(path.join(fresh, 'pgdata'))).toBe(false);

    const second = await startServerProcess({ DATA_DIR: fresh, SAMPLE_DATA: '0' });
    running.push(second);
    expect(fs.readdirSync(fresh).sort()).toEqual(['pgdata', 'server.lock']);
    expect((await register(second.url, `fresh-${Date.now()}@example.test`)).status).toBe(201);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 600_000);

  it('the builder refuses to run for a process that does not hold the lock', async () => {
    const folder = fs.mkdtempSync(path.join(dataDir, 'unowned-'));
    const child = spawn(process.execPath, await nodeArgs('server/index.ts'), {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        DATA_DIR: folder,
        LUTHIER_BUILD_DATABASE_INTO: path.join(folder, 'new-database'),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(1);
    expect(err).toContain('runs only for the server that holds');
    expect(fs.readdirSync(folder)).toEqual([]);
  });
});
