import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transfers } from '../../db/schema';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { api, luthierWithShop } from './registry-test-kit';

// The estimated value is the current owner's; so are their attempts to sell. Each view a stranger can reach is
// read for both, and the log too.
let t: TestApp;
let maker: Awaited<ReturnType<typeof luthierWithShop>>;
let owner: Awaited<ReturnType<typeof signedInUser>>;
let buyer: Awaited<ReturnType<typeof signedInUser>>;
let stranger: Awaited<ReturnType<typeof signedInUser>>;
let id = '';
let code = '';
const VALUE = 86421;

beforeAll(async () => {
  t = await createTestApp();
  maker = await luthierWithShop(t, 'Valuation Bench');
  owner = await signedInUser(t, { displayName: 'Quiet Seller', location: 'Ghent, Belgium' });
  buyer = await signedInUser(t, { displayName: 'Would-be Buyer' });
  stranger = await signedInUser(t);
  const made = await api(t, maker.cookie).post('/api/registry/instruments', {
    name: 'Valued Mandolin',
    instrumentType: 'mandolin',
    category: 'acoustic',
    yearMade: 2022,
    firstOwner: owner.user.email,
  });
  expect(made.statusCode).toBe(201);
  ({ id, passportCode: code } = made.json<{ id: string; passportCode: string }>());
  const [first] = await t.db.select().from(transfers).where(eq(transfers.instrumentId, id));
  expect((await api(t, owner.cookie).post(`/api/registry/transfers/${first!.id}/accept`)).statusCode).toBe(
    200,
  );
  const set = await api(t, owner.cookie).patch(`/api/registry/instruments/${id}`, {
    estimatedValue: VALUE,
    estimatedValueCurrency: 'CHF',
  });
  expect(set.statusCode).toBe(200);
  expect(set.json().estimatedValue).toBe(VALUE);
});
afterAll(() => t.close());

const leavesOf = async () =>
  (
    (await t.db.execute(sql`select leaf from log_leaves where passport_code = ${code} order by seq`)) as {
      rows: { leaf: string }[];
    }
  ).rows.map((r) => JSON.parse(r.leaf) as { type: string; data: Record<string, unknown> });

describe('the estimated value is the owner’s', () => {
  it('shows on no card, guest or stranger view and in no leaf; the owner sees it', async () => {
    const cards = await api(t, null).get(`/api/registry/instruments?search=${code}`);
    expect(cards.json()).toEqual([expect.objectContaining({ passportCode: code, estimatedValue: null })]);
    // Signed in makes no difference to the shared list, nor does being its maker.
    const signedCards = await api(t, maker.cookie).get(`/api/registry/instruments?search=${code}`);
    expect(signedCards.json()[0].estimatedValue).toBeNull();
    const makersOwn = (await api(t, maker.cookie).get('/api/registry/me')).json();
    expect(makersOwn.registered.find((c: { id: string }) => c.id === id).estimatedValue).toBeNull();
    for (const cookie of [null, stranger.cookie, maker.cookie]) {
      const res = await api(t, cookie).get(`/api/registry/instruments/${id}`);
      expect(res.json().estimatedValue).toBeNull();
      expect(res.body).not.toContain(String(VALUE));
      // Not even as a change in the history: the change of value is left out of what they see.
      expect(res.body).not.toContain('"field":"estimatedValue"');
    }
    expect((await api(t, null).get(`/api/public/passports/${code}`)).body).not.toContain(String(VALUE));
    expect(JSON.stringify(await leavesOf())).not.toContain(String(VALUE));
    const own = (await api(t, owner.cookie).get('/api/registry/me')).json();
    expect(own.owned.find((c: { id: string }) => c.id === id).estimatedValue).toBe(VALUE);
    expect((await api(t, owner.cookie).get(`/api/registry/instruments/${id}`)).json().estimatedValue).toBe(
      VALUE,
    );
  });
});

describe('a private owner’s attempts to sell', () => {
  it('leave nothing public when declined, cancelled or expired; a completed transfer shows an unnamed owner', async () => {
    const url = `/api/registry/instruments/${id}`;
    const before = {
      leaves: (await leavesOf()).length,
      count: (await api(t, null).get(`/api/public/passports/${code}`)).json().eventsCount,
    };
    const offer = async () => {
      const res = await api(t, owner.cookie).post(`${url}/transfers`, {
        recipient: buyer.user.email,
        method: 'purchase',
        price: 12345,
        currency: 'USD',
      });
      expect(res.statusCode).toBe(201);
      return res.json<{ id: string }>().id;
    };
    const declined = await offer();
    expect((await api(t, buyer.cookie).post(`/api/registry/transfers/${declined}/decline`)).statusCode).toBe(
      200,
    );
    const cancelled = await offer();
    expect((await api(t, owner.cookie).post(`/api/registry/transfers/${cancelled}/cancel`)).statusCode).toBe(
      200,
    );
    const expiring = await offer();
    await t.db
      .update(transfers)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(transfers.id, expiring));
    // The next offer finds the old one past its days and expires it first; this one stays pending.
    await offer();
    const [expired] = await t.db.select().from(transfers).where(eq(transfers.id, expiring));
    expect(expired?.status).toBe('expired');

    expect((await leavesOf()).length).toBe(before.leaves);
    const pub = await api(t, null).get(`/api/public/passports/${code}`);
    expect(pub.json().eventsCount).toBe(before.count);
    expect(pub.body).not.toMatch(/offer|declin|cancel|expire|12345/i);
    const log = (await api(t, null).get(`/api/public/passports/${code}/log`)).json();
    expect(log.entries).toHaveLength(before.leaves);
    for (const cookie of [null, stranger.cookie, buyer.cookie, maker.cookie]) {
      const types = (await api(t, cookie).get(url)).json().events.map((e: { type: string }) => e.type);
      expect(
        types.filter((type: string) => type.startsWith('transfer_') && type !== 'transfer_accepted'),
      ).toEqual([]);
    }
    // The owner sees their own attempts.
    const mine = (await api(t, owner.cookie).get(url)).json().events.map((e: { type: string }) => e.type);
    expect(mine).toEqual(
      expect.arrayContaining([
        'transfer_offered',
        'transfer_declined',
        'transfer_cancelled',
        'transfer_expired',
      ]),
    );

    // A completed sale is public: the new owner, unnamed (never chose), with country and years.
    const pending = (await api(t, buyer.cookie).get('/api/registry/transfers')).json().incoming[0];
    expect((await api(t, buyer.cookie).post(`/api/registry/transfers/${pending.id}/accept`)).statusCode).toBe(
      200,
    );
    const after = await leavesOf();
    expect(after.map((l) => l.type).slice(before.leaves)).toEqual(['transfer_accepted']);
    expect(after.at(-1)!.data).toEqual({ method: 'purchase' });
    const labels = (await api(t, null).get(`/api/public/passports/${code}`))
      .json()
      .provenance.map((o: { label: string }) => o.label);
    expect(labels.slice(1)).toEqual([
      expect.stringMatching(/^Owner 2 · Belgium · \d{4}–\d{4}$/),
      expect.stringMatching(/^Owner 3 · \d{4}–present$/),
    ]);
  });
});
