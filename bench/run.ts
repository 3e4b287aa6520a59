// `npm run bench`: one run on this machine, every variant measured side by side with the same client and
// connections, interleaved over several rounds, medians reported. Writes bench/report.md and bench/report.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPostgresDatabase } from '../server/test/test-db';
import { load, median, rssMb, startRealServer, startSynthetic, type Sample, type Target } from './lib';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PG_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
// The fresh benchmark database is made on this server (createPostgresDatabase reads TEST_DATABASE_URL).
process.env.TEST_DATABASE_URL ??= PG_URL;

interface Endpoint {
  name: string;
  path: string;
  signedIn: boolean;
}

/** The reads the issue names: registry search, course explore, a learner's outline, auth/me. */
const ENDPOINTS: Endpoint[] = [
  { name: 'registry search', path: '/api/registry/instruments?search=spruce', signedIn: false },
  { name: 'course explore', path: '/api/lms/courses/explore', signedIn: false },
  { name: 'course outline', path: '/api/lms/courses/course-1/outline', signedIn: true },
  { name: 'auth/me', path: '/api/auth/me', signedIn: true },
];

async function signIn(url: string): Promise<string> {
  const email = `bench-${Date.now()}@example.test`;
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'benchmark passphrase', displayName: 'Bench Learner' }),
  });
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!res.ok || !cookie) throw new Error(`could not register the bench user: ${res.status}`);
  return cookie;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  const pg = await createPostgresDatabase().catch(() => null);
  if (!pg) console.warn(`PostgreSQL at ${PG_URL} is not reachable: D is skipped.`);

  const e = await startRealServer({ DATA_DIR: path.join(dataDir, 'pglite'), SAMPLE_DATA: '1' });
  const d = pg
    ? await startRealServer({ DATA_DIR: path.join(dataDir, 'pg'), SAMPLE_DATA: '1', DATABASE_URL: pg.url })
    : null;
  const cookies = { E: await signIn(e.url), D: d ? await signIn(d.url) : '' };

  const explore = await fetch(`${e.url}/api/lms/courses/explore`);
  const bytesFile = path.join(dataDir, 'explore.json');
  fs.writeFileSync(bytesFile, Buffer.from(await explore.arrayBuffer()));
  const synthetic: Target[] = [];
  for (const v of ['A', 'B', 'C'] as const) synthetic.push(await startSynthetic(v, bytesFile));

  const idleRss = { E: rssMb(e.child.pid), D: rssMb(d?.child.pid) };
  const samples = new Map<string, Sample[]>();
  const record = (key: string, s: Sample) => samples.set(key, [...(samples.get(key) ?? []), s]);
  const loadedRss: Record<string, number> = {};

  for (let round = 1; round <= ROUNDS; round++) {
    console.log(`round ${round}/${ROUNDS}`);
    for (const t of synthetic)
      record(t.name, await load(t.url, { seconds: SECONDS, connections: CONNECTIONS }));
    for (const ep of ENDPOINTS) {
      for (const [name, server] of [
        ['E', e],
        ['D', d],
      ] as const) {
        if (!server) continue;
        const headers = ep.signedIn ? { cookie: cookies[name] } : undefined;
        const during = load(`${server.url}${ep.path}`, {
          seconds: SECONDS,
          connections: CONNECTIONS,
          headers,
        });
        await new Promise((r) => setTimeout(r, (SECONDS * 1000) / 2));
        loadedRss[name] = Math.max(loadedRss[name] ?? 0, rssMb(server.child.pid));
        record(`${name} ${ep.name}`, await during);
      }
    }
  }

  const med = (key: string) => {
    const list = samples.get(key) ?? [];
    return {
      rps: median(list.map((s) => s.rps)),
      p50: median(list.map((s) => s.p50)),
      p99: median(list.map((s) => s.p99)),
    };
  };
  const A = med('A');
  const B = med('B');
  const C = med('C');
  const rows = ENDPOINTS.map((ep) => ({
    endpoint: ep.name,
    E: med(`E ${ep.name}`),
    D: d ? med(`D ${ep.name}`) : null,
  }));

  const report = {
    machine: {
      cpus: os.cpus().length,
      model: os.cpus()[0]?.model,
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
    },
    settings: { seconds: SECONDS, rounds: ROUNDS, connections: CONNECTIONS },
    synthetic: { A, B, C, 'B/A': B.rps / A.rps, 'C/B': C.rps / B.rps },
    endpoints: rows,
    rssMb: { idle: idleRss, underLoad: loadedRss },
    coldStartMs: { E: Math.round(e.coldStartMs), D: d ? Math.round(d.coldStartMs) : null },
  };
  fs.writeFileSync(path.join('bench', 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
  fs.writeFileSync(path.join('bench', 'report.md'), renderMarkdown(report));
  console.log(fs.readFileSync(path.join('bench', 'report.md'), 'utf8'));

  for (const t of synthetic) t.child.kill('SIGTERM');
  e.child.kill('SIGTERM');
  d?.child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1500));
  await pg?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

