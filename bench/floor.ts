// Every read measured against the floor of a read on the database path (docs/decisions/036): the production server
// on PostgreSQL (D) and, for each read, bare node:http answering the same bytes from one prepared statement through
// `pg` (F: one indexed row). Per request, in one run: the server's own CPU ÷ F's, and the total — each process
// plus the PostgreSQL backends serving it (their /proc/<pid>/stat, the pids from pg_stat_activity) — so work moved
// into SQL is not free on paper. Documents (dossier, label, certificate, share image) are measured served again,
// after their one build, against F answering the same bytes (a bytea row): the floor for their size. No process
// is pinned: the server, F, autocannon and PostgreSQL share the cores alike.
//   npx tsx bench/floor.ts        (TEST_DATABASE_URL: the PostgreSQL server to make the two databases on)
// Alone it writes its section into bench/report.json and renders bench/report.md from that file.
import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { freePort, repoRoot } from '../server/test/processes';
import { testDatabaseUrl } from '../server/test/test-db';
import { NO_CACHE } from './backends';
import { cpuSeconds } from './cpu';
import { seedPeople } from './fixtures';
import { median, startRealServer, stop, stopAll } from './lib';

/** A read's server CPU per request at most this many times the floor's (stretch: 1.5). */
export const FLOOR_TARGET = 2;

interface FloorCase {
  name: string;
  path: string;
  kind: 'read' | 'document';
  cookie?: string;
}

export interface FloorReadRow {
  name: string;
  path: string;
  kind: 'read' | 'document';
  bytes: number;
  /** µs of CPU per request (medians of rounds): the server process, and the PostgreSQL backends serving it. */
  server: number;
  serverSystem: number;
  serverDb: number;
  /** The same for F (bare node:http + one prepared statement) answering the same bytes. */
  floor: number;
  floorDb: number;
  /** Server ÷ F, and (server + its backends) ÷ (F + its backends): medians of each round's ratio. */
  ratio: number;
  totalRatio: number;
  perRound: { ratio: number[]; totalRatio: number[] };
}

export interface FloorReadsResult {
  date: string;
  settings: { rounds: number; amount: number; warmup: number; connections: number };
  load: { start: number; end: number };
  rows: FloorReadRow[];
}

/** F: node:http answering /<id> with row <id> of floor_bodies, through two named (prepared) statements. */
async function serve(url: string, port: number): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const types = new Map<number, string>(
    (await pool.query<{ id: number; type: string }>('select id, type from floor_bodies')).rows.map((r) => [
      r.id,
      r.type,
    ]),
  );
  http
    .createServer((req, res) => {
      const id = Number((req.url ?? '').slice(1));
      const type = types.get(id);
      if (!type) return void res.writeHead(404).end();
      const binary = !type.startsWith('application/json');
      pool
        .query<[string | Buffer]>({
          name: binary ? 'floor_bin' : 'floor_text',
          text: `select ${binary ? 'bin' : 'body'} from floor_bodies where id = $1`,
          values: [id],
          rowMode: 'array',
        })
        .then(
          (r) => res.writeHead(200, { 'content-type': type }).end(r.rows[0]![0]),
          () => res.writeHead(500).end(),
        );
    })
    .listen(port, '127.0.0.1', () => process.send?.('ready'));
}

/** CPU seconds of every PostgreSQL backend connected to `database` (not the asking session). */
async function backendCpu(admin: pg.Client, database: string): Promise<Map<number, number>> {
  const { rows } = await admin.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [database],
  );
  const out = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const c = cpuSeconds(pid);
      out.set(pid, c.user + c.system);
    } catch {
      // The backend ended between the two reads.
    }
  }
  return out;
}

async function send(url: string, amount: number, connections: number, cookie?: string): Promise<void> {
  const r = await autocannon({
    url,
    amount,
    connections,
    timeout: 120,
    headers: cookie ? { cookie } : undefined,
  });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
}

