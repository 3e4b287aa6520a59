import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromHex } from '../contract/log/bytes';
import { verifyConsistency, verifyInclusion } from '../contract/log/merkle';
import { createShop, createUser } from '../server/db/builders/accounts';
import { createInstrument } from '../server/db/builders/registry';
import type { Database, Db } from '../server/db/client';
import { readHead } from '../server/log/append';
import { recordPassportEvent } from '../server/log/passport-events';
import { consistencyProof, inclusionProofs, rootAt } from '../server/log/proofs';
import { appendUnloggedEvents } from '../server/log/startup';
import { createTestDatabase } from '../server/test/test-db';
import { growStatement } from './scale-grow';
import { completeLogTree, leavesSteps, lockLogHead } from './scale-log';

let database: Database;
let db: Db;
let shopId: string;
const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** Thrown to roll a transaction back once what it wrote has been read. */
class Rollback extends Error {}

/** Everything the log holds, as text (bigints included), in key order. */
async function logContents(tx: Db) {
  return {
    leaves: rowsOf(
      await tx.execute(sql`select l.index::text, l.event_id, l.instrument_id, l.passport_code, l.seq, l.leaf,
        l.leaf_hash from log_leaves l order by l.index`),
    ),
    hashes: rowsOf(
      await tx.execute(sql`select h.level, h.idx::text, h.hash from log_hashes h order by h.level, h.idx`),
    ),
    head: await readHead(tx),
    salts: rowsOf(await tx.execute(sql`select count(*)::int as n from log_salts`)),
  };
}

/** The columns a copied row may set (a generated column is computed again). */
async function writableColumns(table: string): Promise<string> {
  const columns = rowsOf<{ name: string }>(
    await db.execute(sql`select column_name as name from information_schema.columns
      where table_schema = current_schema() and table_name = ${table} and is_generated = 'NEVER'
      order by ordinal_position`),
  );
  return columns.map((c) => `"${c.name}"`).join(', ');
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  for (const handle of ['log-grow-one', 'log-grow-two']) {
    const maker = await createUser(db, { role: 'luthier', handle });
    shopId = (await createShop(db, maker.id, { name: `Shop ${handle}` })).id;
  }
});
afterAll(() => database.close());

