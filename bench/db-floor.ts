// The floor of a read on the database path, layer by layer: course explore's exact bytes (explore's JSON, built by
// PostgreSQL in one statement) served by
//   A   bare node:http, the bytes from memory;
//   F   bare node:http + one prepared statement through pg alone;
//   FD  bare node:http + the same statement through Drizzle's prepared statement (the server's path until 027);
//   FN  bare node:http + exploreCoursesJson, the server's query function (pg's named statement through
//       nativeStatements, decision 027);
//   FF  Fastify with no plugin, no logger, one route calling exploreCoursesJson;
//   D   the real server (Fastify, every production plugin, the pino logger at warn);
// each by CPU per request, in alternating rounds. F above A is the round trip to PostgreSQL and pg's work on its
// answer; FD above F is Drizzle; FN above F the helper; FF above FN is Fastify; D above FF our plugins and routes.
//   npx tsx bench/db-floor.ts        (TEST_DATABASE_URL: the PostgreSQL server to make a database on)
import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import pg from 'pg';
import { exploreQuerySchema } from '../contract/academy';
import { openDatabase } from '../server/db/client';
import { exploreCoursesJson, exploreJsonSelect } from '../server/features/academy/catalog.queries';
import { freePort, repoRoot } from '../server/test/processes';
import { testDatabaseUrl } from '../server/test/test-db';
import { NO_CACHE } from './backends';
import { cpuPerRequest, cpuSettingsFromEnv, warmUp, type CpuSettings } from './cpu';
import { median, startRealServer, startSynthetic, stop, stopAll } from './lib';

const EXPLORE = '/api/lms/courses/explore';

/** The child: /raw answers from pg's own prepared statement, /drizzle through Drizzle's, /native as the server. */
async function serve(url: string, port: number, fastifyPort: number): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const database = await openDatabase({ url, poolSize: 10 });
  const defaults = exploreQuerySchema.parse({});
  const statement = exploreJsonSelect(database.db, undefined, 'popular');
  const text = statement.toSQL().sql;
  const drizzlePrepared = statement.prepare('explore_floor_drizzle');
  const headers = { 'content-type': 'application/json; charset=utf-8' };
  const bodies: Record<string, () => Promise<string>> = {
    '/raw': () =>
      pool.query<[string]>({ name: 'explore_floor', text, rowMode: 'array' }).then((r) => r.rows[0]![0]),
    '/drizzle': () => drizzlePrepared.execute().then((rows) => rows[0]!.body),
    '/native': () => exploreCoursesJson(database.db, defaults),
  };
  http
    .createServer((req, res) => {
      (bodies[req.url ?? ''] ?? (() => Promise.reject(new Error('no such path'))))().then(
        (b) => res.writeHead(200, headers).end(b),
        () => res.writeHead(500).end(),
      );
    })
    .listen(port, '127.0.0.1', () => process.send?.('ready'));
  const app = Fastify({ logger: false });
  app.get('/native', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(await exploreCoursesJson(database.db, defaults)),
  );
  await app.listen({ port: fastifyPort, host: '127.0.0.1' });
  process.send?.('ready');
}

/** One layer's CPU per request: the median, its kernel part, and each round's. */
export interface FloorRow {
  name: string;
  us: number;
  system: number;
  perRound: number[];
}
export interface FloorResult {
  settings: CpuSettings;
  rows: FloorRow[];
  /** The 1-minute load average as the rounds ended. */
  load: number;
}
/** The layer that is one round trip to PostgreSQL and nothing else: the floor of any read that asks it. */
export const FLOOR_LAYER = 'F (node:http + pg)';
const REAL_SERVER_LAYER = 'D (the server)';

