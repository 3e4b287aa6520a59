// Search flat to a million: the registry search (broad word, maker name, accented maker, serial
// number, passport code), the makers directory and explore, against a real PostgreSQL server (no server cache)
// as the registry grows, by one client sending one request at a time, timed to the microsecond (autocannon
// counts whole milliseconds, too coarse for a 1 ms search). At each size, each case's database time (the sum of
// its statements' EXPLAIN ANALYZE execution times, the least of five runs: a shared machine's load barely moves
// it, unlike the request's wall time), and every statement's plan at the largest size.
// Alone: BENCH_DATABASE_URL=postgres://… npx tsx bench/search-scale.ts 1000,100000,1000000 (in a database of its
// own, dropped at the end; BENCH_SEARCH_DB=name grows and keeps that one instead)
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { statementProbe } from './driver';
import { scaleSerial } from '../scripts/scale-grow';
import { pgGrower } from './grow';
import { startRealServer, stop, stopAll } from './lib';

export interface SearchCase {
  name: string;
  path: string;
}

/** The 777th generated passport's serial number (there from the first size on). */
const SERIAL = scaleSerial(776);
const search = (term: string) => `/api/registry/instruments?search=${encodeURIComponent(term)}`;
/** Filled in once the first size is grown: the code of the passport with SERIAL (codes are random). */
const PASSPORT_CODE = 'registry: passport code';

export const SEARCH_CASES: SearchCase[] = [
  { name: 'registry: broad word', path: search('spruce') },
  { name: 'registry: maker name', path: search('Calloway') },
  { name: 'registry: maker, no accent', path: search('creme') },
  // Two words in different fields (a wood and the maker), and a misspelt maker name (decision 030).
  { name: 'registry: two words', path: search('spruce Calloway') },
  { name: 'registry: misspelt word', path: search('Caloway') },
  { name: 'registry: serial number', path: search(SERIAL) },
  { name: PASSPORT_CODE, path: '' },
  { name: 'registry: no match', path: search('qzxv') },
  { name: 'registry: first page', path: '/api/registry/instruments' },
  { name: 'makers directory: word', path: '/api/profile/shops?q=guitar' },
  { name: 'makers directory: first page', path: '/api/profile/shops' },
  { name: 'explore: word', path: '/api/lms/courses/explore?q=guitar' },
];

const REQUESTS = Number(process.env.BENCH_SEARCH_REQUESTS ?? 150);

