// Measures the transparency log on the configured backend: append throughput (one event per transaction, as
// the app writes them) and inclusion / consistency proof latency as the log grows to the given sizes.
//   tsx scripts/log-measure.ts 10000,100000,1000000      (DATABASE_URL=postgres://… for PostgreSQL)
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createShop, createUser } from '../server/db/builders/accounts';
import { createInstrument } from '../server/db/builders/registry';
import { migrateDatabase, openDatabase } from '../server/db/client';
import { recordPassportEvent, recordPassportEvents } from '../server/log/passport-events';
import { readHead } from '../server/log/append';
import { consistencyProof, inclusionProofs } from '../server/log/proofs';

const sizes = (process.argv[2] ?? '10000,100000').split(',').map(Number);
const database = await openDatabase({ url: process.env.DATABASE_URL });
await migrateDatabase(database);
const db = database.db;
const user = await createUser(db, { role: 'luthier', handle: `measure-${Date.now().toString(36)}` });
const shop = await createShop(db, user.id, { name: 'Measure' });
const guitars: { id: string }[] = [];
for (let i = 0; i < 50; i++)
  guitars.push(await createInstrument(db, { name: `M${i}`, makerShopId: shop.id }));
const pick = (i: number) => guitars[i % guitars.length]!.id;

const p50 = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const time = async (n: number, fn: (i: number) => Promise<unknown>) => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn(i);
    out.push(performance.now() - t0);
  }
  return out;
};

let t0 = performance.now();
await time(300, (i) =>
  recordPassportEvent(db, { instrumentId: pick(i), type: 'photo_added', data: { caption: `${i}` } }),
);
console.log(
  `append, one event per transaction, sequential: ${(300 / ((performance.now() - t0) / 1000)).toFixed(0)} events/s`,
);
if (database.kind === 'postgres') {
  t0 = performance.now();
  await Promise.all(
    Array.from({ length: 10 }, (_, c) =>
      time(30, (i) => recordPassportEvent(db, { instrumentId: pick(i + c), type: 'verified', data: {} })),
    ),
  );
  console.log(
    `append, 10 concurrent writers: ${(300 / ((performance.now() - t0) / 1000)).toFixed(0)} events/s`,
  );
}

// A size below the current one is measured in place: proofs for that older tree, served from today's tables.
for (const target of sizes) {
  let { size } = await readHead(db);
  t0 = performance.now();
  const grown = target - size;
  while (size < target) {
    const n = Math.min(1000, target - size);
    await recordPassportEvents(
      db,
      Array.from({ length: n }, (_, i) => ({
        instrumentId: pick(size + i),
        type: 'photo_added' as const,
        data: {},
      })),
    );
    size += n;
  }
  if (grown > 0) {
    console.log(
      `grew by ${grown} in batches of 1000: ${(grown / ((performance.now() - t0) / 1000)).toFixed(0)} events/s`,
    );
    await db.execute(sql`analyze`);
  }
  const at = Math.min(target, size);
  const rnd = () => Math.floor(Math.random() * at);
  await time(20, () => inclusionProofs(db, [rnd()], at));
  const inc = await time(200, () => inclusionProofs(db, [rnd()], at));
  const con = await time(200, () => consistencyProof(db, Math.max(1, rnd()), at));
  console.log(
    `size ${at.toLocaleString('en-US')}: inclusion p50 ${p50(inc).toFixed(2)} ms, consistency p50 ${p50(con).toFixed(2)} ms`,
  );
}
await database.close();
