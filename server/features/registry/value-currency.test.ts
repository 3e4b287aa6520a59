import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InstrumentDetail } from '../../../contract/registry';
import { instruments, serviceRecords, transfers } from '../../db/schema';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { api, luthierWithShop } from './registry-test-kit';

// An owner's estimated value and a service's cost are amounts in the currency the person chose (migration 0032):
// stored with it, answered with it, refused without it, and private exactly where the amount is.
let t: TestApp;
let maker: Awaited<ReturnType<typeof luthierWithShop>>;
let owner: Awaited<ReturnType<typeof signedInUser>>;
let stranger: Awaited<ReturnType<typeof signedInUser>>;
let id = '';
let code = '';
let url = '';
/** What registration stored, before the first owner accepted. */
let registered: unknown = null;

beforeAll(async () => {
  t = await createTestApp();
  maker = await luthierWithShop(t, 'Currency Bench');
  owner = await signedInUser(t, { displayName: 'Tokyo Owner', location: 'Tokyo, Japan' });
  stranger = await signedInUser(t);
  const made = await api(t, maker.cookie).post('/api/registry/instruments', {
    name: 'Yen Valued Guitar',
    instrumentType: 'guitar',
    category: 'classical',
    yearMade: 2021,
    estimatedValue: 4500,
    estimatedValueCurrency: 'eur',
    firstOwner: owner.user.email,
  });
  expect(made.statusCode).toBe(201);
  ({ id, passportCode: code } = made.json<{ id: string; passportCode: string }>());
  url = `/api/registry/instruments/${id}`;
  registered = await stored();
  const [first] = await t.db.select().from(transfers).where(eq(transfers.instrumentId, id));
  expect((await api(t, owner.cookie).post(`/api/registry/transfers/${first!.id}/accept`)).statusCode).toBe(
    200,
  );
});
afterAll(() => t.close());

const stored = async () => {
  const [row] = await t.db
    .select({ value: instruments.estimatedValue, currency: instruments.estimatedValueCurrency })
    .from(instruments)
    .where(eq(instruments.id, id));
  return row;
};
const detailFor = async (cookie: string | null) => (await api(t, cookie).get(url)).json<InstrumentDetail>();

describe('an estimated value in its own currency', () => {
  it('is registered with the currency the maker chose (any case), and stays the maker’s', async () => {
    expect(registered).toEqual({ value: 4500, currency: 'EUR' });
    // The first owner starts without the maker's figure (an estimate is its owner's).
    expect(await stored()).toEqual({ value: null, currency: null });
  });

  it('is stored, answered and updated with its currency; the owner’s cards and usual currency follow', async () => {
    const set = await api(t, owner.cookie).patch(url, {
      estimatedValue: 350000,
      estimatedValueCurrency: 'JPY',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ estimatedValue: 350000, estimatedValueCurrency: 'JPY' });
    expect(await stored()).toEqual({ value: 350000, currency: 'JPY' });
    const mine = (await api(t, owner.cookie).get('/api/registry/me')).json();
    expect(mine.owned.find((c: { id: string }) => c.id === id)).toMatchObject({
      estimatedValue: 350000,
      estimatedValueCurrency: 'JPY',
    });
    // No offer or listing yet: the currency of their estimate is the one new amounts start in.
    expect(mine.usualCurrency).toBe('JPY');

    // The currency alone may change (a value typed in the wrong one); the amount stays.
    const moved = await api(t, owner.cookie).patch(url, { estimatedValueCurrency: 'KRW' });
    expect(moved.json()).toMatchObject({ estimatedValue: 350000, estimatedValueCurrency: 'KRW' });
    // Twelve digits fit every currency (₫, ₩ included).
    const large = await api(t, owner.cookie).patch(url, {
      estimatedValue: 999_999_999_999,
      estimatedValueCurrency: 'VND',
    });
    expect(large.json()).toMatchObject({ estimatedValue: 999_999_999_999, estimatedValueCurrency: 'VND' });
    // What GET answered can be sent back unchanged.
    const echo = await api(t, owner.cookie).patch(url, large.json());
    expect(echo.statusCode).toBe(200);
    expect(await stored()).toEqual({ value: 999_999_999_999, currency: 'VND' });
  });

  it('refuses an amount without a currency, an unknown code, and a currency taken from a value', async () => {
    const bare = await api(t, owner.cookie).patch(url, { estimatedValue: 5000 });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().fields).toEqual({
      estimatedValueCurrency: 'Choose the currency of the estimated value.',
    });
    const unknown = await api(t, owner.cookie).patch(url, {
      estimatedValue: 5000,
      estimatedValueCurrency: 'XYZ',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({
      estimatedValueCurrency: 'Choose a currency (an ISO 4217 code such as EUR).',
    });
    const tooBig = await api(t, owner.cookie).patch(url, {
      estimatedValue: 1_000_000_000_000,
      estimatedValueCurrency: 'JPY',
    });
    expect(tooBig.json().fields).toEqual({ estimatedValue: 'Enter at most 12 digits.' });
    const emptied = await api(t, owner.cookie).patch(url, { estimatedValueCurrency: null });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json().fields).toEqual({
      estimatedValueCurrency: 'Choose the currency of the estimated value.',
    });
    expect(await stored()).toEqual({ value: 999_999_999_999, currency: 'VND' });
  });

  it('leaves with its value: clearing the value clears the currency, and a currency alone is not kept', async () => {
    const cleared = await api(t, owner.cookie).patch(url, {
      estimatedValue: null,
      estimatedValueCurrency: 'EUR',
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ estimatedValue: null, estimatedValueCurrency: null });
    expect(await stored()).toEqual({ value: null, currency: null });
    const alone = await api(t, owner.cookie).patch(url, { estimatedValueCurrency: 'EUR' });
    expect(alone.statusCode).toBe(200);
    expect(await stored()).toEqual({ value: null, currency: null });
    const again = await api(t, owner.cookie).patch(url, {
      estimatedValue: 1200,
      estimatedValueCurrency: 'EUR',
    });
    expect(again.json()).toMatchObject({ estimatedValue: 1200, estimatedValueCurrency: 'EUR' });
  });

  it('is the owner’s: nobody else is sent the currency, in no view and no leaf; only the owner sets it', async () => {
    expect(
      (await api(t, owner.cookie).patch(url, { estimatedValue: 777, estimatedValueCurrency: 'ISK' }))
        .statusCode,
    ).toBe(200);
    for (const cookie of [null, stranger.cookie, maker.cookie]) {
      const res = await api(t, cookie).get(url);
      expect(res.json()).toMatchObject({ estimatedValue: null, estimatedValueCurrency: null });
      expect(res.body).not.toContain('ISK');
      expect(res.body).not.toContain('"field":"estimatedValueCurrency"');
    }
    const cards = await api(t, maker.cookie).get(`/api/registry/instruments?search=${code}`);
    expect(cards.json()).toEqual([
      expect.objectContaining({ passportCode: code, estimatedValue: null, estimatedValueCurrency: null }),
    ]);
    const makers = (await api(t, maker.cookie).get('/api/registry/me')).json();
    expect(makers.registered.find((c: { id: string }) => c.id === id)).toMatchObject({
      estimatedValue: null,
      estimatedValueCurrency: null,
    });
    expect((await api(t, null).get(`/api/public/passports/${code}`)).body).not.toContain('ISK');
    const leaves = (await t.db.execute(
      sql`select leaf from log_leaves where passport_code = ${code} order by seq`,
    )) as { rows: { leaf: string }[] };
    expect(leaves.rows.map((r) => r.leaf).join('\n')).not.toContain('ISK');
    // The maker (no longer the owner) cannot set it, with or without the value.
    const byMaker = await api(t, maker.cookie).patch(url, { estimatedValueCurrency: 'USD' });
    expect(byMaker.statusCode).toBe(403);
    expect((await detailFor(owner.cookie)).estimatedValueCurrency).toBe('ISK');
  });
});

