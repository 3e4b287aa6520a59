// S: registry search as the registry grows. The database is grown in place (1,000 → 10,000 → 100,000
// instruments) with scripts/generate-instruments.ts, the same generator as `npm run sample:scale`, and each
// query is measured against the real server at each size.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '../server/test/processes';
import type { Backend } from './backends';
import { statementProbe, type StatementTime } from './driver';
import { load, median, startRealServer, stop, type Sample } from './lib';
import type { Report, ScaleResult } from './render';

const sizes = (value: string) => value.split(',').map(Number);
/** BENCH_SCALE_SIZES=1000,2000 makes a quick run while working on the bench. */
export const SCALE_SIZES = sizes(process.env.BENCH_SCALE_SIZES ?? '1000,10000,100000');
/**
 * PGlite's generator writes about 500 passports a second here and its server restarts around each growth, so
 * 100,000 (over three minutes) does not fit the 10-minute run: BENCH_SCALE_PGLITE_SIZES=1000,10000,100000 adds it.
 */
export const PGLITE_SCALE_SIZES = sizes(process.env.BENCH_SCALE_PGLITE_SIZES ?? '1000,10000');

export interface SearchQuery {
  name: string;
  search: string;
}

/** A broad word most passports match, a maker's name (matched through the shops) and a single serial. */
export const SCALE_QUERIES: SearchQuery[] = [
  { name: 'broad word', search: 'spruce' },
  { name: 'maker name', search: 'Calloway' },
  { name: 'serial number', search: 'SC-0000777' },
];

/** Total passports, as the registry's X-Total-Count answers it. */
export async function instrumentCount(baseUrl: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/registry/instruments?pageSize=1`);
  if (!res.ok) throw new Error(`registry list: ${res.status}`);
  return Number(res.headers.get('x-total-count'));
}

/**
 * Adds passports until there are `total`, through the generator as a child process on the database the env
 * names (DATABASE_URL, or DATA_DIR for PGlite, whose server must be stopped first). Returns the seconds taken.
 */
export function grow(env: Record<string, string>, add: number): number {
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'scripts/generate-instruments.ts'), String(add)],
    {
      cwd: repoRoot,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (result.status !== 0) throw new Error(`generate-instruments ${add} failed (${result.status})`);
  return (performance.now() - started) / 1000;
}

const searchPath = (q: SearchQuery) => `/api/registry/instruments?search=${encodeURIComponent(q.search)}`;

/** Each query, interleaved over `rounds`; medians, and how many passports each matches. */
export async function measureSearches(
  baseUrl: string,
  options: { seconds: number; rounds: number; connections: number },
): Promise<ScaleResult['sizes'][number]['queries']> {
  const samples = new Map<string, Sample[]>();
  for (let round = 0; round < options.rounds; round++)
    for (const q of SCALE_QUERIES) {
      const s = await load(`${baseUrl}${searchPath(q)}`, options);
      samples.set(q.name, [...(samples.get(q.name) ?? []), s]);
    }
  const results: ScaleResult['sizes'][number]['queries'] = {};
  for (const q of SCALE_QUERIES) {
    const list = samples.get(q.name) ?? [];
    const res = await fetch(`${baseUrl}${searchPath(q)}`);
    results[q.name] = {
      matches: Number(res.headers.get('x-total-count')),
      rps: median(list.map((s) => s.rps)),
      p50: median(list.map((s) => s.p50)),
      p99: median(list.map((s) => s.p99)),
    };
  }
  return results;
}

/**
 * Grows the database the env names to each of `targetSizes` and measures the searches at each size. `baseUrl`
 * is asked again after each growth; for PGlite `pause` stops the server while the generator owns the files.
 * `explain` (PostgreSQL) adds each statement's own database time at each size.
 */
export async function scaleOn(
  targetSizes: number[],
  baseUrl: () => string,
  dbEnv: Record<string, string>,
  options: { seconds: number; rounds: number; connections: number },
  extra: {
    pause?: { stop(): Promise<void>; start(): Promise<void> };
    explain?: (path: string) => Promise<StatementTime[]>;
  } = {},
): Promise<ScaleResult> {
  const sizes: ScaleResult['sizes'] = [];
  for (const size of targetSizes) {
    const have = await instrumentCount(baseUrl());
    await extra.pause?.stop();
    const growSeconds = have < size ? grow(dbEnv, size - have) : 0;
    await extra.pause?.start();
    const queries = await measureSearches(baseUrl(), options);
    if (extra.explain)
      for (const q of SCALE_QUERIES) queries[q.name]!.statements = await extra.explain(searchPath(q));
    sizes.push({ size, growSeconds, queries });
    console.log(
      `S: ${size.toLocaleString('en-US')} instruments (${dbEnv.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`,
    );
  }
  const first = sizes[0]!.queries;
  const last = sizes.at(-1)!.queries;
  const growth = Object.fromEntries(
    Object.keys(first).map((name) => [name, (last[name]?.p50 ?? 0) / Math.max(first[name]?.p50 ?? 0, 1)]),
  );
  return { sizes, growth };
}

/**
 * S on every backend: PostgreSQL to SCALE_SIZES with each statement's database time; PGlite (its server stopped
 * around each growth) to PGLITE_SCALE_SIZES, unless `pglite` says why not.
 */
export async function runScale(
  backends: Backend[],
  options: { seconds: number; rounds: number; connections: number },
  pglite: { run: true } | { run: false; why: string },
): Promise<Report['scale']> {
  const scale: Report['scale'] = { postgres: null, pglite: null };
  const d = backends.find((b) => b.name === 'D');
  const pgUrl = d?.dbEnv.DATABASE_URL;
  if (d && pgUrl) {
    const probe = await statementProbe(pgUrl);
    try {
      scale.postgres = await scaleOn(SCALE_SIZES, () => d.server.url, d.dbEnv, options, {
        explain: (p) => probe.explain(p),
      });
    } finally {
      await probe.close();
    }
  }
  const e = backends.find((b) => b.name === 'E');
  if (!pglite.run || !e) {
    scale.pgliteNote = pglite.run ? 'no PGlite server' : pglite.why;
    return scale;
  }
  scale.pglite = await scaleOn(PGLITE_SCALE_SIZES, () => e.server.url, e.dbEnv, options, {
    pause: {
      stop: () => stop(e.server.child),
      start: async () => {
        e.server = await startRealServer(e.serverEnv);
      },
    },
  });
  if (PGLITE_SCALE_SIZES.at(-1)! < SCALE_SIZES.at(-1)!)
    scale.pgliteNote =
      `grown to ${PGLITE_SCALE_SIZES.at(-1)!.toLocaleString('en-US')} only: its generator writes about 500 ` +
      'passports a second here, so 100,000 would take the run past 10 minutes (BENCH_SCALE_PGLITE_SIZES adds it)';
  return scale;
}