/** p50 and p90 in ms of `n` sequential GETs after 10 warm-up requests; the count header of the last. */
async function measure(url: string, n = REQUESTS) {
  const times: number[] = [];
  let total = '';
  for (let i = 0; i < n + 10; i++) {
    const t = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    if (i >= 10) times.push(performance.now() - t);
    total = `${res.headers.get('x-total-count') ?? ''}${res.headers.get('x-total-count-capped') === 'true' ? '+' : ''}`;
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => Math.round(times[Math.floor((times.length * p) / 100)]! * 100) / 100;
  return { p50: at(50), p90: at(90), total };
}

export interface SearchScaleResult {
  sizes: {
    size: number;
    grownIn: number;
    cases: Record<string, { p50: number; p90: number; total: string; dbMs: number }>;
  }[];
  plans: { name: string; statements: { text: string; plan: string }[] }[];
}

export async function runSearchScale(
  url: string,
  sizes: number[],
  sample?: string,
): Promise<SearchScaleResult> {
  const grower = await pgGrower(url);
  const server = await startRealServer({ DATABASE_URL: url, SHARED_CACHE_SECONDS: '0', SAMPLE_DATA: '1' });
  const result: SearchScaleResult = { sizes: [], plans: [] };
  const probe = await statementProbe(url);
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  /** The case's statements' execution times summed, the least of five runs (ms). */
  const databaseTime = async (path: string) => {
    let least = Infinity;
    for (let i = 0; i < 5; i++)
      least = Math.min(
        least,
        (await probe.explain(path)).reduce((sum, s) => sum + s.ms, 0),
      );
    return Math.round(least * 100) / 100;
  };
  try {
    for (const size of sizes) {
      const grownIn = await grower.growTo(size);
      const code = SEARCH_CASES.find((c) => c.name === PASSPORT_CODE)!;
      if (!code.path) {
        const { rows } = await db.query<{ passport_code: string }>(
          'select passport_code from instruments where serial_number = $1',
          [SERIAL],
        );
        if (!rows[0]) throw new Error(`no passport with serial number ${SERIAL}: grow to 1,000 first`);
        code.path = search(rows[0].passport_code.toLowerCase().replaceAll('-', ''));
      }
      const cases: SearchScaleResult['sizes'][number]['cases'] = {};
      for (const c of SEARCH_CASES)
        cases[c.name] = { ...(await measure(`${server.url}${c.path}`)), dbMs: await databaseTime(c.path) };
      result.sizes.push({ size, grownIn, cases });
      console.log(size, JSON.stringify(cases));
      if (sample) fs.writeFileSync(sample, JSON.stringify(result, null, 2));
    }
    for (const c of SEARCH_CASES) result.plans.push({ name: c.name, statements: await probe.plans(c.path) });
  } finally {
    await probe.close();
    await db.end();
    await stop(server.child);
    await grower.close();
  }
  if (sample) fs.writeFileSync(sample, JSON.stringify(result, null, 2));
  return result;
}

/** The report's section: p50 per size, the growth from the smallest to the largest, and the plans. */
export function renderSearchScale(r: SearchScaleResult): string {
  const first = r.sizes[0]!;
  const last = r.sizes.at(-1)!;
  const n = (size: number) => size.toLocaleString('en-US');
  const lines = [
    `| case | ${r.sizes.map((s) => `${n(s.size)}: p50 (p90) ms`).join(' | ')} | ${r.sizes.map((s) => `${n(s.size)}: database ms`).join(' | ')} | matches at ${n(last.size)} | p50 ${n(last.size)} ÷ ${n(first.size)} (< 2) | database ${n(last.size)} ÷ ${n(first.size)} |`,
    `| --- | ${r.sizes.map(() => '---').join(' | ')} | ${r.sizes.map(() => '---').join(' | ')} | --- | --- | --- |`,
  ];
  for (const c of SEARCH_CASES) {
    const ratio = last.cases[c.name]!.p50 / first.cases[c.name]!.p50;
    const dbRatio = last.cases[c.name]!.dbMs / first.cases[c.name]!.dbMs;
    lines.push(
      `| ${c.name} | ${r.sizes.map((s) => `${s.cases[c.name]!.p50} (${s.cases[c.name]!.p90})`).join(' | ')} | ${r.sizes.map((s) => s.cases[c.name]!.dbMs).join(' | ')} | ${last.cases[c.name]!.total || '—'} | ${ratio.toFixed(2)} ${ratio < 2 ? '✅' : '❌'} | ${dbRatio.toFixed(2)} |`,
    );
  }
  const plans = r.plans.flatMap((p) => [
    `#### ${p.name}`,
    '',
    ...p.statements.flatMap((s) => ['```', s.plan, '```', '']),
  ]);
  return [...lines, '', ...plans].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const sizes = (process.argv[2] ?? '1000,100000,1000000').split(',').map(Number);
  // BENCH_SEARCH_DB names a database to grow and keep; without it (unset or empty) the run makes its own and drops
  // it whatever happens: at the end, on a failure, or on Ctrl-C.
  const own = !process.env.BENCH_SEARCH_DB;
  const name = process.env.BENCH_SEARCH_DB || `search_scale_${Date.now().toString(36)}`;
  const onBase = async (statement: string) => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  const dropOwn = () => (own ? onBase(`drop database if exists ${name} with (force)`) : Promise.resolve());
  if (own) await onBase(`create database ${name}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      // The server stops first; the forced drop ends the sessions this process's own clients still hold.
      void stopAll()
        .then(dropOwn)
        .finally(() => process.exit(130));
    });
  const url = new URL(base);
  url.pathname = `/${name}`;
  let code = 0;
  try {
    const result = await runSearchScale(url.toString(), sizes, '/tmp/search-scale.json');
    fs.writeFileSync('/tmp/search-scale.md', renderSearchScale(result));
    console.log(renderSearchScale(result));
  } catch (error) {
    console.error(error);
    code = 1;
  } finally {
    await dropOwn();
  }
  process.exit(code);
}
