import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationChain } from '../test/test-db-migrations';

// Estimated values and service costs recorded before currencies were shown as US dollars ("$", "Cost (USD)"):
// migration 0032 must keep them dollars, leave the rows without an amount without a currency, and from then on
// refuse an amount without its currency (or a currency without its amount).

const TARGET = '0032_value_and_cost_currency';
let chain: Awaited<ReturnType<typeof migrationChain>>;

beforeAll(async () => {
  chain = await migrationChain();
}, 120_000);
afterAll(() => chain.close());

describe(`migration ${TARGET}`, () => {
  it('keeps earlier values and costs in US dollars and gives the rows without one no currency', async () => {
    await chain.upTo(chain.before(TARGET));
    const { db } = chain.database;
    await db.execute(sql`insert into instruments (id, passport_code, name, instrument_type, category, year_made, estimated_value)
      values ('00000000-0000-4000-8000-000000000001', 'LR-MIGR-0321', 'Valued Archtop', 'guitar', 'archtop', 2001, 8800),
             ('00000000-0000-4000-8000-000000000002', 'LR-MIGR-0322', 'Unvalued Banjo', 'banjo', 'open-back', 2003, null)`);
    await db.execute(sql`insert into service_records (instrument_id, servicer_name, service_type, description, service_date, cost)
      values ('00000000-0000-4000-8000-000000000001', 'Bench', 'setup', 'Paid setup', '2020-01-01', 120),
             ('00000000-0000-4000-8000-000000000001', 'Bench', 'maintenance', 'Free check', '2021-01-01', null)`);
    await chain.upTo();

    expect(
      await chain.rows(sql`select name, estimated_value::text as value, estimated_value_currency as currency
        from instruments order by name`),
    ).toEqual([
      { name: 'Unvalued Banjo', value: null, currency: null },
      { name: 'Valued Archtop', value: '8800', currency: 'USD' },
    ]);
    expect(
      await chain.rows(sql`select description, cost::text as cost, cost_currency as currency
        from service_records order by service_date`),
    ).toEqual([
      { description: 'Paid setup', cost: '120', currency: 'USD' },
      { description: 'Free check', cost: null, currency: null },
    ]);
    // Twelve digits now fit (the columns were integers), and the pair is the database's rule too.
    await db.execute(sql`update instruments set estimated_value = 999999999999, estimated_value_currency = 'VND'
      where passport_code = 'LR-MIGR-0321'`);
    await expect(
      db.execute(
        sql`update instruments set estimated_value_currency = null where passport_code = 'LR-MIGR-0321'`,
      ),
    ).rejects.toThrow();
    await expect(
      db.execute(
        sql`update instruments set estimated_value_currency = 'EUR' where passport_code = 'LR-MIGR-0322'`,
      ),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`update service_records set cost_currency = 'eur' where description = 'Paid setup'`),
    ).rejects.toThrow();
  }, 180_000);
});
