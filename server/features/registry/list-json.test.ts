// The registry list's answer is built as JSON text by the database and sent as it is (list-json.queries.ts). These
// tests hold it to the contract: for every filter, sort, search and page, the text must be exactly what the former
// path wrote (listInstruments and listingsFor, through instrumentListSchema, then JSON.stringify), and the count
// the same, on both backends (TEST_DB=postgres runs this file on PostgreSQL).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instrumentListSchema, listQuerySchema, REGISTRY_COUNT_CAP } from '../../../contract/registry';
import { createShop, createUser } from '../../db/builders/accounts';
import { createInstrument, generatePassportCode } from '../../db/builders/registry';
import { listingsFor } from '../../db/listings';
import { loadSampleContent } from '../../db/sample/load-sample';
import { instrumentImages, instrumentListings, instruments, media } from '../../db/schema';
import { testCertificateSigner } from '../../test/certificate-signer';
import { createTestApp, type TestApp } from '../../test/test-app';
import { listInstrumentsJson } from './list-json.queries';
import { listInstruments } from './list.queries';

let t: TestApp;
let oddCode = '';

const ODD = 'Odd "quotes" \\ back\\slash\ttab\nline é 音 🎻';

beforeAll(async () => {
  t = await createTestApp();
  await loadSampleContent(t.db, { demoAccounts: true, certificates: await testCertificateSigner(t.db) });
  const maker = await createUser(t.db, {
    displayName: 'Zoë "Ziggy" Ødegård',
    role: 'luthier',
    handle: 'zoe-o',
  });
  const shop = await createShop(t.db, maker.id, {
    name: 'Ødegård \\ "Strings" \u0001',
    location: null,
    establishedYear: 1999,
    specializations: ['a "quoted" one', 'back\\slash', '🎻'],
  });
  const nameless = await createUser(t.db, { displayName: 'No Handle', role: 'luthier', handle: null });
  const plainShop = await createShop(t.db, nameless.id, { name: 'Plain Bench', slug: 'plain-bench' });
  const buyer = await createUser(t.db);
  const odd = await createInstrument(t.db, {
    name: ODD,
    model: 'Control \u0001\u001f and </script> and \u2028',
    serialNumber: 'ЯК 1 K3 37777',
    description: 'Top of 100% spruce_top, O’Brien bracing',
    yearMade: 1987,
    makerShopId: shop.id,
    verified: true,
    condition: 'good',
    estimatedValue: 12000,
    images: [{ staticUrl: '/drawings/odd.svg' }],
  });
  oddCode = odd.passportCode;
  // An upload with a 640 px variant, one without, an image with neither upload nor drawing, none at all.
  const [withSmall, withoutSmall] = await t.db
    .insert(media)
    .values([
      { purpose: 'instrument', storage: 'db', width: 1600, height: 1200, widths: [320, 640, 1600] },
      { purpose: 'instrument', storage: 'db', width: 1200, height: 900, widths: [320, 1200, 800] },
    ])
    .returning();
  const made = await Promise.all(
    ['Upload spruce one', 'Upload spruce two', 'Blank spruce image', 'No spruce photo'].map((name, i) =>
      createInstrument(t.db, { name, yearMade: 2001 + i, makerShopId: i % 2 ? plainShop.id : shop.id }),
    ),
  );
  await t.db.insert(instrumentImages).values([
    { instrumentId: made[0]!.id, mediaId: withSmall!.id, isPrimary: true, orderIndex: 0 },
    { instrumentId: made[1]!.id, mediaId: withoutSmall!.id, isPrimary: true, orderIndex: 0 },
    { instrumentId: made[2]!.id, isPrimary: true, orderIndex: 0 },
  ]);
  // Listings: prices in currencies of 0, 2 and 3 decimals, none, an odd note, microseconds; one listed by an
  // owner who is no longer the owner, one on a stolen instrument (neither is shown).
  const stolen = await createInstrument(t.db, {
    name: 'Stolen spruce',
    yearMade: 1990,
    makerShopId: shop.id,
  });
  await t.db.update(instruments).set({ status: 'stolen' }).where(eq(instruments.id, stolen.id));
  const listed = (
    id: string,
    ownerId: string | null,
    fields: Partial<typeof instrumentListings.$inferInsert>,
  ) => ({
    instrumentId: id,
    ownerId: ownerId!,
    status: 'for-sale' as const,
    ...fields,
  });
  await t.db.insert(instrumentListings).values([
    listed(odd.id, odd.currentOwnerId, {
      price: '4500.5',
      currency: 'EUR',
      note: ODD,
      updatedAt: sql`'2026-03-04 05:06:07.891234+00'::timestamptz` as unknown as Date,
    }),
    listed(made[0]!.id, made[0]!.currentOwnerId, { price: '150000', currency: 'JPY' }),
    listed(made[1]!.id, made[1]!.currentOwnerId, { price: '120.75', currency: 'KWD' }),
    listed(made[2]!.id, made[2]!.currentOwnerId, { status: 'commission-open', note: 'Ask' }),
    listed(made[3]!.id, buyer.id, { price: '10', currency: 'USD' }),
    listed(stolen.id, stolen.currentOwnerId, { price: '99.99', currency: 'GBP' }),
  ]);
  // More passports that say "spruce" than the count's cap, so the broad search pages by walking the index.
  await t.db.insert(instruments).values(
    Array.from({ length: REGISTRY_COUNT_CAP + 10 }, (_, i) => ({
      passportCode: generatePassportCode(),
      name: `Bulk spruce ${i}`,
      instrumentType: 'violin' as const,
      category: 'classical' as const,
      yearMade: 1900 + (i % 37),
      makerShopId: i % 3 ? plainShop.id : null,
    })),
  );
  // The sample content and more: on a machine shared by several test runs this takes longer than a minute.
}, 120_000);
afterAll(async () => t.close());

