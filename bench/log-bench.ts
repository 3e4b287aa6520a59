// The transparency log (docs/decisions/010): append throughput through the app's own path (one event per
// transaction, as requests write them) and inclusion / consistency proof latency as the log grows to 10,000,
// 100,000 and 1,000,000 leaves (target: p50 grows < 2× from the smallest to the largest size).
// The log is grown the way S grows passports: INSERT … SELECT over generate_series inside the database, with the
// leaf and node hashes computed by PostgreSQL's sha256() — through the app this would take tens of minutes for a
// million leaves on this machine. The grown leaves are checked against the app's hashing and the stored tree
// against the independent verifier (contract/log/merkle.ts) before anything is measured, so a wrong shortcut
// fails the run instead of producing figures.
// `npm run bench` includes it; alone: npx tsx bench/log-bench.ts [sizes]   (BENCH_DATABASE_URL for PostgreSQL)
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { fromHex } from '../contract/log/bytes';
import { verifyConsistency, verifyInclusion } from '../contract/log/merkle';
import { createShop, createUser } from '../server/db/builders/accounts';
import { createInstrument } from '../server/db/builders/registry';
import { migrateDatabase, openDatabase, type Database, type Db } from '../server/db/client';
import { readHead } from '../server/log/append';
import { recordPassportEvent } from '../server/log/passport-events';
import { consistencyProof, inclusionProofs, rootAt } from '../server/log/proofs';
import { leafHashHex } from '../server/log/tree';
import { createPostgresDatabase } from '../server/test/test-db';
import { completeLogTree } from '../scripts/scale-log';

export const LOG_SIZES = [10_000, 100_000, 1_000_000];
/** Proof latency may grow less than this from the smallest to the largest log. */
export const LOG_GROWTH_TARGET = 2;
const APPENDS = 300;
const PROOFS = 200;
/** Leaves per INSERT while growing: a million in one statement would hold every row in memory at once. */
const GROW_BATCH = 250_000;

export interface LogSizeRow {
  size: number;
  /** Seconds to grow the log from the previous size (0 when already there). */
  grownIn: number;
  inclusionP50: number;
  consistencyP50: number;
}
export interface LogBenchResult {
  backend: 'PGlite' | 'PostgreSQL';
  /** Events per second, one per transaction, one writer. */
  appendSequential: number;
  /** Events per second, one per transaction, 10 writers (PostgreSQL only: PGlite has one connection). */
  appendConcurrent: number | null;
  sizes: LogSizeRow[];
  /** p50 at the largest size / p50 at the smallest. */
  growth: { inclusion: number; consistency: number };
}

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timed(n: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn(i);
    out.push(performance.now() - t0);
  }
  return out;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Appends leaves [from, to) and every complete subtree they finish, in SQL; moves the head to `to`. */
async function growLog(db: Db, from: number, to: number, instrumentId: string): Promise<void> {
  for (let lo = from; lo < to; lo += GROW_BATCH) {
    const hi = Math.min(to, lo + GROW_BATCH);
    // Leaves shaped like the app's (RFC 8785 key order), each the first event of its own passport.
    await db.execute(sql`
      insert into log_leaves (index, event_id, instrument_id, passport_code, seq, leaf, leaf_hash)
      select g, gen_random_uuid(), ${instrumentId}::uuid, x.code, 0, x.leaf,
             encode(sha256('\\x00'::bytea || convert_to(x.leaf, 'UTF8')), 'hex')
      from generate_series(${lo}::bigint, ${hi}::bigint - 1) g
      cross join lateral (
        select 'BENCH-' || g as code,
               '{"at":"2026-01-01T00:00:00.000Z","data":{},"passport":"BENCH-' || g ||
               '","prev":null,"seq":0,"type":"photo_added"}' as leaf
      ) x`);
    await db.execute(sql`
      insert into log_hashes (level, idx, hash)
      select 0, index, leaf_hash from log_leaves where index >= ${lo} and index < ${hi}`);
  }
  // The subtrees those leaves complete and the head: the same SQL `npm run sample:scale` stores them with.
  await completeLogTree(db, from, to);
}

/** The grown tree must be the tree the app and the verifier compute, or the figures mean nothing. */
async function checkTree(db: Db, size: number, previous: { size: number; root: string } | null) {
  const [sample] = rowsOf<{ leaf: string; leaf_hash: string }>(
    await db.execute(sql`select leaf, leaf_hash from log_leaves where index = ${size - 1}`),
  );
  if (!sample || leafHashHex(sample.leaf) !== sample.leaf_hash)
    throw new Error(`log bench: the grown leaf ${size - 1} does not hash as the app hashes it`);
  const root = await rootAt(db, size);
  for (const index of [0, Math.floor(size / 3), size - 1]) {
    const [leaf] = rowsOf<{ leaf_hash: string }>(
      await db.execute(sql`select leaf_hash from log_leaves where index = ${index}`),
    );
    const [proof] = await inclusionProofs(db, [index], size);
    if (!(await verifyInclusion(index, size, fromHex(leaf!.leaf_hash), proof!.map(fromHex), fromHex(root))))
      throw new Error(`log bench: leaf ${index} is not provably in the grown tree of size ${size}`);
  }
  if (previous) {
    const proof = await consistencyProof(db, previous.size, size);
    if (
      !(await verifyConsistency(
        previous.size,
        size,
        fromHex(previous.root),
        fromHex(root),
        proof.map(fromHex),
      ))
    )
      throw new Error(`log bench: the tree of size ${size} does not extend the one of size ${previous.size}`);
  }
  return { size, root };
}

