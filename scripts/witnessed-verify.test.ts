import { execFile, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogWitnesses } from '../contract/log-witnesses';
import { appendPhotos, rows } from '../server/features/log/log-test-kit';
import { makeWitness, writePolicy, type TestWitness } from '../server/features/log/witness-kit';
import { api, luthierWithShop } from '../server/features/registry/registry-test-kit';
import { readEnv } from '../server/env';
import { createSigner, logOrigin } from '../server/log/signing';
import { WITNESS_TIMEOUT_MS } from '../server/log/witness-client';
import { startServer, type Server } from '../server/main';
import { freePort, nodeArgs } from '../server/test/processes';
import type { TestApp } from '../server/test/test-app';
import { createPostgresDatabase, testBackend } from '../server/test/test-db';
import { killProcess, startWitnessProcess } from '../server/test/witness-process';

/*
 * Real processes end to end: two witnesses (server/test/witness-server.ts), the registry listening at its
 * PUBLIC_URL, and the verify and monitor command lines, with a policy whose quorum needs both witnesses.
 */
// One backend: what runs here is processes (witnesses, the verify and monitor command lines) around one log; the
// log's witnessing is tested on both backends in server/log/witnessing.test.ts.
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'witnessed-verify-'));
const seed = randomBytes(32);
const witnesses = [makeWitness('A'), makeWitness('B')] as [TestWitness, TestWitness];
const children = new Map<string, ChildProcess>();
const ports: number[] = [];
const servers: Server[] = [];
const drops: (() => Promise<void>)[] = [];
let publicUrl = '';
let logVkey = '';
let policyFile = '';
let main: TestApp;
let maker: { cookie: string };
let code = '';

async function cli(script: string, ...args: string[]) {
  return run(process.execPath, [...(await nodeArgs(script)), ...args], { cwd: root }).then(
    (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout, err: e.stderr }),
  );
}