/** What the former path answered: the rows and their listings through the contract's schema, then stringify. */
async function former(query: ReturnType<typeof listQuerySchema.parse>) {
  const { total, capped, items } = await listInstruments(t.db, query);
  const listings = await listingsFor(
    t.db,
    items.map((i) => i.id),
  );
  const body = JSON.stringify(
    instrumentListSchema.parse(items.map((item) => ({ ...item, listing: listings.get(item.id) ?? null }))),
  );
  return { total, capped, body };
}

const SORTS = ['relevance', 'newest', 'year-desc', 'year-asc'] as const;
const SEARCHES = [
  'spruce',
  'SPRUCE',
  'odd "quotes"',
  'back\\slash',
  '100% spruce_top',
  "o'brien",
  'k3 37777',
  'ЯК 1',
  'як',
  '音 🎻',
  'zoe',
  'ødegård',
  'plain bench',
  'maker',
  'no passport says this',
  // Several words across fields, misspelt words (more than the cap of "sprcue" neighbours), both (decision 030).
  'spruce violin',
  'violin plain',
  'sprcue',
  'sprcue bulk 7',
  'ødegard uplaod',
  'upload sprcue',
];

const QUERIES = (): Record<string, string>[] => [
  {},
  ...SORTS.map((sort) => ({ sort })),
  ...SORTS.map((sort) => ({ sort, search: 'spruce' })),
  ...SORTS.map((sort) => ({ sort, search: 'spruce', page: '3', pageSize: '7' })),
  ...SEARCHES.map((search) => ({ search })),
  ...SEARCHES.map((search) => ({ search, sort: 'year-asc', pageSize: '2', page: '2' })),
  { search: oddCode },
  { search: oddCode.toLowerCase().replace(/-/g, ' ') },
  { type: 'violin' },
  { type: 'guitar', category: 'acoustic', sort: 'year-desc' },
  { category: 'classical', search: 'bulk' },
  { yearFrom: '1950', yearTo: '2003' },
  { yearFrom: '1990', sort: 'year-asc', search: 'spruce' },
  { verified: 'true' },
  { verified: 'true', search: 'odd' },
  { status: 'stolen' },
  { status: 'active', forSale: 'true' },
  { forSale: 'true', search: 'spruce' },
  { forSale: 'true', sort: 'year-asc', type: 'guitar' },
  { page: '2' },
  { page: '500' },
  { page: '500', search: 'spruce' },
  { pageSize: '100', search: 'bulk' },
  { page: '3', search: 'sprcue' },
  { page: '2', search: 'sprcue', sort: 'year-desc' },
  { pageSize: '100' },
];

describe('the registry list as JSON built by the database', () => {
  it('is the text and count the former path answered, for every filter, sort, search and page', async () => {
    let cards = 0;
    let capped = 0;
    for (const raw of QUERIES()) {
      const query = listQuerySchema.parse(raw);
      const answer = await listInstrumentsJson(t.db, query);
      expect(answer, JSON.stringify(raw)).toEqual(await former(query));
      cards += (JSON.parse(answer.body) as unknown[]).length;
      if (answer.capped) capped += 1;
    }
    // The cases are not all empty, and some count past the cap.
    expect(cards).toBeGreaterThan(400);
    expect(capped).toBeGreaterThan(5);
  });

  it('writes the odd passport, its maker and its listing as the contract reads them', async () => {
    const { body } = await listInstrumentsJson(t.db, listQuerySchema.parse({ search: 'odd "quotes"' }));
    const [odd] = instrumentListSchema.parse(JSON.parse(body));
    expect(odd).toMatchObject({
      name: ODD,
      model: 'Control \u0001\u001f and </script> and \u2028',
      estimatedValue: null,
      imageUrl: '/drawings/odd.svg',
      luthier: {
        businessName: 'Ødegård \\ "Strings" \u0001',
        ownerHandle: 'zoe-o',
        establishedYear: 1999,
        specializations: ['a "quoted" one', 'back\\slash', '🎻'],
      },
      listing: { price: '4500.50', currency: 'EUR', note: ODD, updatedAt: '2026-03-04T05:06:07.891Z' },
    });
    const upload = await listInstrumentsJson(t.db, listQuerySchema.parse({ search: 'upload spruce' }));
    expect(
      (JSON.parse(upload.body) as { imageUrl: string; listing: { price: string } }[]).map((c) => [
        c.imageUrl,
        c.listing.price,
      ]),
    ).toEqual([
      [expect.stringMatching(/\/1200\.webp$/), '120.750'],
      [expect.stringMatching(/\/640\.webp$/), '150000'],
    ]);
  });

  it('is what the route sends, byte for byte, with the count headers', async () => {
    for (const qs of ['', '?sort=year-asc&type=guitar', '?search=spruce', '?search=odd&forSale=true']) {
      const res = await t.app.inject(`/api/registry/instruments${qs}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const want = await former(listQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs))));
      expect(res.body).toBe(want.body);
      expect(res.headers['x-total-count']).toBe(String(want.total));
      expect(res.headers['x-total-count-capped']).toBe(String(want.capped));
    }
  });
});
