// Trust III: what witnessing costs. One run, PostgreSQL, two witness processes written from the C2SP
// tlog-witness spec (server/test/witness-server.ts) and a policy that needs both:
//  - appends per second through the app's path with witnesses attached ÷ the same without (target ≥ 0.95), the two
//    servers measured in alternating rounds in this one process (the submitter runs where the server runs);
//  - the time from an event to a checkpoint both witnesses cosigned (p50 / p99);
//  - tile reads per second over HTTP: a full hash tile and a full entry bundle (immutable for HTTP caches) and the
//    partial ones; the server reads each from the stored hashes and leaves on every request.
// `npm run bench` includes it; alone: npx tsx bench/witness-bench.ts   (BENCH_DATABASE_URL for PostgreSQL)
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { and, gte, sql } from 'drizzle-orm';
import pino from 'pino';
import { createShop, createUser } from '../server/db/builders/accounts';
import { createInstrument } from '../server/db/builders/registry';
import type { Db } from '../server/db/client';
import { logCosignatures } from '../server/db/schema';
import { readEnv } from '../server/env';
import { makeWitness, writePolicy } from '../server/features/log/witness-kit';
import { readHead } from '../server/log/append';
import { recordPassportEvent } from '../server/log/passport-events';
import { createSigner, logOrigin } from '../server/log/signing';
import { startServer, type Server } from '../server/main';
import { freePort } from '../server/test/processes';
import { startWitnessProcess } from '../server/test/witness-process';
import { createPostgresDatabase } from '../server/test/test-db';
import { cpuSeconds } from './cpu';
import { load } from './lib';

export const APPEND_RATIO_TARGET = 0.95;
// Rounds of 300 appends (two to three seconds each) span two or three of the submitter's once-a-second rounds
// every time; with 150 a round held one submitter round or none.
const ROUNDS = 7;
const APPENDS_PER_ROUND = 300;
const COSIGN_SAMPLES = 30;
/** Leaves before tiles are read: three full level-0 tiles and a partial one. */
const TILE_LEAVES = 3 * 256 + 40;
const PUBLIC_URL = 'http://registry.bench';
// The fresh benchmark databases are made on this server (createPostgresDatabase reads TEST_DATABASE_URL).
process.env.TEST_DATABASE_URL ??= process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface WitnessBenchResult {
  appendsWith: number;
  appendsWithout: number;
  ratio: number;
  /**
   * CPU per append in µs (medians of the rounds): this process (the appends' own work, and the submitter when
   * witnessed) and the witness processes. Appends wait mostly on the commit's flush, so their rate swings with the
   * disk and the machine's load; what witnessing adds is work, which this shows steadily.
   */
  cpuWith: number;
  cpuWithout: number;
  cosignP50: number;
  cosignP99: number;
  tiles: { what: string; url: string; rps: number; p50: number }[];
}

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))]!;

async function startLog(
  dir: string,
  seed: Buffer,
  policyFile: string | null,
  drops: (() => Promise<void>)[],
) {
  const pg = await createPostgresDatabase();
  drops.push(pg.drop);
  const port = await freePort();
  const env = readEnv({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: fs.mkdtempSync(path.join(dir, 'data-')),
    DATABASE_URL: pg.url,
    PUBLIC_URL,
    LOG_SIGNING_KEY: seed.toString('base64'),
    ...(policyFile ? { LOG_POLICY: policyFile } : {}),
    SAMPLE_DATA: '0',
    RATE_LIMIT_SCALE: '1000',
  });
  const server = await startServer(env, pino({ level: 'error' }));
  const db = server.database.db;
  const user = await createUser(db, {
    role: 'luthier',
    handle: `witness-bench-${randomBytes(3).toString('hex')}`,
  });
  const shop = await createShop(db, user.id, { name: 'Witness bench' });
  const instrumentId = (await createInstrument(db, { name: 'Witnessed', makerShopId: shop.id })).id;
  let n = 0;
  const append = () =>
    recordPassportEvent(db, { instrumentId, type: 'photo_added', data: { caption: `bench ${++n}` } });
  return { server, db, url: `http://127.0.0.1:${port}`, append };
}

/** Events per second, one per transaction, one writer. */
async function appendRate(append: () => Promise<unknown>, n: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < n; i++) await append();
  return n / ((performance.now() - started) / 1000);
}

/** Milliseconds from an event to a stored cosignature by both witnesses of a size that includes it. */
async function cosignLatency(db: Db, append: () => Promise<unknown>): Promise<number> {
  await append();
  const started = performance.now();
  const { size } = await readHead(db);
  for (;;) {
    const rows = await db
      .select({ witnesses: sql<string>`count(distinct ${logCosignatures.witnessKey})` })
      .from(logCosignatures)
      .where(and(gte(logCosignatures.size, size)));
    if (Number(rows[0]?.witnesses ?? 0) >= 2) return performance.now() - started;
    if (performance.now() - started > 60_000) throw new Error('no cosignature within 60 s');
    await new Promise((r) => setTimeout(r, 10));
  }
}