/** µs of CPU per request of process `pid` and of the backends on `database` over `amount` requests. */
async function measure(
  pid: number,
  admin: pg.Client,
  database: string,
  url: string,
  amount: number,
  connections: number,
  cookie?: string,
): Promise<{ process: number; system: number; db: number }> {
  const dbBefore = await backendCpu(admin, database);
  const before = cpuSeconds(pid);
  await send(url, amount, connections, cookie);
  const after = cpuSeconds(pid);
  const dbAfter = await backendCpu(admin, database);
  // A backend that started during the load counts whole; one that ended is lost (the pools keep theirs).
  let db = 0;
  for (const [p, s] of dbAfter) db += s - (dbBefore.get(p) ?? 0);
  const us = (s: number) => (s / amount) * 1e6;
  return {
    process: us(after.user + after.system - before.user - before.system),
    system: us(after.system - before.system),
    db: us(db),
  };
}

async function json<T>(url: string, cookie?: string): Promise<T> {
  const r = await fetch(url, { headers: cookie ? { cookie } : {} });
  if (!r.ok) throw new Error(`${url}: ${r.status}`);
  return (await r.json()) as T;
}

export async function runFloorReads(
  settings = {
    rounds: Number(process.env.BENCH_FLOOR_ROUNDS ?? 5),
    amount: Number(process.env.BENCH_FLOOR_REQUESTS ?? 2000),
    warmup: Number(process.env.BENCH_FLOOR_WARMUP ?? 6000),
    connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
  },
): Promise<FloorReadsResult> {
  const loadStart = os.loadavg()[0]!;
  const admin = new pg.Client({ connectionString: testDatabaseUrl() });
  await admin.connect();
  const tag = crypto.randomBytes(4).toString('hex');
  const serverDb = `floor_d_${tag}`;
  const floorDb = `floor_f_${tag}`;
  const urlOf = (name: string) => {
    const u = new URL(testDatabaseUrl());
    u.pathname = `/${name}`;
    return u.toString();
  };
  await admin.query(`create database ${serverDb}`);
  await admin.query(`create database ${floorDb}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-floor-'));
  const started: ChildProcess[] = [];
  try {
    const database = await openDatabase({ url: urlOf(serverDb), poolSize: 2 });
    // The server loads the sample content on its first start; the reader's session goes in after.
    const D = await startRealServer({
      ...NO_CACHE,
      SAMPLE_DATA: '1',
      DATABASE_URL: urlOf(serverDb),
      DATA_DIR: dir,
    });
    started.push(D.child);
    const people = await seedPeople(database.db, 1);
    await database.close();
    const serverClient = new pg.Client({ connectionString: urlOf(serverDb) });
    await serverClient.connect();
    const certificate = (await serverClient.query<{ id: string }>('select id from certificates limit 1'))
      .rows[0]?.id;
    await serverClient.end();
    const list = await json<{ passportCode: string }[]>(`${D.url}/api/registry/instruments?pageSize=1`);
    const code = list[0]!.passportCode;
    const explore = await json<{ items?: { slug: string }[] } | { slug: string }[]>(
      `${D.url}/api/lms/courses/explore`,
    );
    const courseSlug = (Array.isArray(explore) ? explore : (explore.items ?? []))[0]!.slug;
    const shops = await json<{ items?: { slug: string }[] } | { slug: string }[]>(
      `${D.url}/api/profile/shops`,
    );
    const shopSlug = (Array.isArray(shops) ? shops : (shops.items ?? []))[0]!.slug;
    const search = (q: string) =>
      `/api/registry/instruments?search=${encodeURIComponent(q)}&page=1&pageSize=12`;
    const cases: FloorCase[] = [
      { name: 'registry search, one word', path: search('guitar'), kind: 'read' },
      { name: 'registry search, two words', path: search('spruce guitar'), kind: 'read' },
      { name: 'registry search, misspelt', path: search('guiter'), kind: 'read' },
      { name: 'course explore', path: '/api/lms/courses/explore', kind: 'read' },
      { name: 'course listing', path: `/api/lms/courses/listing/${courseSlug}`, kind: 'read' },
      { name: 'public passport', path: `/api/public/passports/${code}`, kind: 'read' },
      { name: 'shop page', path: `/api/profile/l/${shopSlug}`, kind: 'read' },
      { name: 'auth/me, signed in', path: '/api/auth/me', kind: 'read', cookie: people.reader.cookie },
      { name: 'dossier PDF', path: `/p/${code}/dossier.pdf`, kind: 'document' },
      { name: 'label PNG', path: `/p/${code}/label.png`, kind: 'document' },
      ...(certificate
        ? [
            {
              name: 'certificate PDF',
              path: `/api/public/certificates/${certificate}/certificate.pdf`,
              kind: 'document' as const,
            },
          ]
        : []),
      { name: 'share image', path: `/p/${code}/og.png`, kind: 'document' },
    ];
    // BENCH_FLOOR_ONLY=auth,PDF: only the cases whose names hold one of these words.
    const only = process.env.BENCH_FLOOR_ONLY?.split(',').filter(Boolean);
    if (only) cases.splice(0, cases.length, ...cases.filter((c) => only.some((o) => c.name.includes(o))));
    // Each answer once (a document's build), its bytes and type into F's table.
    const floorClient = new pg.Client({ connectionString: urlOf(floorDb) });
    await floorClient.connect();
    await floorClient.query(
      'create table floor_bodies (id int primary key, type text not null, body text, bin bytea)',
    );
    const bodies: Buffer[] = [];
    for (const [i, c] of cases.entries()) {
      let res = await fetch(`${D.url}${c.path}`, { headers: c.cookie ? { cookie: c.cookie } : {} });
      // A document may answer 202/503 while its first build runs: asked again until it is stored.
      for (let tries = 0; res.status !== 200 && tries < 120; tries++) {
        await new Promise((r) => setTimeout(r, 500));
        res = await fetch(`${D.url}${c.path}`, { headers: c.cookie ? { cookie: c.cookie } : {} });
      }
      if (res.status !== 200) throw new Error(`${c.path}: ${res.status}`);
      const type = res.headers.get('content-type') ?? 'application/octet-stream';
      const bytes = Buffer.from(await res.arrayBuffer());
      bodies.push(bytes);
      const binary = !type.startsWith('application/json');
      await floorClient.query('insert into floor_bodies values ($1, $2, $3, $4)', [
        i,
        type,
        binary ? null : bytes.toString('utf8'),
        binary ? bytes : null,
      ]);
      console.log(`floor: ${c.name} ${c.path} → ${bytes.length} bytes (${type})`);
    }
    await floorClient.end();

    const port = await freePort();
    const F = fork(path.join(repoRoot, 'bench/floor.ts'), ['serve', urlOf(floorDb), String(port)], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    started.push(F);
    await new Promise<void>((resolve, reject) => {
      F.once('message', () => resolve());
      F.once('exit', (code) => reject(new Error(`the floor exited with ${code}`)));
    });
    const floorUrl = (i: number) => `http://127.0.0.1:${port}/${i}`;
    for (const [i, b] of bodies.entries())
      if (!Buffer.from(await (await fetch(floorUrl(i))).arrayBuffer()).equals(b))
        throw new Error(`the floor does not answer ${cases[i]!.path}'s bytes`);

    const rows: FloorReadRow[] = [];
    for (const [i, c] of cases.entries()) {
      const serverUrl = `${D.url}${c.path}`;
      // Both processes past the optimising compiler's warm-up for this case (bench/cpu.ts's warmUp).
      await send(serverUrl, settings.warmup, settings.connections, c.cookie);
      await send(floorUrl(i), settings.warmup, settings.connections);
      const per = { server: [] as number[], system: [] as number[], serverDb: [] as number[] };
      const fl = { floor: [] as number[], db: [] as number[] };
      const ratios = { ratio: [] as number[], totalRatio: [] as number[] };
      for (let round = 0; round < settings.rounds; round++) {
        const order = round % 2 ? ['F', 'D'] : ['D', 'F'];
        let d = { process: 0, system: 0, db: 0 };
        let f = { process: 0, system: 0, db: 0 };
        for (const who of order)
          if (who === 'D')
            d = await measure(
              D.child.pid!,
              admin,
              serverDb,
              serverUrl,
              settings.amount,
              settings.connections,
              c.cookie,
            );
          else f = await measure(F.pid!, admin, floorDb, floorUrl(i), settings.amount, settings.connections);
        per.server.push(d.process);
        per.system.push(d.system);
        per.serverDb.push(d.db);
        fl.floor.push(f.process);
        fl.db.push(f.db);
        ratios.ratio.push(d.process / f.process);
        ratios.totalRatio.push((d.process + d.db) / (f.process + f.db));
      }
      const row: FloorReadRow = {
        name: c.name,
        path: c.path,
        kind: c.kind,
        bytes: bodies[i]!.length,
        server: median(per.server),
        serverSystem: median(per.system),
        serverDb: median(per.serverDb),
        floor: median(fl.floor),
        floorDb: median(fl.db),
        ratio: median(ratios.ratio),
        totalRatio: median(ratios.totalRatio),
        perRound: ratios,
      };
      rows.push(row);
      console.log(
        `floor ${c.name}: server ${row.server.toFixed(0)} µs + db ${row.serverDb.toFixed(0)}, ` +
          `F ${row.floor.toFixed(0)} + db ${row.floorDb.toFixed(0)}: ÷ F ${row.ratio.toFixed(2)}, ` +
          `total ÷ ${row.totalRatio.toFixed(2)} (load ${os.loadavg()[0]!.toFixed(1)})`,
      );
    }
    return {
      date: new Date().toISOString().slice(0, 10),
      settings,
      load: { start: loadStart, end: os.loadavg()[0]! },
      rows,
    };
  } finally {
    for (const child of started) await stop(child);
    await admin.query(`drop database if exists ${serverDb} with (force)`);
    await admin.query(`drop database if exists ${floorDb} with (force)`);
    await admin.end();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const mark = (v: number) => `${v.toFixed(2)} ${v <= FLOOR_TARGET ? '✅' : '❌'}`;

/** The section of bench/report.md. */
export function floorReadsMarkdown(r: FloorReadsResult): string[] {
  const s = r.settings;
  const line = (row: FloorReadRow) =>
    `| ${row.name} | ${row.bytes.toLocaleString('en-US')} | ${row.server.toFixed(0)} (${row.serverSystem.toFixed(0)}) | ` +
    `${row.serverDb.toFixed(0)} | ${row.floor.toFixed(0)} | ${row.floorDb.toFixed(0)} | ${mark(row.ratio)} | ` +
    `${row.totalRatio.toFixed(2)} | ${row.perRound.ratio.map((v) => v.toFixed(2)).join(' / ')} |`;
  const head = [
    '| read | bytes | server µs (system) | its PostgreSQL µs | F µs | F’s PostgreSQL µs | server ÷ F (≤ 2) | total ÷ total F | each round, server ÷ F |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  return [
    `Measured ${r.date}, load average (1 min) ${r.load.start.toFixed(1)} at the start and ${r.load.end.toFixed(1)} at ` +
      'the end. The production server on PostgreSQL (`SHARED_CACHE_SECONDS=0`: the database path) against F, bare ' +
      'node:http answering the same bytes from one prepared statement through `pg` (one indexed row: text for ' +
      `JSON, bytea for a document). CPU per request over ${s.amount} requests, ${s.rounds} rounds in alternating ` +
      `order after ${s.warmup} warm-up requests each, ${s.connections} connections; medians. "Its PostgreSQL" is ` +
      'the CPU of the backends connected to that process’s database (/proc/<pid>/stat of the pids in ' +
      'pg_stat_activity), and "total" adds it to the process’s own. No process is pinned (`bench/floor.ts`).',
    '',
    ...head,
    ...r.rows.filter((row) => row.kind === 'read').map(line),
    '',
    'Documents served again (after their one build), against F serving the same bytes:',
    '',
    ...head.map((h, i) => (i === 0 ? h.replace('| read |', '| document |') : h)),
    ...r.rows.filter((row) => row.kind === 'document').map(line),
  ];
}

async function standalone(): Promise<void> {
  try {
    const result = await runFloorReads();
    const { readReport, writeReportFiles } = await import('./report-files');
    const report = readReport();
    report.floorReads = result;
    await writeReportFiles(report);
    console.log(floorReadsMarkdown(result).join('\n'));
  } finally {
    await stopAll();
  }
}

// Not awaited at the top level: the standalone run imports report-files.ts, whose imports lead back here, and a
// module still awaiting its top level would leave that import unsettled (node exits with nothing written).
if (process.argv[2] === 'serve') void serve(process.argv[3]!, Number(process.argv[4]));
else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void standalone();
