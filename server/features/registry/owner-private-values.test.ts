import { eq, sql } from 'drizzle-orm';
import { instruments } from '../../db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InstrumentDetail } from '../../../contract/registry';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { migrationChain } from '../../test/test-db-migrations';
import { api, instrumentOf, luthierWithShop } from './registry-test-kit';

// an owner's estimate is theirs. It does not pass to the next owner with the instrument, and
// the next owner's history does not read it out; migration 0033 clears the estimates past transfers carried.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('an estimate as the instrument changes hands', () => {
  it('is cleared in the transfer, and the earlier owner’s edits show the new owner no figure', async () => {
    const maker = await luthierWithShop(t, 'Estimate Bench');
    const buyer = await signedInUser(t, {
      displayName: 'New Owner',
      handle: 'new-owner',
      onboardingComplete: true,
    });
    const inst = await instrumentOf(t, maker.shop.id, { name: 'Valued Cello' });
    const set = await api(t, maker.cookie).patch(`/api/registry/instruments/${inst.id}`, {
      estimatedValue: 4800,
      estimatedValueCurrency: 'EUR',
    });
    expect(set.statusCode).toBe(200);
    const offer = await api(t, maker.cookie).post(`/api/registry/instruments/${inst.id}/transfers`, {
      recipient: '@new-owner',
      method: 'gift',
    });
    expect(offer.statusCode).toBe(201);
    expect(
      (await api(t, buyer.cookie).post(`/api/registry/transfers/${offer.json().id}/accept`)).statusCode,
    ).toBe(200);

    const [row] = await t.db
      .select({ value: instruments.estimatedValue, currency: instruments.estimatedValueCurrency })
      .from(instruments)
      .where(eq(instruments.id, inst.id));
    expect(row).toEqual({ value: null, currency: null });

    const seen = await api(t, buyer.cookie).get(`/api/registry/instruments/${inst.id}`);
    const detail = seen.json<InstrumentDetail>();
    expect(detail.viewer.isOwner).toBe(true);
    expect([detail.estimatedValue, detail.estimatedValueCurrency]).toEqual([null, null]);
    // As a JSON number or string (ids and hashes may hold the digits 4800 by chance).
    expect(seen.body).not.toMatch(/[:,[]4800(?:\.0+)?[,\]}]|"4800(?:\.0+)?"/);
    const edited = detail.events.filter((e) => e.type === 'edited');
    expect(edited).toHaveLength(1);
    expect(JSON.stringify(edited[0]!.data)).not.toMatch(/estimatedValue|4800|EUR/);

    // The new owner's own estimate is theirs to see, in their history too.
    await api(t, buyer.cookie).patch(`/api/registry/instruments/${inst.id}`, {
      estimatedValue: 5200,
      estimatedValueCurrency: 'GBP',
    });
    const later = (
      await api(t, buyer.cookie).get(`/api/registry/instruments/${inst.id}`)
    ).json<InstrumentDetail>();
    expect([later.estimatedValue, later.estimatedValueCurrency]).toEqual([5200, 'GBP']);
    expect(JSON.stringify(later.events.filter((e) => e.type === 'edited').at(-1)!.data)).toContain('5200');
  });
});

describe('migration 0035_clear_carried_estimates', () => {
  it('clears an estimate the current owner inherited, and keeps one they set or one never handed on', async () => {
    const chain = await migrationChain();
    try {
      await chain.upTo(chain.before('0035_clear_carried_estimates'));
      const { db } = chain.database;
      await db.execute(sql`insert into users (id, email, password_hash, display_name)
        values ('00000000-0000-4000-8000-0000000000a1', 'first@example.test', 'x', 'First'),
               ('00000000-0000-4000-8000-0000000000a2', 'second@example.test', 'x', 'Second')`);
      const first = '00000000-0000-4000-8000-0000000000a1';
      const second = '00000000-0000-4000-8000-0000000000a2';
      const ids = ['b1', 'b2', 'b3'].map((s) => `00000000-0000-4000-8000-0000000000${s}`);
      await db.execute(sql`insert into instruments (id, passport_code, name, instrument_type, category, year_made,
          estimated_value, estimated_value_currency, current_owner_id)
        values (${ids[0]}, 'LR-MIGR-0331', 'Carried', 'guitar', 'archtop', 2001, 4800, 'EUR', ${second}),
               (${ids[1]}, 'LR-MIGR-0332', 'Reset by owner', 'guitar', 'archtop', 2001, 5200, 'GBP', ${second}),
               (${ids[2]}, 'LR-MIGR-0333', 'Never sold', 'guitar', 'archtop', 2001, 900, 'USD', ${first})`);
      for (const id of ids.slice(0, 2))
        await db.execute(sql`insert into ownership_records (instrument_id, user_id, had_account, owner_name, start_date, end_date, acquisition_method, created_at)
          values (${id}, ${first}, true, 'First', '2020-01-01', '2022-01-01', null, '2020-01-01'),
                 (${id}, ${second}, true, 'Second', '2022-01-01', null, 'purchase', '2022-01-01')`);
      await db.execute(sql`insert into ownership_records (instrument_id, user_id, had_account, owner_name, start_date)
        values (${ids[2]}, ${first}, true, 'First', '2020-01-01')`);
      await db.execute(sql`insert into instrument_events (instrument_id, actor_id, type, data, created_at)
        values (${ids[0]}, ${first}, 'edited', '{"changes":[{"field":"estimatedValue","from":null,"to":4800}]}', '2021-01-01'),
               (${ids[1]}, ${second}, 'edited', '{"changes":[{"field":"estimatedValue","from":4800,"to":5200}]}', '2023-01-01')`);
      await chain.upTo();
      expect(
        await chain.rows(sql`select name, estimated_value::text as value, estimated_value_currency as currency
          from instruments order by passport_code`),
      ).toEqual([
        { name: 'Carried', value: null, currency: null },
        { name: 'Reset by owner', value: '5200', currency: 'GBP' },
        { name: 'Never sold', value: '900', currency: 'USD' },
      ]);
    } finally {
      await chain.close();
    }
  }, 180_000);
});
