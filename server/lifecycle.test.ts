import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './test/processes';
import { createPostgresDatabase, testBackend } from './test/test-db';

// The real process: one owner per DATA_DIR, acknowledged writes survive kill -9, SIGTERM exits 0.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lifecycle-'));
const running: ServerProcess[] = [];
let pg: { url: string; drop: () => Promise<void> } | undefined;
beforeAll(async () => {
  if (testBackend === 'postgres') pg = await createPostgresDatabase();
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
  }, 120_000);
});
