import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, testBackend, testDatabaseUrl } from '../test/test-db';
import { migrationsFolder, openDatabase, type Database } from './client';

// Prices recorded before currencies existed were typed under "Price (USD, …)": migration 0031 must keep them US
// dollars, and leave the rows without a price without a currency. The chain is applied up to 0030, old rows are
// written as the code of then wrote them, and the rest of the chain runs over them.

const TARGET = '0031_transfer_price_currency';
let database: Database;
let drop = async () => {};
let folder: string;

function chainUpTo(lastTag: string) {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const end = journal.entries.findIndex((e) => e.tag === lastTag);
  fs.writeFileSync(
    path.join(folder, 'meta/_journal.json'),
    JSON.stringify({ ...journal, entries: end < 0 ? journal.entries : journal.entries.slice(0, end + 1) }),
  );
}

async function migrateChain() {
  if (database.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder: folder });
  } else {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(database.db as never, { migrationsFolder: folder });
  }
}

beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'luthier-migrations-'));
  fs.mkdirSync(path.join(folder, 'meta'));
  for (const file of fs.readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql')))
    fs.copyFileSync(path.join(migrationsFolder, file), path.join(folder, file));
  if (testBackend === 'postgres') {
    testDatabaseUrl();
    const created = await createPostgresDatabase();
    drop = created.drop;
    database = await openDatabase({ url: created.url, poolSize: 2 });
  } else database = await openDatabase({});
}, 120_000);

afterAll(async () => {
  await database.close();
  await drop();
  fs.rmSync(folder, { recursive: true, force: true });
});

describe(`migration ${TARGET}`, () => {
  it('keeps earlier prices in US dollars and gives unpriced rows no currency', async () => {
    const journal = JSON.parse(
      fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
    ) as {
      entries: { tag: string }[];
    };
    const before = journal.entries[journal.entries.findIndex((e) => e.tag === TARGET) - 1]?.tag;
    expect(before).toBeDefined();
    chainUpTo(before!);
    await migrateChain();

    const { db } = database;
    await db.execute(sql`insert into instruments (id, passport_code, name, instrument_type, category, year_made)
      values ('00000000-0000-4000-8000-000000000001', 'LR-MIGR-0031', 'Old Dreadnought', 'guitar', 'acoustic', 2001)`);
    await db.execute(sql`insert into ownership_records (instrument_id, owner_name, start_date, acquisition_method, purchase_price)
      values ('00000000-0000-4000-8000-000000000001', 'First', '2002-01-01', 'commission', null),
             ('00000000-0000-4000-8000-000000000001', 'Second', '2010-01-01', 'purchase', 4000)`);
    await db.execute(sql`insert into transfers (id, instrument_id, to_email, to_label, method, price, expires_at, status)
      values ('old-priced', '00000000-0000-4000-8000-000000000001', 'a@example.test', 'a@example.test', 'purchase', 5200, now(), 'accepted'),
             ('old-gift', '00000000-0000-4000-8000-000000000001', 'b@example.test', 'b@example.test', 'gift', null, now(), 'declined')`);

    chainUpTo('(the whole chain)');
    await migrateChain();

    const rows = async (query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> => {
      const result: unknown = await db.execute(query);
      return (result as { rows: Record<string, unknown>[] }).rows;
    };
    expect(
      await rows(sql`select owner_name, purchase_price::text as price, purchase_currency as currency
        from ownership_records order by start_date`),
    ).toEqual([
      { owner_name: 'First', price: null, currency: null },
      { owner_name: 'Second', price: '4000', currency: 'USD' },
    ]);
    expect(
      await rows(sql`select id, price::text as price, price_currency as currency from transfers order by id`),
    ).toEqual([
      { id: 'old-gift', price: null, currency: null },
      { id: 'old-priced', price: '5200', currency: 'USD' },
    ]);
  }, 180_000);
});
