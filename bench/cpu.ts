// CPU per request: the server process's user + system time (/proc/<pid>/stat, every thread of it: the event
// loop, libuv's pool, the GC) over a fixed number of requests, divided by the same for bare node:http (A)
// answering the same bytes. On a shared machine throughput swings with everyone else's load; the CPU a process
// spends per request barely moves. `npm run bench` includes it; alone, on PostgreSQL only (quick):
//   npx tsx bench/cpu.ts            (BENCH_CPU_BACKENDS=E,D for both)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { openDatabase } from '../server/db/client';
import { createPostgresDatabase } from '../server/test/test-db';
import { ENDPOINTS, NO_CACHE, writeBodies, type Backend } from './backends';
import { progressBody, seedPeople } from './fixtures';
import { median, startRealServer, startSynthetic, stop, stopAll, type Target } from './lib';
import { saveRotation, type SaveRotation } from './writes';

/** Ticks per second of /proc's utime and stime (USER_HZ: 100 on every Linux this runs on). */
const TICKS_PER_SECOND = 100;
/** Reads the CPU target: the server's CPU per request at most this many times bare node:http's. */
export const CPU_READ_TARGET = 3;

/** User and system CPU seconds a process has used so far, all its threads together. */
export function cpuSeconds(pid: number): { user: number; system: number } {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces: the fields after it start after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[11]) / TICKS_PER_SECOND, system: Number(fields[12]) / TICKS_PER_SECOND };
}

/** What one measured request is: a GET (with a cookie when signed in) or a rotation of progress saves. */
export type CpuRequest =
  { url: string; headers?: Record<string, string> } | { url: string; rotation: SaveRotation };