async function startLog(port: number): Promise<TestApp> {
  let databaseUrl: string | undefined;
  if (testBackend === 'postgres') {
    const pgDb = await createPostgresDatabase();
    drops.push(pgDb.drop);
    databaseUrl = pgDb.url;
  }
  const env = readEnv({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: fs.mkdtempSync(path.join(dir, 'data-')),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    PUBLIC_URL: publicUrl,
    LOG_SIGNING_KEY: seed.toString('base64'),
    LOG_POLICY: policyFile,
    SAMPLE_DATA: '0',
    RATE_LIMIT_SCALE: '1000',
  });
  const server = await startServer(env, pino({ level: 'silent' }));
  servers.push(server);
  return { app: server.app, db: server.database.db, env } as unknown as TestApp;
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 40_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const witnessStatus = async (t: TestApp) => (await t.app.inject('/api/log/witnesses')).json<LogWitnesses>();

/** Waits until the named witnesses (and no other) have cosigned the log's current size. */
async function cosignedBy(t: TestApp, names: string[]): Promise<number> {
  const size = Number((await t.app.inject('/log/checkpoint')).body.split('\n')[1]);
  await until(`${names.join(' and ')} cosign size ${size}`, async () => {
    const s = await witnessStatus(t);
    const have = s.witnesses.filter((w) => w.size === size).map((w) => w.name);
    return have.join() === names.join() ? true : undefined;
  });
  return size;
}

async function write(name: string): Promise<number> {
  const started = performance.now();
  const res = await api(main, maker.cookie).post('/api/registry/instruments', {
    name,
    instrumentType: 'guitar',
    category: 'acoustic',
    yearMade: 2021,
  });
  expect(res.statusCode).toBe(201);
  return performance.now() - started;
}

const policyWith = (quorum: string) => {
  const text = fs.readFileSync(policyFile.replace(/policy$/, 'published'), 'utf8');
  const kept = text.split('\n').filter((l) => l.startsWith('log ') || l.startsWith('witness '));
  const file = path.join(dir, `policy-${quorum}`);
  fs.writeFileSync(
    file,
    `${kept.join('\n')}\n${quorum === 'both' ? 'group both all A B\nquorum both' : `quorum ${quorum}`}\n`,
  );
  return file;
};

beforeAll(async () => {
  const port = await freePort();
  publicUrl = `http://127.0.0.1:${port}`;
  logVkey = (await createSigner(seed, logOrigin(publicUrl))).vkey;
  for (const w of witnesses) {
    ports.push(await freePort());
    children.set(
      w.name,
      await startWitnessProcess(w, ports.at(-1)!, logVkey, path.join(dir, `${w.name}.json`)),
    );
  }
  policyFile = writePolicy(
    witnesses.map((w, i) => ({ ...w, url: `http://127.0.0.1:${ports[i]}` })),
    'group both all A B\nquorum both\n',
  );
  main = await startLog(port);
  fs.writeFileSync(policyFile.replace(/policy$/, 'published'), (await main.app.inject('/log/policy')).body);
  maker = await luthierWithShop(main, 'Witnessed Workshop');
  const res = await api(main, maker.cookie).post('/api/registry/instruments', {
    name: 'Witnessed Guitar',
    instrumentType: 'guitar',
    category: 'acoustic',
    yearMade: 2020,
  });
  code = res.json<{ passportCode: string }>().passportCode;
}, 120_000);

afterAll(async () => {
  for (const s of servers) await s.stop();
  for (const child of children.values()) await killProcess(child);
  for (const drop of drops) await drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('verify and monitor against a witnessed log', () => {
  const state = path.join(dir, 'monitor');

  it('both witnesses cosign: verify (policy from the origin) passes naming them; the monitor mirrors the log', async () => {
    await cosignedBy(main, ['A', 'B']);
    const ok = await cli('scripts/verify.ts', `${publicUrl}/p/${code}`);
    expect([ok.code, ok.err]).toEqual([0, '']);
    expect(ok.out).toMatch(
      /cosigned by witness A \(witness\.test\/a\) at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/,
    );
    expect(ok.out).toMatch(/cosigned by witness B \(witness\.test\/b\) at/);
    expect(ok.out).toMatch(/quorum "both": all of A, B: met \(2 of 2 witnesses\)/);
    expect(ok.out).toMatch(new RegExp(`${code}: 1 events, chain intact`));
    const first = await cli('scripts/monitor.ts', publicUrl, '--state', state);
    expect([first.code, first.out]).toEqual([
      0,
      expect.stringMatching(/first run: \d+ entries mirrored and re-hashed/),
    ]);
  }, 120_000);

  it('one witness down: writes are acknowledged at once; verify fails the quorum of both (3), passes a quorum of A (0)', async () => {
    await killProcess(children.get('B')!);
    const elapsed = await write('Written while B is down');
    expect(elapsed / WITNESS_TIMEOUT_MS).toBeLessThan(0.2);
    // The passport's own new event, which only A can witness.
    await appendPhotoTo(code);
    await cosignedBy(main, ['A']);
    const both = await cli('scripts/verify.ts', '--policy', policyWith('both'), `${publicUrl}/p/${code}`);
    expect(both.code).toBe(3);
    expect(both.err).toMatch(
      /NOT ESTABLISHED: quorum "both": all of A, B is not met: only A cosigned; no cosignature by B/,
    );
    const one = await cli('scripts/verify.ts', '--policy', policyWith('A'), `${publicUrl}/p/${code}`);
    expect([one.code, one.out]).toEqual([0, expect.stringMatching(/2 events, chain intact/)]);
  }, 120_000);

  it('the witness back: both cosign again, verify passes, and the monitor resumes from where it stopped', async () => {
    children.set('B', await startWitnessProcess(witnesses[1], ports[1]!, logVkey, path.join(dir, 'B.json')));
    await write('Written after B is back');
    await cosignedBy(main, ['A', 'B']);
    expect((await cli('scripts/verify.ts', `${publicUrl}/p/${code}`)).code).toBe(0);
    const again = await cli('scripts/monitor.ts', publicUrl, '--state', state);
    expect([again.code, again.out]).toEqual([
      0,
      expect.stringMatching(
        /consistent with the checkpoint of \d+ entries seen before; \d+ new entries re-hashed/,
      ),
    ]);
  }, 120_000);

  it('a fork (same key and address, another history) gets no cosignature, is reported, and fails the monitor', async () => {
    const fork = await startLog(await freePort());
    const forger = await luthierWithShop(fork, 'Forked Workshop');
    const res = await api(fork, forger.cookie).post('/api/registry/instruments', {
      name: 'Forked',
      instrumentType: 'guitar',
      category: 'acoustic',
      yearMade: 2020,
    });
    const mainSize = Number((await main.app.inject('/log/checkpoint')).body.split('\n')[1]);
    await appendPhotos(fork.db, [res.json<{ id: string }>().id], 0, mainSize + 3);
    const refused = await until('the witnesses refuse the fork', async () => {
      const s = await witnessStatus(fork);
      return s.witnesses.every((w) => w.lastError?.startsWith('refused as inconsistent')) ? s : undefined;
    });
    expect(refused.witnesses.map((w) => w.size)).toEqual([null, null]);
    const forkNote = (await fork.app.inject('/log/checkpoint')).body;
    expect(
      forkNote
        .trimEnd()
        .split('\n')
        .filter((l) => l.startsWith('\u2014')).length,
    ).toBe(1);
    const forkUrl = `http://127.0.0.1:${fork.env.PORT}`;
    const monitored = await cli(
      'scripts/monitor.ts',
      forkUrl,
      '--state',
      state,
      '--policy',
      policyFile.replace(/policy$/, 'published'),
    );
    expect(monitored.code).toBe(1);
    expect(monitored.err).toMatch(
      /^FAILED: fork: the checkpoint of \d+ entries does not extend the tree of \d+ entries seen before/m,
    );
  }, 120_000);
});

/** A new event on the test passport (a photo), through the app's own append path. */
async function appendPhotoTo(passport: string): Promise<void> {
  const [inst] = await rows<{ id: string }>(
    main.db,
    sql`select id from instruments where passport_code = ${passport}`,
  );
  await appendPhotos(main.db, [inst!.id], 100, 1);
}
