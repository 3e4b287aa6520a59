// S: registry search as the registry grows. The database is grown in place (1,000 → 10,000 → 100,000
// instruments) with the rows of `npm run sample:scale` (bench/grow.ts), and each query is measured against the
// real server at each size.
import { scaleSerial } from '../scripts/scale-grow';
import type { Backend } from './backends';
import { statementProbe, type StatementTime } from './driver';
import { pgGrower, pgliteGrower } from './grow';
import { load, median, startRealServer, stop, type Sample } from './lib';
import type { Report, ScaleResult } from './render';

const sizes = (value: string) => value.split(',').map(Number);
/** BENCH_SCALE_SIZES=1000,2000 makes a quick run while working on the bench. */
export const SCALE_SIZES = sizes(process.env.BENCH_SCALE_SIZES ?? '1000,10000,100000');
/** BENCH_SCALE_PGLITE_SIZES: the same for PGlite, whose server restarts around each growth. */
export const PGLITE_SCALE_SIZES = sizes(process.env.BENCH_SCALE_PGLITE_SIZES ?? SCALE_SIZES.join(','));

export interface SearchQuery {
  name: string;
  search: string;
}

/** A broad word most passports match, a maker's name (matched through the shops) and a single serial. */
export const SCALE_QUERIES: SearchQuery[] = [
  { name: 'broad word', search: 'spruce' },
  { name: 'maker name', search: 'Calloway' },
  { name: 'serial number', search: scaleSerial(776) },
];

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
 * Grows the database to each of `targetSizes` (`grow` returns the seconds it took) and measures the searches
 * at each size; `baseUrl` is asked again after each growth (PGlite's server restarts). `explain` (PostgreSQL)
 * adds each statement's own database time at each size.
 */
export async function scaleOn(
  targetSizes: number[],
  baseUrl: () => string,
  grow: (total: number) => Promise<number>,
  options: { seconds: number; rounds: number; connections: number },
  explain?: (path: string) => Promise<StatementTime[]>,
): Promise<ScaleResult> {
  const sizes: ScaleResult['sizes'] = [];
  for (const size of targetSizes) {
    const growSeconds = await grow(size);
    const queries = await measureSearches(baseUrl(), options);
    if (explain) for (const q of SCALE_QUERIES) queries[q.name]!.statements = await explain(searchPath(q));
    sizes.push({ size, growSeconds, queries });
    console.log(`S: ${size.toLocaleString('en-US')} instruments`);
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
 * around each growth) to PGLITE_SCALE_SIZES, unless `pgliteWhyNot` gives a reason.
 */
export async function runScale(
  backends: Backend[],
  options: { seconds: number; rounds: number; connections: number },
  /** Asked when PGlite's turn comes: why it is left out, or null to run it. */
  pgliteWhyNot: () => string | null,
): Promise<Report['scale']> {
  const scale: Report['scale'] = { postgres: null, pglite: null };
  const d = backends.find((b) => b.name === 'D');
  const pgUrl = d?.dbEnv.DATABASE_URL;
  if (d && pgUrl) {
    const probe = await statementProbe(pgUrl);
    const grower = await pgGrower(pgUrl);
    try {
      scale.postgres = await scaleOn(
        SCALE_SIZES,
        () => d.server.url,
        (total) => grower.growTo(total),
        options,
        (p) => probe.explain(p),
      );
    } finally {
      await grower.close();
      await probe.close();
    }
  }
  const e = backends.find((b) => b.name === 'E');
  const pgliteDir = e?.dbEnv.DATA_DIR;
  const whyNot = e && pgliteDir ? pgliteWhyNot() : 'no PGlite server';
  if (whyNot || !e || !pgliteDir) {
    scale.pgliteNote = whyNot ?? undefined;
    return scale;
  }
  // PGlite's files have one owner at a time: the server stops while this process grows them.
  const growPglite = async (total: number) => {
    await stop(e.server.child);
    const grower = await pgliteGrower(pgliteDir);
    try {
      return await grower.growTo(total);
    } finally {
      await grower.close();
      e.server = await startRealServer(e.serverEnv);
    }
  };
  scale.pglite = await scaleOn(PGLITE_SCALE_SIZES, () => e.server.url, growPglite, options);
  return scale;
}
