// S: registry search as the registry grows. The database is grown in place (1,000 → 10,000 → 100,000
// instruments) with scripts/generate-instruments.ts, the same generator as `npm run sample:scale`, and each
// query is measured against the real server at each size.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '../server/test/processes';
import { load, median, type Sample } from './lib';
import type { ScaleResult } from './render';

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

/** Each query, interleaved over `rounds`; medians. */
export async function measureSearches(
  baseUrl: string,
  options: { seconds: number; rounds: number; connections: number },
): Promise<Record<string, Sample>> {
  const samples = new Map<string, Sample[]>();
  for (let round = 0; round < options.rounds; round++)
    for (const q of SCALE_QUERIES) {
      const url = `${baseUrl}/api/registry/instruments?search=${encodeURIComponent(q.search)}`;
      const s = await load(url, options);
      samples.set(q.name, [...(samples.get(q.name) ?? []), s]);
    }
  return Object.fromEntries(
    [...samples].map(([name, list]) => [
      name,
      {
        rps: median(list.map((s) => s.rps)),
        p50: median(list.map((s) => s.p50)),
        p99: median(list.map((s) => s.p99)),
      },
    ]),
  );
}

/**
 * Grows the database the env names to each of `targetSizes` and measures the searches at each size. `baseUrl`
 * is asked again after each growth; for PGlite `pause` stops the server while the generator owns the files.
 */
export async function scaleOn(
  targetSizes: number[],
  baseUrl: () => string,
  dbEnv: Record<string, string>,
  options: { seconds: number; rounds: number; connections: number },
  pause?: { stop(): Promise<void>; start(): Promise<void> },
): Promise<ScaleResult> {
  const sizes: ScaleResult['sizes'] = [];
  for (const size of targetSizes) {
    const have = await instrumentCount(baseUrl());
    await pause?.stop();
    const growSeconds = have < size ? grow(dbEnv, size - have) : 0;
    await pause?.start();
    sizes.push({ size, growSeconds, queries: await measureSearches(baseUrl(), options) });
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
