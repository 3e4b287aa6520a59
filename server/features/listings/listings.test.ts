import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InstrumentSummary } from '../../../contract/registry';
import { api, instrumentOf, luthierWithShop } from '../registry/registry-test-kit';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';

// Listings: the current owner lists an instrument (for sale at an exact price in an ISO 4217 currency, or open to
// commissions); it shows on the storefront, in the registry's "For sale" filter and beside the public passport,
// and leaves when the instrument is sold.

let t: TestApp;
let maker: Awaited<ReturnType<typeof luthierWithShop>>;
let buyer: Awaited<ReturnType<typeof signedInUser>>;
let stranger: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await createTestApp();
  maker = await luthierWithShop(t, 'Listing Bench');
  buyer = await signedInUser(t, { displayName: 'Lia Buyer', handle: 'lia-buyer', onboardingComplete: true });
  stranger = await signedInUser(t, { displayName: 'Sam Stranger', onboardingComplete: true });
});
afterAll(async () => t.close());

const list = (cookie: string | null, id: string, body: object) =>
  api(t, cookie).put(`/api/registry/instruments/${id}/listing`, body);

describe('PUT /api/registry/instruments/:id/listing', () => {
  it('lets only the current owner list, and keeps the price exactly in its currency', async () => {
    const inst = await instrumentOf(t, maker.shop.id, { name: 'Listed Cello' });
    expect((await list(null, inst.id, { status: 'for-sale' })).statusCode).toBe(401);
    const refused = await list(stranger.cookie, inst.id, { status: 'for-sale' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    expect(
      (await list(maker.cookie, '00000000-0000-4000-8000-000000000000', { status: 'for-sale' })).statusCode,
    ).toBe(404);
    expect((await list(maker.cookie, 'not-a-uuid', { status: 'for-sale' })).statusCode).toBe(404);

    const res = await list(maker.cookie, inst.id, {
      status: 'for-sale',
      price: '4500.5',
      currency: 'eur',
      note: 'Hard case included.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().listing).toMatchObject({
      status: 'for-sale',
      price: '4500.50',
      currency: 'EUR',
      note: 'Hard case included.',
    });
    // A price far beyond a float's exact range stays exact, and a yen price has no decimals.
    const big = await list(maker.cookie, inst.id, {
      status: 'for-sale',
      price: '123456789012.34',
      currency: 'USD',
    });
    expect(big.json().listing.price).toBe('123456789012.34');
    const yen = await list(maker.cookie, inst.id, { status: 'for-sale', price: 1500000, currency: 'JPY' });
    expect(yen.json().listing).toMatchObject({ price: '1500000', currency: 'JPY' });
    const dinar = await list(maker.cookie, inst.id, {
      status: 'for-sale',
      price: '120.750',
      currency: 'KWD',
    });
    expect(dinar.json().listing.price).toBe('120.750');

    const detail = await api(t, stranger.cookie).get(`/api/registry/instruments/${inst.id}`);
    expect(detail.json().listing).toMatchObject({ price: '120.750', currency: 'KWD' });

    const off = await list(maker.cookie, inst.id, { status: 'not-listed' });
    expect(off.json()).toEqual({ listing: null });
    expect((await api(t, null).get(`/api/registry/instruments/${inst.id}`)).json().listing).toBeNull();
  });

  it('refuses a wrong currency, too many decimals, a price without currency and control characters', async () => {
    const inst = await instrumentOf(t, maker.shop.id);
    const cases: [object, string][] = [
      [{ status: 'for-sale', price: '100', currency: 'XXX' }, 'currency'],
      [{ status: 'for-sale', price: '100', currency: 'euro' }, 'currency'],
      [{ status: 'for-sale', price: '100' }, 'currency'],
      [{ status: 'for-sale', price: '100.5', currency: 'JPY' }, 'price'],
      [{ status: 'for-sale', price: '10.123', currency: 'EUR' }, 'price'],
      [{ status: 'for-sale', price: '-5', currency: 'EUR' }, 'price'],
      [{ status: 'for-sale', price: '1e9', currency: 'EUR' }, 'price'],
      [{ status: 'for-sale', price: '1234567890123', currency: 'EUR' }, 'price'],
      [{ status: 'for-sale', note: 'bell \u0007' }, 'note'],
      [{ status: 'sold' }, 'status'],
    ];
    for (const [body, field] of cases) {
      const res = await list(maker.cookie, inst.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), JSON.stringify(body)).toContain(field);
    }
  });

  it('is shown on the storefront, in the For sale filter and beside the public passport', async () => {
    const forSale = await instrumentOf(t, maker.shop.id, { name: 'Storefront Guitar' });
    const commission = await instrumentOf(t, maker.shop.id, { name: 'Commission Model' });
    await instrumentOf(t, maker.shop.id, { name: 'Not For Sale' });
    await list(maker.cookie, forSale.id, { status: 'for-sale', price: '2800', currency: 'GBP' });
    await list(maker.cookie, commission.id, { status: 'commission-open', note: 'Six months wait.' });

    const shop = (await api(t, null).get(`/api/profile/l/${maker.shop.slug}`)).json();
    const shown = shop.listings.map(
      (l: { name: string; listing: { status: string; price: string | null } }) => [
        l.name,
        l.listing.status,
        l.listing.price,
      ],
    );
    expect(shown).toEqual(
      expect.arrayContaining([
        ['Storefront Guitar', 'for-sale', '2800.00'],
        ['Commission Model', 'commission-open', null],
      ]),
    );
    expect(shown.map((s: string[]) => s[0])).not.toContain('Not For Sale');

    const registry = await api(t, null).get('/api/registry/instruments?forSale=true&pageSize=100');
    const names = registry.json<InstrumentSummary[]>().map((i) => i.name);
    expect(names).toContain('Storefront Guitar');
    expect(names).not.toContain('Commission Model');
    expect(names).not.toContain('Not For Sale');
    expect(registry.headers['x-total-count']).toBe(String(names.length));
    const card = registry.json<InstrumentSummary[]>().find((i) => i.name === 'Storefront Guitar');
    expect(card?.listing).toMatchObject({ status: 'for-sale', price: '2800.00', currency: 'GBP' });

    const pub = await api(t, null).get(`/api/public/passports/${forSale.passportCode}/listing`);
    expect(pub.json()).toMatchObject({
      listing: { status: 'for-sale', price: '2800.00', currency: 'GBP' },
      shop: { name: 'Listing Bench', slug: maker.shop.slug },
    });
    expect((await api(t, null).get('/api/public/passports/NOPE-0000/listing')).statusCode).toBe(404);
  });

  it('cannot list a stolen instrument, and a stolen one leaves the For sale filter', async () => {
    const inst = await instrumentOf(t, maker.shop.id, { name: 'Soon Stolen' });
    await list(maker.cookie, inst.id, { status: 'for-sale', price: '900', currency: 'EUR' });
    const stolen = await api(t, maker.cookie).post(`/api/registry/instruments/${inst.id}/report-stolen`, {
      date: '2026-01-02',
      place: 'Lyon, France',
    });
    expect(stolen.statusCode).toBe(200);
    const names = (await api(t, null).get('/api/registry/instruments?forSale=true&pageSize=100'))
      .json<InstrumentSummary[]>()
      .map((i) => i.name);
    expect(names).not.toContain('Soon Stolen');
    const res = await list(maker.cookie, inst.id, { status: 'for-sale', price: '900', currency: 'EUR' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('INSTRUMENT_NOT_ACTIVE');
  });

  it('links the listing to an offer at a sale, and the sold instrument leaves the listing on acceptance', async () => {
    const inst = await instrumentOf(t, maker.shop.id, { name: 'Sold Mandolin' });
    await list(maker.cookie, inst.id, {
      status: 'for-sale',
      price: '3100',
      currency: 'CHF',
      note: 'With case',
    });
    const offer = await api(t, maker.cookie).post(`/api/registry/instruments/${inst.id}/transfers`, {
      recipient: '@lia-buyer',
      method: 'purchase',
      price: 3100,
      currency: 'CHF',
    });
    expect(offer.statusCode).toBe(201);
    const seen = (await api(t, buyer.cookie).get(`/api/registry/transfers/${offer.json().id}`)).json();
    expect(seen.listing).toEqual({ price: '3100.00', currency: 'CHF', note: 'With case' });

    const accepted = await api(t, buyer.cookie).post(`/api/registry/transfers/${offer.json().id}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect((await api(t, null).get(`/api/registry/instruments/${inst.id}`)).json().listing).toBeNull();
    const shop = (await api(t, null).get(`/api/profile/l/${maker.shop.slug}`)).json();
    expect(shop.listings.map((l: { name: string }) => l.name)).not.toContain('Sold Mandolin');
    // The new owner may list it in turn; the maker no longer may.
    expect((await list(maker.cookie, inst.id, { status: 'for-sale' })).statusCode).toBe(403);
    const relist = await list(buyer.cookie, inst.id, { status: 'for-sale', price: '3500', currency: 'NOK' });
    expect(relist.json().listing).toMatchObject({ price: '3500.00', currency: 'NOK' });
  });
});
