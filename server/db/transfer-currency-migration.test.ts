import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationChain } from '../test/test-db-migrations';

// Prices recorded before currencies existed were typed under "Price (USD, …)": migration 0031 must keep them US
// dollars, and leave the rows without a price without a currency. The chain is applied up to 0030, old rows are
// written as the code of then wrote them, and the rest of the chain runs over them (which makes the amounts
// decimals: compared without their trailing zeros).

const TARGET = '0031_transfer_price_currency';
let chain: Awaited<ReturnType<typeof migrationChain>>;

beforeAll(async () => {
  chain = await migrationChain();
}, 120_000);
afterAll(() => chain.close());

describe(`migration ${TARGET}`, () => {
  it('keeps earlier prices in US dollars and gives unpriced rows no currency', async () => {
    await chain.upTo(chain.before(TARGET));

    const { db } = chain.database;
    await db.execute(sql`insert into instruments (id, passport_code, name, instrument_type, category, year_made)
      values ('00000000-0000-4000-8000-000000000001', 'LR-MIGR-0031', 'Old Dreadnought', 'guitar', 'acoustic', 2001)`);
    await db.execute(sql`insert into ownership_records (instrument_id, owner_name, start_date, acquisition_method, purchase_price)
      values ('00000000-0000-4000-8000-000000000001', 'First', '2002-01-01', 'commission', null),
             ('00000000-0000-4000-8000-000000000001', 'Second', '2010-01-01', 'purchase', 4000)`);
    await db.execute(sql`insert into transfers (id, instrument_id, to_email, to_label, method, price, expires_at, status)
      values ('old-priced', '00000000-0000-4000-8000-000000000001', 'a@example.test', 'a@example.test', 'purchase', 5200, now(), 'accepted'),
             ('old-gift', '00000000-0000-4000-8000-000000000001', 'b@example.test', 'b@example.test', 'gift', null, now(), 'declined')`);

    await chain.upTo();

    expect(
      await chain.rows(sql`select owner_name, trim_scale(purchase_price::numeric)::text as price, purchase_currency as currency
        from ownership_records order by start_date`),
    ).toEqual([
      { owner_name: 'First', price: null, currency: null },
      { owner_name: 'Second', price: '4000', currency: 'USD' },
    ]);
    expect(
      await chain.rows(
        sql`select id, trim_scale(price::numeric)::text as price, price_currency as currency from transfers order by id`,
      ),
    ).toEqual([
      { id: 'old-gift', price: null, currency: null },
      { id: 'old-priced', price: '5200', currency: 'USD' },
    ]);
  }, 180_000);
});
