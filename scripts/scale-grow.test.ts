import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShop, createUser } from '../server/db/builders/accounts';
import type { Database } from '../server/db/client';
import { createTestDatabase } from '../server/test/test-db';
import { growStatement, scaleSerial } from './scale-grow';

let database: Database;
const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

beforeAll(async () => {
  database = await createTestDatabase();
  for (const handle of ['grow-one', 'grow-two']) {
    const maker = await createUser(database.db, { role: 'luthier', handle });
    await createShop(database.db, maker.id, { name: `Shop ${handle}` });
  }
});
afterAll(() => database.close());

describe('growStatement', () => {
  // The Node generator once stopped near row 270,000 (a signed shift of a seed past 2^31); the statement is
  // checked there and at the far end of what the script accepts.
  it.each([0, 270_000, 999_990, 1_999_990])('writes whole passports numbered from %i', async (from) => {
    const events = rowsOf<{ instrument_id: string; type: string; data: { passportCode: string } }>(
      await database.db.execute(sql.raw(growStatement({ from, count: 10, events: true }))),
    );
    expect(events).toHaveLength(10);
    const rows = rowsOf<{
      id: string;
      passport_code: string;
      name: string;
      serial_number: string;
      images: number;
      owners: number;
    }>(
      await database.db.execute(sql`
        select i.id, i.passport_code, i.name, i.serial_number,
          (select count(*)::int from instrument_images m where m.instrument_id = i.id and m.is_primary) as images,
          (select count(*)::int from ownership_records o where o.instrument_id = i.id and o.end_date is null) as owners
        from instruments i where i.id in ${sql.raw(`(${events.map((e) => `'${e.instrument_id}'`).join(',')})`)}
        order by i.created_at`),
    );
    expect(rows.map((r) => r.serial_number)).toEqual(
      Array.from({ length: 10 }, (_, k) => scaleSerial(from + k)),
    );
    for (const [k, r] of rows.entries()) {
      expect(r.name).toMatch(new RegExp(`^\\w+ [A-Z][a-z]+( [A-Z][a-z]+)+ ${from + k + 1}$`));
      expect(r.passport_code).toMatch(/^LR-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
      expect(r.images).toBe(1);
      expect(r.owners).toBe(1);
      expect(events[k]).toMatchObject({ type: 'created', data: { passportCode: r.passport_code } });
    }
  });

  it('adds no events when not asked to', async () => {
    const before = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from instrument_events`),
    )[0]!.n;
    const out = rowsOf(
      await database.db.execute(sql.raw(growStatement({ from: 5000, count: 5, events: false }))),
    );
    expect(out).toEqual([]);
    const after = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from instrument_events`),
    )[0]!.n;
    expect(after).toBe(before);
  });

  it('refuses a range that is not whole numbers', () => {
    expect(() => growStatement({ from: -1, count: 5, events: false })).toThrow(/bad range/);
    expect(() => growStatement({ from: 0, count: 0.5, events: false })).toThrow(/bad range/);
  });
});

describe('scaleSerial', () => {
  it('writes serial numbers in several shapes, none sharing one prefix', () => {
    const serials = Array.from({ length: 1000 }, (_, n) => scaleSerial(n));
    expect(new Set(serials).size).toBe(1000);
    expect(serials.some((s) => /^[A-Z2-9]{2}\d{2}-\d+$/.test(s))).toBe(true);
    expect(serials.some((s) => /^\d+-[A-Z2-9]{2}$/.test(s))).toBe(true);
    expect(serials.some((s) => /^[A-Z2-9]{2} \d+$/.test(s))).toBe(true);
    // The first three characters (the leading trigram) are spread over hundreds of values.
    expect(new Set(serials.map((s) => s.slice(0, 3))).size).toBeGreaterThan(300);
  });
});
