import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, PGLITE_SETTINGS, type Database } from './client';

type Rows = { rows: Record<string, unknown>[] };

describe('the embedded database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({});
  });
  afterAll(() => database.close());

  it('starts with the small memory settings of decision 020', async () => {
    expect(PGLITE_SETTINGS).toMatchObject({ shared_buffers: '16MB', maintenance_work_mem: '16MB' });
    for (const [name, value] of Object.entries(PGLITE_SETTINGS)) {
      const { rows } = (await database.db.execute(sql.raw(`show ${name}`))) as Rows;
      expect(rows[0]).toEqual({ [name]: value });
    }
    // Follows shared_buffers (1/32 of it).
    const { rows } = (await database.db.execute(sql.raw('show wal_buffers'))) as Rows;
    expect(rows[0]).toEqual({ wal_buffers: '512kB' });
  });

  it('holds a transaction that locks more relations than one connection of the default lock table', async () => {
    // 300 tables created in one transaction: each holds a lock until commit.
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < 300; i++) await tx.execute(sql.raw(`create table lock_probe_${i} (id int)`));
    });
    const { rows } = (await database.db.execute(
      sql.raw(`select count(*)::int as n from pg_class where relname like 'lock_probe_%'`),
    )) as Rows;
    expect(rows[0]).toEqual({ n: 300 });
  });
});
