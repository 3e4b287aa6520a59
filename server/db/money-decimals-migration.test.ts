import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationChain } from '../test/test-db-migrations';

// Transfer prices, purchase prices and purchase offers were whole units (bigint); they become exact decimals as
// listings' prices are. Every earlier amount, up to the twelve digits the schemas allowed, must come through
// exactly, an absent one stay absent, and cents fit afterwards.

const TARGET = '0039_money_decimals';
let chain: Awaited<ReturnType<typeof migrationChain>>;

beforeAll(async () => {
  chain = await migrationChain();
}, 120_000);
afterAll(() => chain.close());

describe(`migration ${TARGET}`, () => {
  it('keeps every whole amount exactly and takes cents afterwards', async () => {
    await chain.upTo(chain.before(TARGET));
    const { db } = chain.database;
    const inst = '00000000-0000-4000-8000-000000000001';
    const seller = '00000000-0000-4000-8000-0000000000a1';
    const buyer = '00000000-0000-4000-8000-0000000000b1';
    await db.execute(sql`insert into users (id, email, password_hash, display_name)
      values (${seller}, 'seller@example.test', 'x', 'Seller'), (${buyer}, 'buyer@example.test', 'x', 'Buyer')`);
    await db.execute(sql`insert into instruments (id, passport_code, name, instrument_type, category, year_made)
      values (${inst}, 'LR-MIGR-0039', 'Whole Mandolin', 'mandolin', 'archtop', 2001)`);
    await db.execute(sql`insert into ownership_records (instrument_id, owner_name, start_date, acquisition_method, purchase_price, purchase_currency)
      values (${inst}, 'First', '2002-01-01', 'commission', null, null),
             (${inst}, 'Second', '2010-01-01', 'purchase', 4000, 'USD'),
             (${inst}, 'Third', '2020-01-01', 'purchase', 999999999999, 'VND')`);
    await db.execute(sql`insert into transfers (id, instrument_id, to_email, to_label, method, price, price_currency, expires_at, status)
      values ('priced', ${inst}, 'a@example.test', 'a@example.test', 'purchase', 5200, 'EUR', now(), 'accepted'),
             ('gift', ${inst}, 'b@example.test', 'b@example.test', 'gift', null, null, now(), 'declined')`);
    await db.execute(sql`insert into purchase_offers (id, instrument_id, seller_id, buyer_id, price, currency, expires_at)
      values ('offer', ${inst}, ${seller}, ${buyer}, 1500000, 'JPY', now())`);

    await chain.upTo();

    expect(
      await chain.rows(sql`select owner_name, purchase_price::text as price, purchase_currency as currency
        from ownership_records order by start_date`),
    ).toEqual([
      { owner_name: 'First', price: null, currency: null },
      { owner_name: 'Second', price: '4000.000', currency: 'USD' },
      { owner_name: 'Third', price: '999999999999.000', currency: 'VND' },
    ]);
    expect(
      await chain.rows(
        sql`select id, price::text as price, price_currency as currency from transfers order by id`,
      ),
    ).toEqual([
      { id: 'gift', price: null, currency: null },
      { id: 'priced', price: '5200.000', currency: 'EUR' },
    ]);
    expect(await chain.rows(sql`select price::text as price, currency from purchase_offers`)).toEqual([
      { price: '1500000.000', currency: 'JPY' },
    ]);

    // Cents and fils fit now, exactly; an offer still has a price above zero.
    await db.execute(sql`update transfers set price = '4600.50' where id = 'priced'`);
    await db.execute(sql`update ownership_records set purchase_price = '120.755', purchase_currency = 'KWD'
      where owner_name = 'Second'`);
    expect(await chain.rows(sql`select price::text as price from transfers where id = 'priced'`)).toEqual([
      { price: '4600.500' },
    ]);
    expect(
      await chain.rows(
        sql`select purchase_price::text as price from ownership_records where owner_name = 'Second'`,
      ),
    ).toEqual([{ price: '120.755' }]);
    await expect(db.execute(sql`update purchase_offers set price = 0`)).rejects.toThrow();
  }, 180_000);
});
