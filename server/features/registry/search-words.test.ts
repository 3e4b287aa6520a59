// A search of several words finds the passports that have every word somewhere in their search document (name,
// type, category, model, serial number, woods, description, the maker's names and place), the whole term ranked
// first (search-match.ts, docs/decisions/030), on both backends (TEST_DB=postgres runs this file on PostgreSQL).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShop, createUser } from '../../db/builders/accounts';
import { createInstrument } from '../../db/builders/registry';
import { editDistance, editsAllowed } from '../../db/search-words';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const maker = await createUser(t.db, { displayName: 'Wren Hollis', role: 'luthier', handle: 'wren-h' });
  const shop = await createShop(t.db, maker.id, { name: 'Hollis Bench', published: true });
  const make = (name: string, fields: { model?: string; serialNumber?: string; description?: string }) =>
    createInstrument(t.db, { name, yearMade: 2020, makerShopId: shop.id, ...fields });
  await make('Serial Guitar', { model: 'Model 45', serialNumber: 'K3 37777' });
  // Every word of "k3 37777" is in its text, but never the two together: found, after the whole term.
  await make('Decoy Guitar 37777', { serialNumber: 'X-K3' });
  await make('Dashed Guitar', { serialNumber: 'A-1234-B' });
  await make('Señorita Guitar', { description: 'Top of 100% spruce_top, O’Brien bracing' });
  await make('Скрипка мастера', { serialNumber: 'ЯК 1' });
});
afterAll(async () => t.close());

const names = async (q: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/registry/instruments?search=${encodeURIComponent(q)}` }))
    .json<{ name: string }[]>()
    .map((i) => i.name);

/** The passports whose document holds every word of the term as the database folds it (the rule, read plainly). */
async function holdingEveryWord(q: string): Promise<string[]> {
  const result = (await t.db.execute(sql`select name from instruments i where not exists (
      select 1 from regexp_split_to_table(search_fold(${q}), '[^[:alnum:]]+') w
      where w <> '' and strpos(i.search_text, w) = 0) order by name`)) as { rows: { name: string }[] };
  return result.rows.map((r) => r.name);
}

describe('a search of several words', () => {
  it('finds every passport with each word somewhere, the whole term first', async () => {
    expect(await names('k3 37777')).toEqual(['Serial Guitar', 'Decoy Guitar 37777']);
    expect(await names('K3 37777')).toEqual(['Serial Guitar', 'Decoy Guitar 37777']);
    // The words in another order, across fields (serial number, model).
    expect((await names('37777 45 k3'))[0]).toBe('Serial Guitar');
    // A serial number's part, with or without its dashes around it.
    for (const q of ['1234', 'a-1234', '1234-b', '-1234-', 'a-1234-b'])
      expect(await names(q), q).toEqual(['Dashed Guitar']);
    // Folded, with wildcards and quotes taken literally; the maker's name is a word like any other.
    expect(await names('SENORITA gui')).toEqual(['Señorita Guitar']);
    expect(await names("100% spruce_top, o'brien")).toEqual(['Señorita Guitar']);
    expect(await names('hollis señorita')).toEqual(['Señorita Guitar']);
    expect(await names('wren bracing')).toEqual(['Señorita Guitar']);
    expect(await names('100% spruce_top cello')).toEqual([]);
  });

  it('answers exactly the passports that hold every word, for every kind of term', async () => {
    const terms = ['k3 37777', '37777', 'guitar 37777', 'decoy guitar', 'x-k3', 'k3', '45 k3', '1234 b'];
    for (const q of [...terms, 'spruce_top, o', 'скрипка мастера', 'ЯК 1', 'wren', 'bench guitar']) {
      const expected = await holdingEveryWord(q);
      expect((await names(q)).sort(), q).toEqual(expected.sort());
    }
    expect(await holdingEveryWord('wren')).toHaveLength(5);
  });

  it('looks a term of short words only up whole: no word of it can use the trigram index', async () => {
    expect(await names('a b')).toEqual([]);
    expect(await names('% s')).toEqual(['Señorita Guitar']);
    expect(await names('45 k')).toEqual(['Serial Guitar']);
  });
});

describe('a misspelt word', () => {
  it('forgives one edit in a word of 4 to 7 letters, two from 8, none in a shorter word or one with digits', () => {
    expect(editsAllowed('bel')).toBe(0);
    expect(editsAllowed('belandi')).toBe(1);
    expect(editsAllowed('rosewoud')).toBe(2);
    expect(editsAllowed('k3377')).toBe(0);
    expect(editDistance('belandi', 'bellandi')).toBe(1);
    expect(editDistance('marquex', 'marquez')).toBe(1);
    expect(editDistance('violin', 'viloin')).toBe(1);
    expect(editDistance('violin', 'viola')).toBe(2);
    expect(editDistance('', 'abc')).toBe(3);
  });
});
