import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogWitnesses } from '../../contract/log-witnesses';
import { createUser } from '../db/builders/accounts';
import { notifications } from '../db/schema';
import { readEnv } from '../env';
import { appendPhotos } from '../features/log/log-test-kit';
import { api, luthierWithShop } from '../features/registry/registry-test-kit';
import { makeWitness, writePolicy, type TestWitness } from '../features/log/witness-kit';
import { startServer, type Server } from '../main';
import { createPostgresDatabase, testBackend } from '../test/test-db';
import { freePort } from '../test/processes';
import { startWitnessProcess } from '../test/witness-process';
import type { TestApp } from '../test/test-app';
import { verifyCosignatureLine } from './cosignature';
import { noteBody } from './cosignatures';
import { quorumMet } from '../../contract/log/policy';
import { createSigner, logOrigin } from './signing';
import { WITNESS_TIMEOUT_MS } from './witness-client';
import { ADVISORY_LOCK } from './witnessing';

/*
 * The log, in this process, submits to two witnesses that are real separate processes (server/test/witness-server.ts,
 * written from the tlog-witness spec): they check the log signature and the consistency proofs and cosign with
 * their own keys. The policy needs both.
 */
const PUBLIC_URL = 'http://registry.test';
const seed = randomBytes(32);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'witnessing-'));
const witnesses = [makeWitness('A'), makeWitness('B')] as [TestWitness, TestWitness];
const ports: number[] = [];
const children = new Map<string, ChildProcess>();
const servers: Server[] = [];
const drops: (() => Promise<void>)[] = [];
const databaseUrls: string[] = [];
let policyFile = '';
let logVkey = '';

async function startWitness(w: TestWitness, port: number): Promise<void> {
  children.set(w.name, await startWitnessProcess(w, port, logVkey, path.join(dir, `${w.name}.json`)));
}