describe("the generator's transparency log", () => {
  it('writes, across a tile boundary, the leaves, stored hashes and head the app writes for the same events', async () => {
    // A log that does not start on a boundary: five leaves appended by the app (each passport's "created"
    // event, and one passport's second event).
    for (let i = 0; i < 4; i++) {
      const guitar = await createInstrument(db, { name: `Before ${i}`, makerShopId: shopId });
      if (i === 0) await recordPassportEvent(db, { instrumentId: guitar.id, type: 'verified', data: {} });
    }
    const start = (await readHead(db)).size;
    expect(start).toBe(5);

    // The generator's path, read whole and rolled back, keeping the passports and events it made.
    let grown: Awaited<ReturnType<typeof logContents>> | undefined;
    let made: { instruments: string; events: string } | undefined;
    await expect(
      db.transaction(async (tx) => {
        const size = await lockLogHead(tx);
        const [result] = rowsOf<{ leaves: number }>(
          await tx.execute(sql.raw(growStatement({ from: 0, count: 300, log: { size } }))),
        );
        expect(result!.leaves).toBe(300);
        await completeLogTree(tx, size, size + 300);
        grown = await logContents(tx);
        const [copy] = rowsOf<{ instruments: string; events: string }>(
          await tx.execute(sql`select
            (select jsonb_agg(to_jsonb(i)) from instruments i
              where i.id in (select instrument_id from log_leaves where index >= ${start}))::text as instruments,
            (select jsonb_agg(to_jsonb(e)) from instrument_events e
              where e.id in (select event_id from log_leaves where index >= ${start}))::text as events`),
        );
        made = copy;
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
    expect((await readHead(db)).size).toBe(start);

    // The same passports and events (same ids, codes and times to the microsecond), logged by the app's own
    // path: the start's backfill of events without a leaf, through appendEventsToLog.
    for (const [table, rows] of [
      ['instruments', made!.instruments],
      ['instrument_events', made!.events],
    ] as const) {
      const columns = await writableColumns(table);
      await db.execute(
        sql.raw(`insert into ${table} (${columns}) select ${columns}
          from jsonb_populate_recordset(null::${table}, '${rows.replace(/'/g, "''")}'::jsonb)`),
      );
    }
    expect(await appendUnloggedEvents(db)).toBe(300);
    const byApp = await logContents(db);

    expect(grown!.leaves).toHaveLength(305);
    expect(grown).toEqual(byApp);
    expect(grown!.salts).toEqual([{ n: 0 }]);
    // 305 leaves: a full first tile of 256 (its level-8 subtree is stored) and 49 in the next.
    expect(grown!.hashes).toContainEqual(expect.objectContaining({ level: 8, idx: '0' }));
    expect(grown!.head.size).toBe(305);

    // And the tree proves: leaves on both sides of the boundary, and that it extends the log it grew from.
    const root = await rootAt(db, 305);
    for (const index of [start, 255, 256, 304]) {
      const [proof] = await inclusionProofs(db, [index], 305);
      const leafHash = byApp.leaves[index] as { leaf_hash: string };
      expect(
        await verifyInclusion(index, 305, fromHex(leafHash.leaf_hash), proof!.map(fromHex), fromHex(root)),
      ).toBe(true);
    }
    expect(
      await verifyConsistency(
        start,
        305,
        fromHex(await rootAt(db, start)),
        fromHex(root),
        (await consistencyProof(db, start, 305)).map(fromHex),
      ),
    ).toBe(true);
  });

  it("continues the chain of a passport code that already has leaves, as the app's append does", async () => {
    // A passport deleted after two events: its leaves stay, and its code is free for a new passport.
    const old = await createInstrument(db, { name: 'Reused code', makerShopId: shopId });
    await recordPassportEvent(db, { instrumentId: old.id, type: 'verified', data: {} });
    await db.execute(sql`delete from instruments where id = ${old.id}`);
    const again = await createInstrument(db, { name: 'Reused code again', makerShopId: shopId });
    await db.execute(sql`update instruments set passport_code = ${old.passportCode} where id = ${again.id}`);

    /** Appends the new passport's "created" event one way, reads its leaf, and rolls everything back. */
    const appendOnce = async (how: 'app' | 'generator') => {
      let found: { leaf: { seq: number; leaf: string }; at: string } | undefined;
      await expect(
        db.transaction(async (tx) => {
          const size = await lockLogHead(tx);
          if (how === 'app')
            await recordPassportEvent(tx, {
              instrumentId: again.id,
              type: 'created',
              data: { passportCode: old.passportCode },
            });
          else {
            await tx.execute(
              sql.raw(`with inserted as (select id, passport_code from instruments where id = '${again.id}'),
                created as (
                  insert into instrument_events (instrument_id, type, data)
                  select id, 'created', jsonb_build_object('passportCode', passport_code) from inserted
                  returning id, instrument_id, created_at
                ),${leavesSteps(size)}
                select count(*) from leaves`),
            );
            await completeLogTree(tx, size, size + 1);
          }
          const [leaf] = rowsOf<{ seq: number; leaf: string; at: string }>(
            await tx.execute(sql`select l.seq, l.leaf,
                to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
              from log_leaves l join instrument_events e on e.id = l.event_id where l.index = ${size}`),
          );
          expect((await readHead(tx)).size).toBe(size + 1);
          found = { leaf: leaf!, at: leaf!.at };
          throw new Rollback();
        }),
      ).rejects.toBeInstanceOf(Rollback);
      return found!;
    };
    const byApp = await appendOnce('app');
    const byGenerator = await appendOnce('generator');
    const [prev] = rowsOf<{ leaf_hash: string }>(
      await db.execute(sql`select leaf_hash from log_leaves
        where passport_code = ${old.passportCode} and seq = 1`),
    );
    for (const found of [byApp, byGenerator]) {
      expect(found.leaf.seq).toBe(2);
      expect(JSON.parse(found.leaf.leaf)).toMatchObject({ seq: 2, prev: prev!.leaf_hash });
    }
    // The two events were made at different moments; with the time aside the leaves are the same bytes.
    const timeless = (found: { leaf: { leaf: string }; at: string }) =>
      found.leaf.leaf.replace(found.at, 'AT');
    expect(timeless(byGenerator)).toBe(timeless(byApp));
    expect(timeless(byApp)).toContain('"at":"AT"');
  });
});
