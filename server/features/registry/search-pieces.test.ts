// A search of several words is looked up in the trigram index by its pieces and then matched whole
// (list.queries.ts textMatches): it must find exactly the passports whose text contains the whole term, as
// `like '%term%'` did, on both backends (TEST_DB=postgres runs the same file on PostgreSQL).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShop, createUser } from '../../db/builders/accounts';
import { createInstrument } from '../../db/builders/registry';
import { foldedPattern, trigramPieces } from '../../db/search-fold';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const maker = await createUser(t.db, { displayName: 'Wren Hollis', role: 'luthier', handle: 'wren-h' });
  const shop = await createShop(t.db, maker.id, { name: 'Hollis Bench', published: true });
  const make = (name: string, fields: { model?: string; serialNumber?: string; description?: string }) =>
    createInstrument(t.db, { name, yearMade: 2020, makerShopId: shop.id, ...fields });
  await make('Serial Guitar', { model: 'Model 45', serialNumber: 'K3 37777' });
  // Every piece of "k3 37777" is in its text, but never the two together: the whole term must not match.
  await make('Decoy Guitar 37777', { serialNumber: 'X-K3' });
  await make('Dashed Guitar', { serialNumber: 'A-1234-B' });
  await make('Señorita Guitar', { description: 'Top of 100% spruce_top, O’Brien bracing' });
  await make('Скрипка мастера', { serialNumber: 'ЯК 1' });
});
afterAll(async () => t.close());

const names = async (q: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/registry/instruments?search=${encodeURIComponent(q)}` }))
    .json<{ name: string }[]>()
    .map((i) => i.name)
    .sort();

/** The passports whose text contains the term, as the search read them before pieces (`like '%term%'`). */
async function containing(q: string): Promise<string[]> {
  const result = (await t.db.execute(
    sql`select name from instruments where search_text like ${foldedPattern(q.trim())} order by name`,
  )) as { rows: { name: string }[] };
  return result.rows.map((r) => r.name).sort();
}

describe('a search of several words', () => {
  it('finds what contains the whole term, not what contains its pieces apart', async () => {
    expect(await names('k3 37777')).toEqual(['Serial Guitar']);
    expect(await names('K3 37777')).toEqual(['Serial Guitar']);
    // Across the fields' boundary (model, then serial number).
    expect(await names('45 k3 3')).toEqual(['Serial Guitar']);
    // A serial number's part, with or without its dashes around it.
    for (const q of ['1234', 'a-1234', '1234-b', '-1234-', 'a-1234-b'])
      expect(await names(q), q).toEqual(['Dashed Guitar']);
    // Folded, with wildcards and quotes taken literally.
    expect(await names('SENORITA gui')).toEqual(['Señorita Guitar']);
    expect(await names("100% spruce_top, o'brien")).toEqual(['Señorita Guitar']);
    expect(await names('100% spruce top')).toEqual([]);
    expect(await names('x k3')).toEqual([]);
  });

  it('answers exactly what like %term% answers, for every kind of term', async () => {
    const terms = [
      'k3 37777',
      '37777',
      'guitar 37777',
      'decoy guitar',
      'x-k3',
      'k3',
      '45 k3',
      'a b',
      '1234 b',
      '% s',
      'spruce_top, o',
      'скрипка мастера',
      'ЯК 1',
      'wren',
    ];
    for (const q of terms) {
      const expected = await containing(q);
      // The maker's name also finds the maker's passports: only terms that name no maker are compared.
      if (q !== 'wren') expect(await names(q), q).toEqual(expected);
    }
    expect(await containing('decoy guitar')).toEqual(['Decoy Guitar 37777']);
    expect(await names('wren')).toHaveLength(5);
  });
});

describe('trigramPieces', () => {
  it('keeps each word with the character that ends it, never the one before it', () => {
    expect(trigramPieces('k3 37777')).toEqual(['k3 ', '37777']);
    expect(trigramPieces('spruce')).toEqual(['spruce']);
    expect(trigramPieces('a-1234-b')).toEqual(['1234-']);
    expect(trigramPieces('-1234-')).toEqual(['1234-']);
    expect(trigramPieces('old spruce, old spruce')).toEqual(['old ', 'spruce,', 'spruce']);
    expect(trigramPieces('épicéa')).toEqual(['épicéa']);
  });

  it('leaves out what makes no trigram', () => {
    expect(trigramPieces('a b')).toEqual([]);
    expect(trigramPieces('ab')).toEqual([]);
    expect(trigramPieces('%')).toEqual([]);
    expect(trigramPieces('ab cd')).toEqual(['ab ']);
  });
});