/** Measures every layer on a database of its own (made on TEST_DATABASE_URL's server, dropped after). */
export async function runDbFloor(settings: CpuSettings): Promise<FloorResult> {
  const admin = new pg.Client({ connectionString: testDatabaseUrl() });
  await admin.connect();
  const name = `cpu_floor_${crypto.randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = new URL(testDatabaseUrl());
  url.pathname = `/${name}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-db-floor-'));
  let F: ReturnType<typeof fork> | null = null;
  const started: ChildProcess[] = [];
  try {
    const D = await startRealServer({
      ...NO_CACHE,
      SAMPLE_DATA: '1',
      DATABASE_URL: url.toString(),
      DATA_DIR: dir,
    });
    started.push(D.child);
    fs.mkdirSync(path.join(dir, 'bodies'));
    const bytes = Buffer.from(await (await fetch(`${D.url}${EXPLORE}`)).arrayBuffer());
    fs.writeFileSync(path.join(dir, 'bodies', '0'), bytes);
    const A = await startSynthetic('A', path.join(dir, 'bodies'));
    started.push(A.child);
    const port = await freePort();
    const fastifyPort = await freePort();
    F = fork(
      path.join(repoRoot, 'bench/db-floor.ts'),
      ['serve', url.toString(), String(port), String(fastifyPort)],
      { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
    );
    const child = F;
    await new Promise<void>((resolve) => {
      let ready = 0;
      child.on('message', () => ++ready === 2 && resolve());
    });
    const floor = `http://127.0.0.1:${port}`;
    const fastify = `http://127.0.0.1:${fastifyPort}`;
    for (const u of [`${floor}/raw`, `${floor}/drizzle`, `${floor}/native`, `${fastify}/native`])
      if (!Buffer.from(await (await fetch(u)).arrayBuffer()).equals(bytes))
        throw new Error(`${u} does not answer the server's bytes`);
    const targets = [
      { name: 'A (memory)', pid: A.child.pid!, url: `${A.url}/0`, amount: settings.amountA },
      { name: FLOOR_LAYER, pid: child.pid!, url: `${floor}/raw`, amount: settings.amount },
      { name: 'FD (node:http + Drizzle)', pid: child.pid!, url: `${floor}/drizzle`, amount: settings.amount },
      { name: 'FN (node:http + native)', pid: child.pid!, url: `${floor}/native`, amount: settings.amount },
      {
        name: 'FF (bare Fastify + native)',
        pid: child.pid!,
        url: `${fastify}/native`,
        amount: settings.amount,
      },
      { name: REAL_SERVER_LAYER, pid: D.child.pid!, url: `${D.url}${EXPLORE}`, amount: settings.amount },
    ];
    // Each layer answers its requests before the first round, past the optimising compiler's warm-up (bench/cpu.ts).
    for (const t of targets) await warmUp({ url: t.url }, settings);
    const per = new Map(targets.map((t) => [t.name, [] as number[]]));
    const sys = new Map(targets.map((t) => [t.name, [] as number[]]));
    for (let round = 0; round < settings.rounds; round++) {
      for (const t of round % 2 ? [...targets].reverse() : targets) {
        const us = await cpuPerRequest(
          t.pid,
          { url: t.url },
          { amount: t.amount, connections: settings.connections },
        );
        per.get(t.name)!.push(us.total);
        sys.get(t.name)!.push(us.system);
      }
      console.log(
        `floor round ${round + 1}, load ${os.loadavg()[0]!.toFixed(1)}: ` +
          targets.map((t) => `${t.name} ${per.get(t.name)!.at(-1)!.toFixed(0)} µs`).join(', '),
      );
    }
    return {
      settings,
      rows: targets.map((t) => ({
        name: t.name,
        us: median(per.get(t.name)!),
        system: median(sys.get(t.name)!),
        perRound: per.get(t.name)!,
      })),
      load: os.loadavg()[0]!,
    };
  } finally {
    F?.kill('SIGTERM');
    for (const one of started) await stop(one);
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The layers as a table, each against A. */
export function dbFloorMarkdown(r: FloorResult): string[] {
  const a = r.rows[0]!.us;
  return [
    `Course explore's exact bytes served by each layer on one PostgreSQL database, by CPU per request (as above: ` +
      `${r.settings.amount} requests a measurement, A ${r.settings.amountA}, ${r.settings.rounds} rounds in ` +
      'alternating order, each layer warmed up first; `bench/db-floor.ts`). F, one prepared statement through pg ' +
      'inside bare node:http, is the floor of any read that asks PostgreSQL anything: the request written to it ' +
      'and its answer read on a second socket, pg’s parsing of the protocol, the promise between them.',
    '',
    '| course explore, same bytes | µs of CPU per request (system) | ÷ A | each round |',
    '| --- | --- | --- | --- |',
    ...r.rows.map(
      (row) =>
        `| ${row.name} | ${row.us.toFixed(0)} (${row.system.toFixed(0)}) | ${(row.us / a).toFixed(1)} | ` +
        `${row.perRound.map((v) => v.toFixed(0)).join(' / ')} |`,
    ),
  ];
}

/** The floor's multiple of A, and the real server's multiple of the floor (null when not measured). */
export function floorRatios(
  r: FloorResult | null | undefined,
): { floorA: number; serverFloor: number } | null {
  const get = (name: string) => r?.rows.find((row) => row.name === name)?.us;
  const [a, f, d] = [get('A (memory)'), get(FLOOR_LAYER), get(REAL_SERVER_LAYER)];
  return a && f && d ? { floorA: f / a, serverFloor: d / f } : null;
}

async function main(): Promise<void> {
  const result = await runDbFloor(cpuSettingsFromEnv());
  console.log(['', ...dbFloorMarkdown(result)].join('\n'));
  console.log(
    `load average ${os
      .loadavg()
      .map((v) => v.toFixed(1))
      .join(' ')}`,
  );
  await stopAll();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv[2] === 'serve')
    await serve(process.argv[3]!, Number(process.argv[4]), Number(process.argv[5]));
  else await main();
}
