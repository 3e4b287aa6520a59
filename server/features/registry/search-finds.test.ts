// Search that finds what people type (docs/decisions/030): several words across fields, accents,
// apostrophes, a misspelt word (its close matches after the exact ones), the passport code or serial number
// first, and words that carry SQL's wildcards and quotes, on both backends (TEST_DB=postgres: PostgreSQL).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShop, createUser } from '../../db/builders/accounts';
import { createInstrument, type InstrumentSeed } from '../../db/builders/registry';
import { instruments, shops, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let bellandiShop = '';
let marquezUser = '';
let serialCode = '';

beforeAll(async () => {
  t = await createTestApp();
  const bellandi = await createUser(t.db, {
    displayName: 'Paolo Bellandi',
    role: 'luthier',
    handle: 'bellandi',
  });
  const shop = await createShop(t.db, bellandi.id, { name: 'Bottega Bellandi', location: 'Cremona, Italy' });
  bellandiShop = shop.id;
  const marquez = await createUser(t.db, { displayName: 'Inés Márquez', role: 'luthier', handle: 'marquez' });
  marquezUser = marquez.id;
  const guitars = await createShop(t.db, marquez.id, { name: 'Taller del Sur', location: 'Córdoba, Spain' });
  const nilsen = await createUser(t.db, { displayName: 'Ada Nilsen', role: 'luthier', handle: 'nilsen' });
  const north = await createShop(t.db, nilsen.id, { name: 'Nord Strings', location: 'Oslo, Norway' });
  const make = (name: string, fields: Partial<InstrumentSeed> & Pick<InstrumentSeed, 'makerShopId'>) =>
    createInstrument(t.db, { name, yearMade: 2010, ...fields });
  await make('Bellandi Concert Violin', {
    instrumentType: 'violin',
    category: 'classical',
    makerShopId: shop.id,
  });
  await make('Concert Viola', { instrumentType: 'viola', makerShopId: shop.id });
  await make('Flamenca Negra', {
    instrumentType: 'guitar',
    category: 'flamenco',
    bodyWood: 'Cypress',
    makerShopId: guitars.id,
  });
  // A passport whose own name holds the misspelling: the exact match, ranked before Bellandi's.
  await make('Belandi Tribute Violin', {
    instrumentType: 'violin',
    category: 'classical',
    makerShopId: north.id,
  });
  await make("Luthier's Choice", { instrumentType: 'guitar', model: "D'Angelo", makerShopId: north.id });
  const serial = await make('Serial Mandolin', {
    instrumentType: 'mandolin',
    serialNumber: 'SN-777',
    makerShopId: north.id,
  });
  serialCode = serial.passportCode;
  await make('Later Mandolin SN-777 copy', { instrumentType: 'mandolin', makerShopId: north.id });
});
afterAll(async () => t.close());

const search = async (q: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/registry/instruments?search=${encodeURIComponent(q)}`,
  });
  expect(res.statusCode, q).toBe(200);
  return { names: res.json<{ name: string }[]>().map((i) => i.name), total: res.headers['x-total-count'] };
};
const names = async (q: string) => (await search(q)).names;

describe('registry search', () => {
  it('matches every word across the name, type, category, maker and place', async () => {
    // Belandi's violin is one letter away from the maker's name: after the exact match.
    expect(await names('Bellandi violin')).toEqual(['Bellandi Concert Violin', 'Belandi Tribute Violin']);
    expect(await names('violin bellandi cremona')).toEqual(['Bellandi Concert Violin']);
    // The maker's person name and shop name, the type and the category are words like the name's.
    expect((await names('paolo concert')).sort()).toEqual(['Bellandi Concert Violin', 'Concert Viola']);
    expect(await names('bottega viola')).toEqual(['Concert Viola']);
    expect(await names('flamenco cypress')).toEqual(['Flamenca Negra']);
    expect(await names('Bellandi guitar')).toEqual([]);
  });

  it('forgives accents and apostrophes on either side', async () => {
    expect(await names('Cordoba')).toEqual(['Flamenca Negra']);
    expect(await names('córdoba guitar')).toEqual(['Flamenca Negra']);
    expect(await names('MARQUEZ')).toEqual(['Flamenca Negra']);
    expect(await names('luthier’s choice')).toEqual(["Luthier's Choice"]);
    expect(await names('d’angelo')).toEqual(["Luthier's Choice"]);
    expect(await names('dangelo')).toEqual(["Luthier's Choice"]);
  });

  it('finds close matches of a misspelt word, after the exact ones', async () => {
    expect(await names('Márquex')).toEqual(['Flamenca Negra']);
    expect((await names('Bellandy violin')).sort()).toEqual([
      'Belandi Tribute Violin',
      'Bellandi Concert Violin',
    ]);
    // "Belandi" as typed is in one name; Bellandi's passports are one letter away and come after it.
    const belandi = await names('Belandi');
    expect(belandi[0]).toBe('Belandi Tribute Violin');
    expect(belandi.slice(1).sort()).toEqual(['Bellandi Concert Violin', 'Concert Viola']);
    expect((await search('Belandi')).total).toBe('3');
    // Every word must still be there, as typed or nearly.
    expect(await names('Belandi guitar')).toEqual([]);
    // Too far (two edits in a 7-letter word) is not a match.
    expect(await names('Bexandy')).toEqual([]);
  });

  it('puts the passport code and the serial number itself first', async () => {
    expect((await names('sn-777'))[0]).toBe('Serial Mandolin');
    expect(await names('sn-777')).toHaveLength(2);
    expect((await names(serialCode.toLowerCase().replaceAll('-', '')))[0]).toBe('Serial Mandolin');
    // Other orders are kept when asked for.
    const newest = await t.app.inject({
      method: 'GET',
      url: '/api/registry/instruments?search=sn-777&sort=newest',
    });
    expect(newest.json<{ name: string }[]>().map((i) => i.name)).toEqual([
      'Later Mandolin SN-777 copy',
      'Serial Mandolin',
    ]);
  });

  it('keeps a maker’s passports findable by a new name', async () => {
    await t.db.update(shops).set({ name: 'Liuteria Zanetti' }).where(eq(shops.id, bellandiShop));
    await t.db.update(users).set({ displayName: 'Inés Castellano' }).where(eq(users.id, marquezUser));
    expect(await names('zanetti viola')).toEqual(['Concert Viola']);
    expect(await names('castellano')).toEqual(['Flamenca Negra']);
    expect(await names('bottega')).toEqual([]);
    await t.db.update(instruments).set({ model: 'Nocturne' }).where(eq(instruments.name, 'Flamenca Negra'));
    expect(await names('nocturne castellano')).toEqual(['Flamenca Negra']);
  });

  it('answers an empty result, and takes quotes, wildcards and backslashes as text', async () => {
    expect(await search('qzxv nothing')).toEqual({ names: [], total: '0' });
    expect(await names("'")).toEqual(["Luthier's Choice"]);
    for (const q of ["' or 1=1 --", '%', '_', '\\', '%_%', '\\%', '"; drop table instruments; --'])
      expect(await names(q), q).toEqual([]);
    // The words around the quotes still count, and nothing was harmed.
    expect(await names("bellandi' --")).toHaveLength(3);
    expect(await names('concert %')).toHaveLength(2);
  });
});
