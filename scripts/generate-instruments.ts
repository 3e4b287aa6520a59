// npm run sample:scale -- 100000: adds that many passports (with a drawing and a first ownership record each)
// to the configured database in batched multi-row inserts, for search and paging tests at scale. Each passport's
// "created" event grows the transparency log too.
import { eq, sql } from 'drizzle-orm';
import { recordPassportEvents } from '../server/log/passport-events';
import { instrumentImages, instruments, ownershipRecords, shops, users } from '../server/db/schema';
import { scaleRow } from './scale-rows';
import { openScriptDatabase } from './script-db';

const count = Number.parseInt(process.argv[2] ?? '100000', 10);
if (!Number.isInteger(count) || count < 1 || count > 2_000_000) {
  console.error('usage: npm run sample:scale -- <count between 1 and 2000000>');
  process.exit(2);
}
const BATCH = 1000;

const { database, done } = await openScriptDatabase();
const db = database.db;
try {
  const makers = await db
    .select({ id: shops.id, ownerId: shops.ownerId, name: users.displayName, location: shops.location })
    .from(shops)
    .innerJoin(users, eq(users.id, shops.ownerId));
  if (!makers.length) {
    console.error('No shops yet: start the server once with SAMPLE_DATA=1 so the sample makers exist.');
    process.exitCode = 1;
  } else {
    const started = Date.now();
    for (let offset = 0; offset < count; offset += BATCH) {
      const size = Math.min(BATCH, count - offset);
      await db.transaction(async (tx) => {
        const rows = Array.from({ length: size }, (_, k) => scaleRow(offset + k, makers));
        const inserted = await tx
          .insert(instruments)
          .values(rows.map((r) => r.row))
          .onConflictDoNothing()
          .returning({ id: instruments.id, passportCode: instruments.passportCode });
        if (!inserted.length) return;
        const byCode = new Map(rows.map((r) => [r.row.passportCode, r]));
        await tx.insert(instrumentImages).values(
          inserted.map((i) => ({
            instrumentId: i.id,
            staticUrl: byCode.get(i.passportCode)!.drawing,
            isPrimary: true,
          })),
        );
        // Each passport's "created" event, appended to the transparency log like any other.
        await recordPassportEvents(
          tx,
          inserted.map((i) => ({
            instrumentId: i.id,
            type: 'created' as const,
            data: { passportCode: i.passportCode },
          })),
        );
        await tx.insert(ownershipRecords).values(
          inserted.map((i) => {
            const { maker, row } = byCode.get(i.passportCode)!;
            return {
              instrumentId: i.id,
              userId: maker.ownerId,
              hadAccount: true,
              ownerName: maker.name,
              location: maker.location,
              startDate: `${row.yearMade}-01-01`,
            };
          }),
        );
      });
      if ((offset / BATCH) % 10 === 9 || offset + size >= count)
        console.log(
          `${(offset + size).toLocaleString('en-US')} / ${count.toLocaleString('en-US')} instruments`,
        );
    }
    // Fresh statistics so the planner picks the search indexes right away.
    await db.execute(sql`analyze`);
    console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
} finally {
  await done();
}