async function measure(database: Database, sizes: number[]): Promise<LogBenchResult> {
  await migrateDatabase(database);
  const { db } = database;
  const user = await createUser(db, { role: 'luthier', handle: `log-bench-${Date.now().toString(36)}` });
  const shop = await createShop(db, user.id, { name: 'Log bench' });
  const guitars: string[] = [];
  for (let i = 0; i < 20; i++)
    guitars.push((await createInstrument(db, { name: `L${i}`, makerShopId: shop.id })).id);
  const pick = (i: number) => guitars[i % guitars.length]!;

  let t0 = performance.now();
  await timed(APPENDS, (i) =>
    recordPassportEvent(db, { instrumentId: pick(i), type: 'photo_added', data: { caption: `${i}` } }),
  );
  const appendSequential = APPENDS / ((performance.now() - t0) / 1000);
  let appendConcurrent: number | null = null;
  if (database.kind === 'postgres') {
    t0 = performance.now();
    await Promise.all(
      Array.from({ length: 10 }, (_, c) =>
        timed(APPENDS / 10, (i) =>
          recordPassportEvent(db, { instrumentId: pick(i + c), type: 'verified', data: {} }),
        ),
      ),
    );
    appendConcurrent = APPENDS / ((performance.now() - t0) / 1000);
  }

  const rows: LogSizeRow[] = [];
  let previous: { size: number; root: string } | null = null;
  for (const target of sizes) {
    const { size } = await readHead(db);
    t0 = performance.now();
    if (target > size) {
      await growLog(db, size, target, pick(0));
      await db.execute(sql`analyze log_hashes`);
    }
    const grownIn = (performance.now() - t0) / 1000;
    previous = await checkTree(db, target, previous);
    const rnd = () => Math.floor(Math.random() * target);
    await timed(20, () => inclusionProofs(db, [rnd()], target));
    const inclusion = await timed(PROOFS, () => inclusionProofs(db, [rnd()], target));
    const consistency = await timed(PROOFS, () => consistencyProof(db, Math.max(1, rnd()), target));
    rows.push({ size: target, grownIn, inclusionP50: p50(inclusion), consistencyP50: p50(consistency) });
  }
  // An append through the app's path on top of the grown log continues the same tree.
  await recordPassportEvent(db, { instrumentId: pick(1), type: 'verified', data: {} });
  await checkTree(db, (await readHead(db)).size, previous);
  const first = rows[0]!;
  const last = rows.at(-1)!;
  return {
    backend: database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite',
    appendSequential,
    appendConcurrent,
    sizes: rows,
    growth: {
      inclusion: last.inclusionP50 / first.inclusionP50,
      consistency: last.consistencyP50 / first.consistencyP50,
    },
  };
}

/** PostgreSQL (a fresh database on that server, dropped after) when reachable, then in-memory PGlite. */
export async function runLogBench(
  pgAvailable: boolean,
  sizes: { postgres: number[]; pglite: number[] },
): Promise<LogBenchResult[]> {
  const out: LogBenchResult[] = [];
  if (pgAvailable) {
    const { url, drop } = await createPostgresDatabase();
    const database = await openDatabase({ url, poolSize: 10 });
    try {
      out.push(await measure(database, sizes.postgres));
    } finally {
      await database.close();
      await drop();
    }
  }
  if (sizes.pglite.length) {
    const database = await openDatabase({});
    try {
      out.push(await measure(database, sizes.pglite));
    } finally {
      await database.close();
    }
  }
  return out;
}

export function logBenchMarkdown(results: LogBenchResult[]): string[] {
  const n = (v: number) => v.toLocaleString('en-US');
  const flag = (g: number) => `×${g.toFixed(2)} ${g < LOG_GROWTH_TARGET ? '✅' : '❌'}`;
  return [
    `Appends go through the app's path (an event and its leaf in one transaction, under the head-row lock). Proofs are read from the stored complete-subtree hashes (the function the API calls, no HTTP), 200 random leaves or earlier sizes per size; p50 in ms. The log is grown in SQL and checked against the app's hashing and the independent verifier before measuring. Target: p50 grows < ${LOG_GROWTH_TARGET}× from the smallest to the largest size.`,
    '',
    '| backend | appends/s, 1 writer | appends/s, 10 writers | leaves | grown in (s) | inclusion p50 | consistency p50 |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...results.flatMap((r) =>
      r.sizes.map(
        (s, i) =>
          `| ${i ? '' : r.backend} | ${i ? '' : r.appendSequential.toFixed(0)} | ${i ? '' : (r.appendConcurrent?.toFixed(0) ?? '—')} | ${n(s.size)} | ${s.grownIn.toFixed(1)} | ${s.inclusionP50.toFixed(2)} | ${s.consistencyP50.toFixed(2)} |`,
      ),
    ),
    '',
    ...results.map(
      (r) =>
        `- ${r.backend}, ${n(r.sizes[0]!.size)} → ${n(r.sizes.at(-1)!.size)} leaves: inclusion ${flag(r.growth.inclusion)}, consistency ${flag(r.growth.consistency)}`,
    ),
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.env.TEST_DATABASE_URL ??=
    process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const sizes = process.argv[2]?.split(',').map(Number) ?? LOG_SIZES;
  const results = await runLogBench(true, { postgres: sizes, pglite: sizes });
  console.log(logBenchMarkdown(results).join('\n'));
}