async function send(req: CpuRequest, amount: number, connections: number): Promise<void> {
  const result = await autocannon({
    url: req.url,
    connections,
    amount,
    // A busy machine can hold a slow request (a search on PGlite) past autocannon's 10 s; it still counts.
    timeout: 120,
    ...('rotation' in req ? { requests: req.rotation.requests } : { headers: req.headers }),
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${req.url}: ${result.non2xx} non-2xx and ${result.errors} errors of ${amount}`);
}

/**
 * Sends `req` until `settings.warmup` requests are answered or `settings.warmupSeconds` have passed, in slices of
 * 1,000. Measured quietly on PostgreSQL, course explore's CPU per request fell from 455 to about 200 µs over its
 * first 12,000 requests (slices of 2,000) and then held, where bare Fastify with the same query is 180 µs; a
 * PGlite search costs milliseconds, so the time cap keeps its warm-up bounded.
 */
export async function warmUp(req: CpuRequest, settings: CpuSettings): Promise<void> {
  const until = performance.now() + settings.warmupSeconds * 1000;
  for (let sent = 0; sent < settings.warmup && performance.now() < until; sent += 1000)
    await send(req, 1000, settings.connections);
}

/**
 * Microseconds of CPU the process `pid` spends per request (user + system, and the system part alone), over
 * `amount` requests after a warm-up.
 */
export async function cpuPerRequest(
  pid: number,
  req: CpuRequest,
  options: { amount: number; connections: number },
): Promise<{ total: number; system: number }> {
  await send(req, Math.max(100, Math.floor(options.amount / 10)), options.connections);
  const before = cpuSeconds(pid);
  await send(req, options.amount, options.connections);
  const after = cpuSeconds(pid);
  const us = (s: number) => (s / options.amount) * 1e6;
  return {
    total: us(after.user + after.system - before.user - before.system),
    system: us(after.system - before.system),
  };
}

export interface CpuRow {
  endpoint: string;
  /** µs of CPU per request, bare node:http answering the same bytes (median of rounds). */
  A: number;
  E: number | null;
  D: number | null;
  /** The kernel's part of each (system time: sockets, mostly), µs per request. */
  system: { A: number; E: number | null; D: number | null };
  /** Server ÷ A, median of each round's ratio. */
  'E/A': number | null;
  'D/A': number | null;
  perRound: { E: number[]; D: number[] };
  /** Reads have a target (≤ 3); the save is reported without one. */
  read: boolean;
}

export interface CpuSettings {
  rounds: number;
  /** Requests per measurement of a real server, and of A (which needs many more for the same resolution). */
  amount: number;
  amountA: number;
  connections: number;
  /** Requests each process answers for a case before its first measured round (the JIT's warm-up)... */
  warmup: number;
  /** ...or fewer, once this many seconds have passed. */
  warmupSeconds: number;
}

/** The endpoints measured: the reads of bench/backends.ts without auth/me, and a progress save. */
// A function, not a constant: backends.ts → writes.ts → cpu.ts → backends.ts is a cycle, and whichever module is
// loaded first, ENDPOINTS is read only once every module has run.
const reads = () => ENDPOINTS.map((ep, i) => ({ ...ep, index: i })).filter((ep) => ep.name !== 'auth/me');
export const SAVE_NAME = 'lesson save (video-progress)';

/**
 * A's body for the save: the bytes a save answers. One save by the last writer (the rotations send at most a
 * few dozen saves per learner, under the 300 per 10 minutes limit).
 */
export async function writeSaveBody(dir: string, ref: Pick<Backend, 'server' | 'people'>): Promise<number> {
  const learner = ref.people.writers.at(-1)!;
  const res = await fetch(`${ref.server.url}/api/lms/lessons/${learner.lessonId}/video-progress`, {
    method: 'POST',
    headers: { cookie: learner.cookie, 'content-type': 'application/json', origin: ref.server.url },
    body: progressBody(0),
  });
  if (!res.ok) throw new Error(`save for A's body: ${res.status} ${await res.text()}`);
  const index = ENDPOINTS.length;
  fs.writeFileSync(path.join(dir, String(index)), Buffer.from(await res.arrayBuffer()));
  return index;
}

/**
 * CPU per request of every real server and of A, for the reads and the save, in `rounds` rounds (each round
 * measures A and then each server back to back, so each round's ratio compares minutes that saw the same load).
 */
export async function runCpu(
  backends: Backend[],
  A: Target,
  saveIndex: number,
  settings: CpuSettings,
): Promise<CpuRow[]> {
  const only = process.env.BENCH_CPU_ONLY;
  const cases = [
    ...reads().map((ep) => ({ name: ep.name, index: ep.index, read: true, ep })),
    { name: SAVE_NAME, index: saveIndex, read: false, ep: null },
  ].filter((c) => !only || c.name.includes(only));
  const pidA = A.child.pid!;
  const rows: CpuRow[] = [];
  for (const c of cases) {
    const a: number[] = [];
    const aSys: number[] = [];
    const per: Record<'E' | 'D', number[]> = { E: [], D: [] };
    const sys: Record<'E' | 'D', number[]> = { E: [], D: [] };
    const ratios: Record<'E' | 'D', number[]> = { E: [], D: [] };
    const aReq: CpuRequest = c.read
      ? { url: `${A.url}/${c.index}` }
      : { url: `${A.url}/${c.index}`, rotation: saveRotationForA(A.url, c.index) };
    // Each process answers the case's requests before its first measured round: a server's optimising compiler
    // keeps compiling for its first several thousand requests (on V8's background threads, which /proc counts),
    // and a serving process is past that (see warmUp).
    await warmUp(aReq, settings);
    for (const b of backends) await warmUp(caseRequest(c, b), settings);
    for (let round = 0; round < settings.rounds; round++) {
      const aUs = await cpuPerRequest(pidA, aReq, {
        amount: settings.amountA,
        connections: settings.connections,
      });
      a.push(aUs.total);
      aSys.push(aUs.system);
      for (const b of backends) {
        const us = await cpuPerRequest(b.server.child.pid!, caseRequest(c, b), {
          amount: settings.amount,
          connections: settings.connections,
        });
        per[b.name].push(us.total);
        sys[b.name].push(us.system);
        ratios[b.name].push(us.total / aUs.total);
      }
    }
    const has = (name: 'E' | 'D') => backends.some((b) => b.name === name);
    console.log(
      `cpu ${c.name}: A ${median(a).toFixed(0)} µs` +
        backends.map((b) => `, ${b.name} ${median(per[b.name]).toFixed(0)} µs`).join(''),
    );
    rows.push({
      endpoint: c.name,
      A: median(a),
      E: has('E') ? median(per.E) : null,
      D: has('D') ? median(per.D) : null,
      system: {
        A: median(aSys),
        E: has('E') ? median(sys.E) : null,
        D: has('D') ? median(sys.D) : null,
      },
      'E/A': has('E') ? median(ratios.E) : null,
      'D/A': has('D') ? median(ratios.D) : null,
      perRound: ratios,
      read: c.read,
    });
  }
  return rows;
}

/** One case's request to one real server: a read (signed in where the endpoint needs it) or the saves' rotation. */
function caseRequest(c: { ep: (typeof ENDPOINTS)[number] | null }, b: Backend): CpuRequest {
  return c.ep
    ? {
        url: `${b.server.url}${c.ep.path}`,
        headers: c.ep.signedIn ? { cookie: b.people.reader.cookie } : undefined,
      }
    : { url: `${b.server.url}/`, rotation: b.saves };
}

/** A answers any method at its paths: the save's POST with a save's body, so both parse a request of that size. */
export function saveRotationForA(url: string, index: number): SaveRotation {
  const body = progressBody(0);
  const pathname = new URL(`${url}/${index}`).pathname;
  return {
    requests: [
      {
        method: 'POST',
        path: pathname,
        headers: { cookie: 'sid=x'.padEnd(47, 'x'), 'content-type': 'application/json' },
        body,
      },
    ],
    sent: () => 0,
    mostPerLearner: () => 0,
  };
}

const us = (v: number | null) => (v === null ? '—' : v.toFixed(0));
const flag = (v: number | null, read: boolean) =>
  v === null ? '—' : `${v.toFixed(1)}${read ? (v <= CPU_READ_TARGET ? ' ✅' : ' ❌') : ''}`;

export function cpuMarkdown(rows: CpuRow[], settings: CpuSettings): string[] {
  return [
    `CPU time (user + system, \`/proc/<pid>/stat\`, every thread of the process) per request, in µs: the real ` +
      `server over ${settings.amount} requests, A (bare node:http answering the same bytes) over ` +
      `${settings.amountA}, each after a warm-up of a tenth as many; before its first round each process answers ` +
      `${settings.warmup} of the case's requests or as many as ${settings.warmupSeconds} s allow (the optimising ` +
      `compiler's warm-up, which a serving process is past); ` +
      `${settings.connections} connections, ${settings.rounds} round(s); ` +
      `the ratio is the median of each round's. Reads: target ≤ ${CPU_READ_TARGET}. PostgreSQL's own processes ` +
      'are not counted (D); PGlite runs inside the server process (E), so its database work is.',
    '',
    '| endpoint | A µs (system) | E µs (system) | D µs (system) | E/A | D/A (reads ≤ 3) | D/A of each round |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.endpoint} | ${us(r.A)} (${us(r.system.A)}) | ${us(r.E)} (${us(r.system.E)}) | ${us(r.D)} (${us(r.system.D)}) | ${flag(r['E/A'], false)} | ${flag(r['D/A'], r.read)} | ${r.perRound.D.map((v) => v.toFixed(1)).join(', ') || '—'} |`,
    ),
  ];
}

/** Alone: the chosen backends (default PostgreSQL only), sample content, A, and the CPU rows. */
async function standalone(): Promise<void> {
  const names = (process.env.BENCH_CPU_BACKENDS ?? 'D').split(',');
  const settings = cpuSettingsFromEnv();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cpu-'));
  const pg = names.includes('D') ? await createPostgresDatabase() : null;
  try {
    const backends: Backend[] = [];
    if (names.includes('E')) backends.push(await lightBackend('E', { DATA_DIR: path.join(dir, 'e') }));
    if (pg) backends.push(await lightBackend('D', { DATA_DIR: path.join(dir, 'd'), DATABASE_URL: pg.url }));
    const bodies = path.join(dir, 'bodies');
    await writeBodies(bodies, backends.at(-1)!);
    const saveIndex = await writeSaveBody(bodies, backends.at(-1)!);
    const A = await startSynthetic('A', bodies);
    const rows = await runCpu(backends, A, saveIndex, settings);
    console.log(cpuMarkdown(rows, settings).join('\n'));
    console.log(
      `load average ${os
        .loadavg()
        .map((v) => v.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    await stopAll();
    await pg?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function cpuSettingsFromEnv(): CpuSettings {
  const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
  return {
    rounds: num('BENCH_CPU_ROUNDS', 3),
    amount: num('BENCH_CPU_REQUESTS', 1000),
    amountA: num('BENCH_CPU_REQUESTS_A', 20000),
    connections: num('BENCH_CONNECTIONS', 10),
    warmup: num('BENCH_CPU_WARMUP', 12000),
    warmupSeconds: num('BENCH_CPU_WARMUP_SECONDS', 8),
  };
}

/**
 * A real server with the sample content and the bench's learners, without what only the full bench needs (the
 * captured statements, the cached twin): `sequences`, `replayer` and `cached` are left empty. `root`: the
 * checkout whose server runs (another branch's, to compare; compiled there).
 */
export async function lightBackend(
  name: 'E' | 'D',
  env: Record<string, string>,
  root?: string,
): Promise<Backend> {
  // BENCH_CPU_PROFILE=<dir>: each server writes a CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROFILE;
  const nodeArgs = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const serverEnv = { SAMPLE_DATA: '1', ...NO_CACHE, ...env };
  let server = await startRealServer(serverEnv, nodeArgs, root);
  let people;
  if (name === 'D') {
    const database = await openDatabase({ url: env.DATABASE_URL!, poolSize: 2 });
    people = await seedPeople(database.db, 600);
    await database.close();
  } else {
    // PGlite's files have one owner at a time: the learners go in while the server is stopped.
    await stop(server.child);
    const database = await openDatabase({ dataDir: env.DATA_DIR! });
    people = await seedPeople(database.db, 600);
    await database.close();
    server = await startRealServer(serverEnv, nodeArgs, root);
  }
  return {
    name,
    server,
    serverEnv,
    dbEnv: {},
    cached: server,
    people,
    sequences: [],
    replayer: { run: () => Promise.reject(new Error('no replayer')), close: async () => {} },
    saves: saveRotation(people.writers),
    plainSaves: saveRotation(people.writers, 'plain'),
    fragmentSaves: saveRotation(people.fragmentWriters, 'fragments'),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await standalone();
