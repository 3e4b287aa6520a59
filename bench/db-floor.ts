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
import { fork } from 'node:child_process';
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
import { cpuPerRequest, cpuSettingsFromEnv } from './cpu';
import { median, startRealServer, startSynthetic, stopAll } from './lib';

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

async function main(): Promise<void> {
  const settings = cpuSettingsFromEnv();
  const admin = new pg.Client({ connectionString: testDatabaseUrl() });
  await admin.connect();
  const name = `cpu_floor_${crypto.randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = new URL(testDatabaseUrl());
  url.pathname = `/${name}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-db-floor-'));
  let F: ReturnType<typeof fork> | null = null;
  try {
    const D = await startRealServer({
      ...NO_CACHE,
      SAMPLE_DATA: '1',
      DATABASE_URL: url.toString(),
      DATA_DIR: dir,
    });
    fs.mkdirSync(path.join(dir, 'bodies'));
    const bytes = Buffer.from(await (await fetch(`${D.url}${EXPLORE}`)).arrayBuffer());
    fs.writeFileSync(path.join(dir, 'bodies', '0'), bytes);
    const A = await startSynthetic('A', path.join(dir, 'bodies'));
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
      { name: 'F (node:http + pg)', pid: child.pid!, url: `${floor}/raw`, amount: settings.amount },
      { name: 'FD (node:http + Drizzle)', pid: child.pid!, url: `${floor}/drizzle`, amount: settings.amount },
      { name: 'FN (node:http + native)', pid: child.pid!, url: `${floor}/native`, amount: settings.amount },
      {
        name: 'FF (bare Fastify + native)',
        pid: child.pid!,
        url: `${fastify}/native`,
        amount: settings.amount,
      },
      { name: 'D (the server)', pid: D.child.pid!, url: `${D.url}${EXPLORE}`, amount: settings.amount },
    ];
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
        `round ${round + 1}, load ${os.loadavg()[0]!.toFixed(1)}: ` +
          targets.map((t) => `${t.name} ${per.get(t.name)!.at(-1)!.toFixed(0)} µs`).join(', '),
      );
    }
    console.log('\n| course explore, same bytes | µs of CPU per request (system) | ÷ A | each round |');
    console.log('| --- | --- | --- | --- |');
    const a = median(per.get(targets[0]!.name)!);
    for (const t of targets) {
      const m = median(per.get(t.name)!);
      console.log(
        `| ${t.name} | ${m.toFixed(0)} (${median(sys.get(t.name)!).toFixed(0)}) | ${(m / a).toFixed(1)} | ` +
          `${per
            .get(t.name)!
            .map((v) => v.toFixed(0))
            .join(' / ')} |`,
      );
    }
    console.log(
      `load average ${os
        .loadavg()
        .map((v) => v.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    F?.kill('SIGTERM');
    await stopAll();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv[2] === 'serve')
    await serve(process.argv[3]!, Number(process.argv[4]), Number(process.argv[5]));
  else await main();
}