async function killWitness(name: string): Promise<void> {
  const child = children.get(name)!;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

const logLines: string[] = [];

async function startLog(): Promise<{ server: Server; t: TestApp }> {
  const dataDir = fs.mkdtempSync(path.join(dir, 'data-'));
  let databaseUrl: string | undefined;
  if (testBackend === 'postgres') {
    const pgDb = await createPostgresDatabase();
    drops.push(pgDb.drop);
    databaseUrl = pgDb.url;
    databaseUrls.push(pgDb.url);
  }
  const env = readEnv({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    PUBLIC_URL,
    LOG_SIGNING_KEY: seed.toString('base64'),
    LOG_POLICY: policyFile,
    SAMPLE_DATA: '0',
    RATE_LIMIT_SCALE: '1000',
  });
  const log = pino({ level: 'warn' }, { write: (line: string) => void logLines.push(line) });
  const server = await startServer(env, log);
  servers.push(server);
  return { server, t: { app: server.app, db: server.database.db, env } as unknown as TestApp };
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The served checkpoint's size and the policy names of the witnesses whose cosignatures verify on it. */
async function cosigners(t: TestApp): Promise<{ size: number; names: Set<string> }> {
  const note = (await t.app.inject('/log/checkpoint')).body;
  const body = noteBody(note);
  const names = new Set<string>();
  for (const line of note
    .slice(body.length + 1)
    .trimEnd()
    .split('\n')) {
    const c = verifyCosignatureLine(line, body, t.env.logPolicy.witnesses);
    if (c) names.add(c.witness.name);
  }
  return { size: Number(body.split('\n')[1]), names };
}

const status = async (t: TestApp) => (await t.app.inject('/api/log/witnesses')).json<LogWitnesses>();

let main: TestApp;
let mainServer: Server;
let maker: { cookie: string };

beforeAll(async () => {
  // The witnesses trust both logs the policy names: the passport log and the index's output log, whose key is
  // derived from the same seed as its decision record states.
  const indexSeed = createHash('sha256').update('luthier-registry/index-key').update(seed).digest();
  logVkey = [
    (await createSigner(seed, logOrigin(PUBLIC_URL))).vkey,
    (await createSigner(indexSeed, logOrigin(PUBLIC_URL, 'index'))).vkey,
  ].join(' ');
  for (const w of witnesses) {
    const port = await freePort();
    ports.push(port);
    await startWitness(w, port);
  }
  policyFile = writePolicy(
    witnesses.map((w, i) => ({ ...w, url: `http://127.0.0.1:${ports[i]}` })),
    'group both all A B\nquorum both\n',
  );
  ({ t: main, server: mainServer } = await startLog());
  maker = await luthierWithShop(main, 'Witnessed Workshop');
}, 120_000);

afterAll(async () => {
  for (const s of servers) await s.stop();
  for (const child of children.values()) child.kill('SIGKILL');
  for (const drop of drops) await drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

let made = 0;
async function write(t: TestApp, cookie: string): Promise<{ elapsed: number; id: string }> {
  const started = performance.now();
  const res = await api(t, cookie).post('/api/registry/instruments', {
    name: `Witnessed ${++made}`,
    instrumentType: 'guitar',
    category: 'acoustic',
    yearMade: 2020,
  });
  const elapsed = performance.now() - started;
  expect(res.statusCode).toBe(201);
  return { elapsed, id: res.json<{ id: string }>().id };
}

describe('submitting checkpoints to witnesses', () => {
  it('gets every new checkpoint cosigned by both witnesses, which meets the quorum', async () => {
    await write(main, maker.cookie);
    const head = Number(noteBody((await main.app.inject('/api/log/checkpoint')).body).split('\n')[1]);
    expect(head).toBeGreaterThan(0);
    const seen = await until('both witnesses cosign the served checkpoint', async () => {
      const c = await cosigners(main);
      return c.size === head && c.names.size === 2 ? c : undefined;
    });
    expect(quorumMet(main.env.logPolicy, seen.names)).toBe(true);
    const s = await status(main);
    expect(s.quorum).toBe('both');
    expect(s.witnesses.map((w) => [w.name, w.size, w.lastError])).toEqual([
      ['A', head, null],
      ['B', head, null],
    ]);
  }, 60_000);

  it('with one witness down, writes are acknowledged at once and the checkpoint carries the other cosignature', async () => {
    await killWitness('B');
    const { elapsed } = await write(main, maker.cookie);
    // The write does not wait on any witness: far below what one unanswered witness request may take.
    expect(elapsed / WITNESS_TIMEOUT_MS).toBeLessThan(0.2);
    const head = Number(noteBody((await main.app.inject('/api/log/checkpoint')).body).split('\n')[1]);
    const seen = await until('witness A cosigns the new checkpoint', async () => {
      const c = await cosigners(main);
      return c.size === head && c.names.has('A') ? c : undefined;
    });
    expect([...seen.names]).toEqual(['A']);
    expect(quorumMet(main.env.logPolicy, seen.names)).toBe(false);
    const b = await until('B is reported unreachable', async () => {
      const w = (await status(main)).witnesses.find((x) => x.name === 'B')!;
      return w.lastError ? w : undefined;
    });
    expect(b.lastError).toMatch(/^unreachable \(/);
    expect(b.size).toBeLessThan(head);
  }, 60_000);

  it('when the witness is back, it catches up from the size it cosigned, with a consistency proof, and both cosign again', async () => {
    await startWitness(witnesses[1], ports[1]!);
    await write(main, maker.cookie);
    const head = Number(noteBody((await main.app.inject('/api/log/checkpoint')).body).split('\n')[1]);
    await until(
      'both witnesses cosign again',
      async () => {
        const c = await cosigners(main);
        return c.size === head && c.names.size === 2 ? c : undefined;
      },
      40_000,
    );
    const s = await status(main);
    expect(s.witnesses.map((w) => [w.name, w.size, w.lastError])).toEqual([
      ['A', head, null],
      ['B', head, null],
    ]);
  }, 60_000);

  it('a witness that answers 409 with another size gets the checkpoint again from that size', async () => {
    // B restarted without its state: it has cosigned nothing for this log, so it answers the next submission
    // (old = the size it cosigned before) with 409 and size 0, and the log resends from 0.
    await killWitness('B');
    fs.rmSync(path.join(dir, 'B.json'));
    await startWitness(witnesses[1], ports[1]!);
    await write(main, maker.cookie);
    const head = Number(noteBody((await main.app.inject('/api/log/checkpoint')).body).split('\n')[1]);
    await until('both witnesses cosign after the resync', async () => {
      const c = await cosigners(main);
      return c.size === head && c.names.size === 2 ? c : undefined;
    });
    // What the witness holds of the passport log (it also holds the index's output log, under its own origin).
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'B.json'), 'utf8'))['registry.test/log']).toEqual({
      size: head,
      root: noteBody((await main.app.inject('/log/checkpoint')).body).split('\n')[2],
    });
  }, 60_000);

  it.runIf(testBackend === 'postgres')(
    'on PostgreSQL only the holder of the advisory lock submits: another holder keeps this instance from it',
    async () => {
      // As a second instance would: hold the lock from another session.
      const other = new pg.Client({ connectionString: databaseUrls[0] });
      await other.connect();
      await other.query('select pg_advisory_lock($1)', [ADVISORY_LOCK]);
      try {
        await write(main, maker.cookie);
        const head = Number(noteBody((await main.app.inject('/api/log/checkpoint')).body).split('\n')[1]);
        // Two whole rounds after the write (the first may have begun before it), each refused the lock.
        const from = mainServer.witnessing.rounds();
        await until('two more rounds have run', async () =>
          mainServer.witnessing.rounds() >= from + 2 ? true : undefined,
        );
        expect((await cosigners(main)).names.size).toBe(0);
        expect((await status(main)).witnesses.map((w) => w.size)).toEqual([head - 1, head - 1]);
      } finally {
        await other.query('select pg_advisory_unlock($1)', [ADVISORY_LOCK]);
        await other.end();
      }
      const head = Number(noteBody((await main.app.inject('/api/log/checkpoint')).body).split('\n')[1]);
      await until('both cosign once the lock is free', async () => {
        const c = await cosigners(main);
        return c.size === head && c.names.size === 2 ? c : undefined;
      });
    },
    60_000,
  );

  it('a fork (same key and origin, another history) is refused as inconsistent and the admins are told', async () => {
    const { t: fork } = await startLog();
    const admin = await createUser(fork.db, { role: 'admin' });
    const forger = await luthierWithShop(fork, 'Forked Workshop');
    const { id } = await write(fork, forger.cookie);
    const mainSize = (await cosigners(main)).size;
    // A longer tree than the witnesses hold, so the fork must send a consistency proof from their size: it fails.
    await appendPhotos(fork.db, [id], 0, mainSize + 3);
    const refused = await until('the fork is refused by witness A', async () => {
      const w = (await status(fork)).witnesses.find((x) => x.name === 'A')!;
      return w.lastError?.startsWith('refused as inconsistent') ? w : undefined;
    });
    expect(refused.size).toBeNull();
    expect((await cosigners(fork)).names.size).toBe(0);
    const told = await until('the admin is notified', async () => {
      const rows = await fork.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, admin.id), eq(notifications.kind, 'log_witness_refused')));
      return rows.length ? rows : undefined;
    });
    expect(told[0]!.title).toMatch(/refused the transparency log as inconsistent/);
    expect(logLines.some((l) => JSON.parse(l).level === 50 && /refused as inconsistent/.test(l))).toBe(true);
    // The witnesses still hold the real log's history: its checkpoint stays cosigned by both.
    expect((await cosigners(main)).names.size).toBe(2);
  }, 90_000);
});