type Report = {
  machine: Record<string, unknown>;
  settings: Record<string, number>;
  synthetic: { A: Sample; B: Sample; C: Sample; 'B/A': number; 'C/B': number };
  endpoints: { endpoint: string; E: Sample; D: Sample | null }[];
  rssMb: { idle: Record<string, number>; underLoad: Record<string, number> };
  coldStartMs: Record<string, number | null>;
};

const fmt = (n: number) => (n >= 100 ? Math.round(n).toString() : n.toFixed(2));
const target = (value: number, goal: number) =>
  `${value.toFixed(2)} ${value >= goal ? '✅' : `❌ (target ≥ ${goal})`}`;

function renderMarkdown(r: Report): string {
  const lines = [
    '# Benchmark report',
    '',
    `Machine: ${String(r.machine.cpus)} cores (${String(r.machine.model)}), ${String(r.machine.memoryGb)} GB, Node ${String(r.machine.node)}.`,
    `Each figure is the median of ${r.settings.rounds} interleaved rounds of ${r.settings.seconds} s with autocannon, ${r.settings.connections} connections.`,
    '',
    '## Framework and plugins (same bytes from memory)',
    '',
    '| variant | req/s | p50 ms | p99 ms |',
    '|---|---|---|---|',
    ...(['A', 'B', 'C'] as const).map(
      (k) => `| ${k} | ${fmt(r.synthetic[k].rps)} | ${r.synthetic[k].p50} | ${r.synthetic[k].p99} |`,
    ),
    '',
    `- B/A (Fastify vs bare node:http): ${target(r.synthetic['B/A'], 0.9)}`,
    `- C/B (production plugins): ${target(r.synthetic['C/B'], 0.8)}`,
    '',
    '## Real endpoints (E = PGlite, D = PostgreSQL)',
    '',
    '| endpoint | E req/s | E p50 | E p99 | D req/s | D p50 | D p99 |',
    '|---|---|---|---|---|---|---|',
    ...r.endpoints.map(
      (row) =>
        `| ${row.endpoint} | ${fmt(row.E.rps)} | ${row.E.p50} | ${row.E.p99} | ${row.D ? fmt(row.D.rps) : '—'} | ${row.D?.p50 ?? '—'} | ${row.D?.p99 ?? '—'} |`,
    ),
    '',
    '## Process',
    '',
    `- RSS idle: E ${r.rssMb.idle.E} MB, D ${r.rssMb.idle.D} MB; under load: E ${r.rssMb.underLoad.E ?? '—'} MB, D ${r.rssMb.underLoad.D ?? '—'} MB`,
    `- Cold start to /healthz: E ${r.coldStartMs.E} ms (PGlite, first start with sample content), D ${r.coldStartMs.D ?? '—'} ms`,
    '',
  ];
  return lines.join('\n');
}

await main();
