// npm run sample:scale -- 100000: adds that many passports (with a drawing and a first ownership record each)
// to the configured database in batched multi-row inserts, for search and paging tests at scale. Each passport's
// "created" event grows the transparency log too.
import { eq, sql } from 'drizzle-orm';
import { generatePassportCode } from '../server/db/builders/registry';
import { drawingUrl } from '../server/db/sample/drawings';
import { recordPassportEvents } from '../server/log/passport-events';
import { instrumentImages, instruments, ownershipRecords, shops, users } from '../server/db/schema';
import {
  SCALE_ADJECTIVES,
  SCALE_CATEGORIES,
  SCALE_CONDITIONS,
  SCALE_DRAWINGS,
  SCALE_TYPES,
  SCALE_WOODS,
} from './scale-vocabulary';
import { openScriptDatabase } from './script-db';

const count = Number.parseInt(process.argv[2] ?? '100000', 10);
if (!Number.isInteger(count) || count < 1 || count > 2_000_000) {
  console.error('usage: npm run sample:scale -- <count between 1 and 2000000>');
  process.exit(2);
}
const BATCH = 1000;
const pick = <T>(list: readonly T[], i: number) => list[i % list.length]!;

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
        const rows = Array.from({ length: size }, (_, k) => {
          const n = offset + k;
          const seed = n * 7919 + Math.floor(Math.random() * 1000);
          const type = pick(SCALE_TYPES, seed);
          const maker = pick(makers, seed >> 3);
          const body = pick(SCALE_WOODS, seed >> 5);
          const category = pick(SCALE_CATEGORIES, seed >> 4);
          return {
            row: {
              passportCode: generatePassportCode(),
              name: `${pick(SCALE_ADJECTIVES, seed >> 2)} ${body[0]!.toUpperCase()}${body.slice(1)} ${type[0]!.toUpperCase()}${type.slice(1)} ${n + 1}`,
              instrumentType: type,
              category,
              model: `Model ${(seed % 97) + 1}`,
              serialNumber: `SC-${String(n + 1).padStart(7, '0')}`,
              bodyWood: body,
              neckWood: pick(SCALE_WOODS, seed >> 6),
              fretboardWood: pick(SCALE_WOODS, seed >> 7),
              description: `Scale-test ${type} in ${body}.`,
              yearMade: 1960 + (seed % 66),
              estimatedValue: 500 + (seed % 30_000),
              condition: pick(SCALE_CONDITIONS, seed >> 8),
              verified: seed % 3 === 0,
              makerShopId: maker.id,
              currentOwnerId: maker.ownerId,
            },
            maker,
            drawing: drawingUrl(type, category, pick(SCALE_DRAWINGS, seed >> 9)),
          };
        });
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