describe('a service cost in its own currency', () => {
  const record = { serviceType: 'setup', description: 'Setup in Lyon', serviceDate: '2025-03-10' };
  const post = (cookie: string, body: Record<string, unknown>) =>
    api(t, cookie).post(`${url}/service-records`, body);

  it('is stored and shown with its currency to the owner, the author and admins; others see neither', async () => {
    const added = await post(maker.cookie, {
      ...record,
      cost: 120,
      costCurrency: 'kwd',
      notes: 'bench note',
    });
    expect(added.statusCode).toBe(201);
    const [row] = await t.db
      .select({ cost: serviceRecords.cost, currency: serviceRecords.costCurrency })
      .from(serviceRecords)
      .where(eq(serviceRecords.instrumentId, id));
    expect(row).toEqual({ cost: 120, currency: 'KWD' });
    for (const cookie of [owner.cookie, maker.cookie]) {
      const shown = (await detailFor(cookie)).serviceRecords.find(
        (s) => s.description === record.description,
      );
      expect(shown).toMatchObject({ cost: 120, costCurrency: 'KWD' });
    }
    for (const cookie of [null, stranger.cookie]) {
      const res = await api(t, cookie).get(url);
      const shown = res.json<InstrumentDetail>().serviceRecords.find((s) => s.serviceType === 'setup');
      expect(shown).toMatchObject({ cost: null, costCurrency: null });
      expect(res.body).not.toContain('KWD');
    }
  });

  it('refuses a cost without a currency or with an unknown one; no cost needs none', async () => {
    const bare = await post(owner.cookie, { ...record, cost: 45 });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().fields).toEqual({ costCurrency: 'Choose the currency of the cost.' });
    const unknown = await post(owner.cookie, { ...record, cost: 45, costCurrency: 'EURO' });
    expect(unknown.json().fields).toEqual({
      costCurrency: 'Choose a currency (an ISO 4217 code such as EUR).',
    });
    const negative = await post(owner.cookie, { ...record, cost: -1, costCurrency: 'EUR' });
    expect(negative.json().fields).toEqual({ cost: 'The cost cannot be negative.' });
    const free = await post(owner.cookie, { ...record, description: 'Free check', costCurrency: 'EUR' });
    expect(free.statusCode).toBe(201);
    const shown = (await detailFor(owner.cookie)).serviceRecords.find((s) => s.description === 'Free check');
    expect(shown).toMatchObject({ cost: null, costCurrency: null });
  });
});
