// npm run sample:scale -- 100000: adds that many passports (with a drawing, a first ownership record and its
// "created" event each) to the configured database, for search and paging tests at scale. The rows are made
// inside the database, a slice at a time (scripts/scale-grow.ts: INSERT … SELECT over generate_series), and so
// are their transparency-log leaves and the tree's stored hashes (scripts/scale-log.ts): nothing goes through
// Node row by row. A grow that at least doubles the registry runs as one transaction that drops the plain
// indexes of the tables it fills and builds them again after the rows (scripts/scale-indexes.ts); a smaller one
// keeps them and commits slice by slice. Either way a slice is there whole, events and leaves, or not at all.
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { growStatement } from './scale-grow';
import { growWithIndexesRebuilt, rebuildsIndexes } from './scale-indexes';
import { completeLogTree, lockLogHead } from './scale-log';
import { openScriptDatabase } from './script-db';

const count = Number.parseInt(process.argv[2] ?? '100000', 10);
if (
  !/^\d+$/.test(process.argv[2] ?? '100000') ||
  !Number.isInteger(count) ||
  count < 1 ||
  count > 2_000_000
) {
  console.error('usage: npm run sample:scale -- <count between 1 and 2000000>');
  process.exit(2);
}
/** Passports per statement (the embedded database holds a slice's rows in its memory). */
const SLICE = 50_000;

const { database, done } = await openScriptDatabase();
const db = database.db;
const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
try {
  const [makers] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from shops`));
  if (!makers?.n) {
    console.error('No shops yet: start the server once with SAMPLE_DATA=1 so the sample makers exist.');
    process.exitCode = 1;
  } else {
    const started = Date.now();
    const countRows = async () =>
      rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from instruments`))[0]!.n;
    // Numbered after the passports already there, so a second run's serial numbers stay unique too.
    const before = await countRows();
    const rebuild = rebuildsIndexes(before, count);
    const took = { rows: 0, tree: 0, indexes: 0 };
    const since = (t: number) => performance.now() - t;
    /** Slices [start, end) of this run, appended to the log from its head (locked here until the commit). */
    const grow = async (tx: Db, start: number, end: number) => {
      // Sorts of a slice's rows stay in memory instead of spilling to temporary files. PostgreSQL's JIT would
      // compile the statement anew each time (its estimated cost is far past the threshold): 1.5 s of CPU per
      // 20,000 passports for an insert that spends its time writing rows, not evaluating expressions.
      await tx.execute(sql`set local work_mem = '64MB'`);
      await tx.execute(sql`set local jit = off`);
      let size = await lockLogHead(tx);
      for (let offset = start; offset < end; offset += SLICE) {
        const n = Math.min(SLICE, end - offset);
        let t = performance.now();
        const [grown] = rowsOf<{ leaves: number }>(
          await tx.execute(sql.raw(growStatement({ from: before + offset, count: n, log: { size } }))),
        );
        took.rows += since(t);
        t = performance.now();
        await completeLogTree(tx, size, size + grown!.leaves);
        size += grown!.leaves;
        took.tree += since(t);
        console.log(`${(offset + n).toLocaleString('en-US')} / ${count.toLocaleString('en-US')} instruments`);
      }
    };
    if (rebuild) {
      console.log(
        'Growing in one transaction, indexes built after the rows (the registry waits for it on PostgreSQL).',
      );
      await db.transaction(async (tx) => {
        took.indexes = await growWithIndexesRebuilt(tx, () => grow(tx, 0, count));
      });
    } else {
      for (let offset = 0; offset < count; offset += SLICE)
        await db.transaction((tx) => grow(tx, offset, Math.min(count, offset + SLICE)));
    }
    const t2 = performance.now();
    // After a smaller grow the trigram index's new entries wait in its pending list until a vacuum merges them
    // (every search would scan that list); the vacuum also marks the new pages all-visible, so the maker search
    // reads its index alone, and fresh statistics let the planner pick the search indexes right away.
    await db.execute(sql`vacuum (analyze) instruments`);
    await db.execute(sql`analyze`);
    const added = (await countRows()) - before;
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `Done in ${s(Date.now() - started)} (rows, events and leaves ${s(took.rows)}, log tree ${s(took.tree)}, indexes ${s(took.indexes)}, vacuum and statistics ${s(since(t2))}): ${added.toLocaleString('en-US')} passports added${
        added < count ? ' (a generated passport code that was already taken is skipped)' : ''
      }.`,
    );
  }
} finally {
  await done();
}
