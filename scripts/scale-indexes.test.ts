import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../server/db/client';
import { createTestDatabase } from '../server/test/test-db';
import { dropPlainIndexes, GROWN_TABLES, rebuildIndexes } from './scale-indexes';

let database: Database;
const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** Every index of the grown tables, as PostgreSQL would create it again. */
const indexes = async (db: Db) =>
  rowsOf<{ table: string; name: string; definition: string }>(
    await db.execute(sql`select tablename as table, indexname as name, indexdef as definition from pg_indexes
      where schemaname = current_schema()
        and tablename in ${sql.raw(`(${GROWN_TABLES.map((t) => `'${t}'`).join(',')})`)}
      order by tablename, indexname`),
  );

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('the search indexes of a large grow', () => {
  it('drops only the indexes that back no key or constraint, and builds them again exactly', async () => {
    const before = await indexes(database.db);
    const kept = await database.db.transaction(async (tx) => {
      const dropped = await dropPlainIndexes(tx);
      // The trigram index, the year sorts and the maker's index are among them; keys and unique indexes are not.
      expect(dropped.map((d) => d.name)).toEqual(
        expect.arrayContaining([
          'instruments_search_trgm_idx',
          'instruments_year_desc_idx',
          'instruments_maker_created_idx',
          'instrument_events_instrument_idx',
          'ownership_records_instrument_idx',
          'instrument_images_instrument_idx',
        ]),
      );
      const left = await indexes(tx);
      await rebuildIndexes(tx, dropped);
      return left;
    });
    expect(kept.map((i) => i.name).sort()).toEqual(
      [
        'instrument_events_pkey',
        'instrument_images_pkey',
        'instruments_passport_code_key',
        'instruments_pkey',
        'ownership_records_pkey',
      ].sort(),
    );
    expect(await indexes(database.db)).toEqual(before);
  });

  it('leaves every index in place when the transaction fails', async () => {
    const before = await indexes(database.db);
    await expect(
      database.db.transaction(async (tx) => {
        await dropPlainIndexes(tx);
        throw new Error('the grow failed');
      }),
    ).rejects.toThrow('the grow failed');
    expect(await indexes(database.db)).toEqual(before);
  });
});