export async function runWitnessBench(): Promise<WitnessBenchResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'witness-bench-'));
  const seed = randomBytes(32);
  const witnesses = [makeWitness('A'), makeWitness('B')];
  const children: ChildProcess[] = [];
  const servers: Server[] = [];
  const drops: (() => Promise<void>)[] = [];
  try {
    const logVkey = (await createSigner(seed, logOrigin(PUBLIC_URL))).vkey;
    const ports = [await freePort(), await freePort()];
    for (const [i, w] of witnesses.entries())
      children.push(await startWitnessProcess(w, ports[i]!, logVkey, path.join(dir, `${w.name}.json`)));
    const policy = writePolicy(
      witnesses.map((w, i) => ({ ...w, url: `http://127.0.0.1:${ports[i]}` })),
      'group both all A B\nquorum both\n',
    );
    const witnessed = await startLog(dir, seed, policy, drops);
    const bare = await startLog(dir, randomBytes(32), null, drops);
    servers.push(witnessed.server, bare.server);

    const withRates: number[] = [];
    const withoutRates: number[] = [];
    const withCpu: number[] = [];
    const withoutCpu: number[] = [];
    /** µs of CPU so far: this process, and the witness processes (from /proc). */
    const cpuNow = () => {
      const own = process.cpuUsage();
      const theirs = children.reduce((sum, child) => {
        const { user, system } = cpuSeconds(child.pid!);
        return sum + (user + system) * 1e6;
      }, 0);
      return own.user + own.system + theirs;
    };
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate which goes first, so a slow moment of the machine does not always fall on the same side.
      const order = round % 2 ? [bare, witnessed] : [witnessed, bare];
      for (const log of order) {
        const before = cpuNow();
        const rate = await appendRate(log.append, APPENDS_PER_ROUND);
        const cpu = (cpuNow() - before) / APPENDS_PER_ROUND;
        (log === witnessed ? withRates : withoutRates).push(rate);
        (log === witnessed ? withCpu : withoutCpu).push(cpu);
      }
    }
    const appendsWith = quantile(withRates, 0.5);
    const appendsWithout = quantile(withoutRates, 0.5);

    const latencies: number[] = [];
    for (let i = 0; i < COSIGN_SAMPLES; i++) {
      latencies.push(await cosignLatency(witnessed.db, witnessed.append));
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 200));
    }

    const { size } = await readHead(witnessed.db);
    for (let i = size; i < TILE_LEAVES; i++) await witnessed.append();
    const head = (await readHead(witnessed.db)).size;
    const partial = head % 256;
    const lastTile = String(Math.floor(head / 256)).padStart(3, '0');
    const targets = [
      { what: 'full hash tile (immutable)', url: '/log/tile/0/000' },
      { what: 'full entry bundle (immutable)', url: '/log/tile/entries/000' },
      { what: `partial hash tile, width ${partial}`, url: `/log/tile/0/${lastTile}.p/${partial}` },
      { what: `partial entry bundle`, url: `/log/tile/entries/${lastTile}.p/${partial}` },
    ];
    const tiles = [];
    for (const target of targets) {
      const check = await fetch(witnessed.url + target.url);
      if (check.status !== 200) throw new Error(`${target.url} answered ${check.status}`);
      const sample = await load(witnessed.url + target.url, { seconds: 3, connections: 10 });
      tiles.push({ ...target, rps: sample.rps, p50: sample.p50 });
    }
    return {
      appendsWith,
      appendsWithout,
      ratio: appendsWith / appendsWithout,
      cpuWith: quantile(withCpu, 0.5),
      cpuWithout: quantile(withoutCpu, 0.5),
      cosignP50: quantile(latencies, 0.5),
      cosignP99: quantile(latencies, 0.99),
      tiles,
    };
  } finally {
    for (const s of servers) await s.stop().catch(() => undefined);
    for (const c of children) c.kill('SIGKILL');
    for (const drop of drops) await drop().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function renderWitnessBench(r: WitnessBenchResult): string {
  const fmt = (n: number, d = 0) =>
    n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
  return [
    '## Witnessed log',
    '',
    'PostgreSQL, two witness processes (server/test/witness-server.ts, from the C2SP tlog-witness spec) and a policy',
    'that needs both. Appends: one writer, one event per transaction through the app’s path, the server with',
    `witnesses and one without measured in ${ROUNDS} alternating rounds of ${APPENDS_PER_ROUND} in this one process`,
    '(medians); CPU per append: this process’s (the appends, and the submitter when witnessed) and the witness',
    'processes’ CPU over each round ÷ its appends, the steadier figure (an append mostly waits on its commit’s',
    'flush). Cosigning: the time from an event to both witnesses’ verified cosignatures being stored for a size',
    `that includes it (${COSIGN_SAMPLES} events; the submitter looks for growth every second). Tiles: 10 connections,`,
    '3 s each, over HTTP.',
    '',
    '| appends/s with witnesses | appends/s without | ratio | target | CPU µs per append with | without | cosigned p50 (ms) | cosigned p99 (ms) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    `| ${fmt(r.appendsWith)} | ${fmt(r.appendsWithout)} | ${fmt(r.ratio, 2)} ${r.ratio >= APPEND_RATIO_TARGET ? '✅' : '❌'} | ≥ ${APPEND_RATIO_TARGET} | ${r.cpuWith === undefined ? '—' : fmt(r.cpuWith)} | ${r.cpuWithout === undefined ? '—' : fmt(r.cpuWithout)} | ${fmt(r.cosignP50)} | ${fmt(r.cosignP99)} |`,
    '',
    '| tile read | path | requests/s | p50 (ms) |',
    '| --- | --- | --- | --- |',
    ...r.tiles.map((t) => `| ${t.what} | \`${t.url}\` | ${fmt(t.rps)} | ${fmt(t.p50, 1)} |`),
    '',
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runWitnessBench()
    .then((r) => {
      console.log(renderWitnessBench(r));
      process.exit(0);
    })
    .catch((e: unknown) => {
      console.error(e);
      process.exit(1);
    });
}
