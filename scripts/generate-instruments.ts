// npm run sample:scale -- 100000: adds that many passports (with a drawing, a first ownership record and its
// "created" event each) to the configured database, for search and paging tests at scale. The rows are made
// inside the database, a slice at a time (scripts/scale-grow.ts: INSERT … SELECT over generate_series); each
// slice's events are appended to the transparency log in the same transaction, so a slice is there whole or not
// at all. A million passports take minutes.
import { sql } from 'drizzle-orm';
import type { LoggedEvent } from '../server/log/append';
import { appendEventsToLog } from '../server/log/append';
import { growStatement } from './scale-grow';
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
/** Passports per statement and transaction (the embedded database holds a slice's rows in its memory). */
const SLICE = 50_000;
/** Events per append to the transparency log (one lock of its head, one walk of its frontier). */
const LOG_BATCH = 10_000;

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
    let growing = 0;
    let logging = 0;
    for (let offset = 0; offset < count; offset += SLICE) {
      const size = Math.min(SLICE, count - offset);
      await db.transaction(async (tx) => {
        const t0 = Date.now();
        const grown = rowsOf<{
          id: string;
          instrument_id: string;
          type: string;
          data: Record<string, unknown>;
          created_at: string | Date;
        }>(await tx.execute(sql.raw(growStatement({ from: before + offset, count: size, events: true }))));
        const t1 = Date.now();
        growing += t1 - t0;
        const events: LoggedEvent[] = grown.map((e) => ({
          id: e.id,
          instrumentId: e.instrument_id,
          type: e.type,
          data: e.data,
          createdAt: new Date(e.created_at),
        }));
        for (let i = 0; i < events.length; i += LOG_BATCH)
          await appendEventsToLog(tx, events.slice(i, i + LOG_BATCH));
        logging += Date.now() - t1;
      });
      console.log(
        `${(offset + size).toLocaleString('en-US')} / ${count.toLocaleString('en-US')} instruments`,
      );
    }
    const t2 = Date.now();
    // The trigram index's new entries wait in its pending list until a vacuum merges them (every search would
    // scan that list), and fresh statistics let the planner pick the search indexes right away.
    await db.execute(sql`vacuum (analyze) instruments`);
    await db.execute(sql`analyze`);
    const added = (await countRows()) - before;
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `Done in ${s(Date.now() - started)} (rows ${s(growing)}, transparency log ${s(logging)}, vacuum and statistics ${s(Date.now() - t2)}): ${added.toLocaleString('en-US')} passports added${
        added < count ? ' (a generated passport code that was already taken is skipped)' : ''
      }.`,
    );
  }
} finally {
  await done();
}
