// Search that forgives: the registry, the makers directory and explore match regardless of
// accents, case and apostrophe style, on both backends (TEST_DB=postgres runs the same file on PostgreSQL).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { foldFunctionBody, foldSearchText, FOLD_FROM } from '../../../contract/search-fold';
import { createCourse } from '../../db/builders/academy';
import { createShop, createUser } from '../../db/builders/accounts';
import { createInstrument } from '../../db/builders/registry';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let code = '';
const get = (url: string) => t.app.inject({ method: 'GET', url });
const names = async (url: string, key: 'name' | 'title' = 'name') =>
  (await get(url)).json<Record<string, string>[]>().map((r) => r[key]);
const registry = (q: string) => names(`/api/registry/instruments?search=${encodeURIComponent(q)}`);
const makers = (q: string) => names(`/api/profile/shops?q=${encodeURIComponent(q)}`);
const explore = (q: string) => names(`/api/lms/courses/explore?q=${encodeURIComponent(q)}`, 'title');

beforeAll(async () => {
  t = await createTestApp();
  const tomas = await createUser(t.db, {
    displayName: 'Tomás O’Connor',
    role: 'luthier',
    handle: 'tomas-oc',
  });
  const shop = await createShop(t.db, tomas.id, {
    name: 'Atelier Hélène',
    location: 'Montréal, Canada',
    specializations: ['Guitares à l’ancienne'],
    published: true,
  });
  const other = await createUser(t.db, { displayName: 'Ann Lee', role: 'luthier', handle: 'ann-lee' });
  const lee = await createShop(t.db, other.id, {
    name: 'Lee Strings',
    location: 'Leeds, UK',
    published: true,
  });
  const made = await createInstrument(t.db, {
    name: 'Señorita Guitar',
    instrumentType: 'guitar',
    category: 'classical',
    yearMade: 2021,
    model: 'D’Angelico copy',
    serialNumber: 'ÉCOLE-0042',
    bodyWood: 'Épicéa',
    makerShopId: shop.id,
  });
  code = made.passportCode;
  await createInstrument(t.db, {
    name: 'Plain Violin',
    instrumentType: 'violin',
    category: 'classical',
    yearMade: 2019,
    makerShopId: lee.id,
  });
  await createCourse(t.db, {
    id: 'fold-1',
    title: 'Lutherie à Montréal',
    instructorName: 'Zoë Brontë',
    description: 'Bracing with O’Brien.',
  });
  await createCourse(t.db, { id: 'fold-2', title: 'Plain course', description: 'Nothing special.' });
  await createCourse(t.db, {
    id: 'fold-3',
    title: 'French Polish by Hand',
    instructorName: 'Inés Márquez',
    description: 'Shellac, pad and patience.',
  });
  await createCourse(t.db, {
    id: 'fold-4',
    title: 'Polsh Finishing',
    description: 'A typo in a real title.',
  });
  const marquez = await createUser(t.db, { displayName: 'Inés Márquez', role: 'luthier', handle: 'ines-m' });
  await createShop(t.db, marquez.id, {
    name: 'Taller del Sur',
    location: 'Córdoba, Spain',
    specializations: ['Flamenco guitars'],
    published: true,
  });
});
afterAll(async () => t.close());

describe('registry search forgives accents, case and apostrophes', () => {
  it('finds the passport by the words as people type them', async () => {
    for (const q of ['senorita', 'SEÑORITA', 'epicea', 'ÉPICÉA', "d'angelico", 'D’ANGELICO', 'école-0042'])
      expect(await registry(q), q).toEqual(['Señorita Guitar']);
    expect(await registry('ecole-0042')).toEqual(['Señorita Guitar']);
  });

  it('finds a maker by their name and their shop without the accents', async () => {
    expect(await registry('tomas')).toEqual(['Señorita Guitar']);
    expect(await registry("o'connor")).toEqual(['Señorita Guitar']);
    expect(await registry('Helene')).toEqual(['Señorita Guitar']);
    expect(await registry('violin')).toEqual(['Plain Violin']);
  });

  it('finds a passport code typed in lower case or without its dashes', async () => {
    const bare = code.replace(/-/g, '').toLowerCase();
    expect(await registry(bare)).toEqual(['Señorita Guitar']);
    expect(await registry(code.toLowerCase())).toEqual(['Señorita Guitar']);
  });
});

describe('the makers directory forgives too', () => {
  it('matches the maker, the shop, the city and the speciality', async () => {
    for (const q of ['tomas', "O'CONNOR", 'helene', 'Montreal', "a l'ancienne"])
      expect(await makers(q), q).toEqual(['Atelier Hélène']);
    expect(await makers('leeds')).toEqual(['Lee Strings']);
  });
});

describe('the makers directory takes several words and forgives a misspelt one', () => {
  it('matches every word across name, person, place and speciality', async () => {
    expect(await makers('marquez cordoba')).toEqual(['Taller del Sur']);
    expect(await makers('flamenco sur')).toEqual(['Taller del Sur']);
    expect(await makers('Márquex')).toEqual(['Taller del Sur']);
    expect(await makers('marquez leeds')).toEqual([]);
    for (const q of ['%', '_', '\\', "' or 1=1 --", '%_%']) expect(await makers(q), q).toEqual([]);
  });
});

describe('explore takes several words and forgives a misspelt one', () => {
  it('matches every word in any order, exact matches first', async () => {
    expect(await explore('polish french')).toEqual(['French Polish by Hand']);
    expect(await explore('shellac marquez')).toEqual(['French Polish by Hand']);
    expect(await explore('french cello')).toEqual([]);
    // "polsh" is in one title as typed; French Polish is one letter away and comes after it.
    expect(await explore('polsh')).toEqual(['Polsh Finishing', 'French Polish by Hand']);
    expect(await names('/api/lms/courses/explore?q=polsh&sort=rating', 'title')).toEqual([
      'Polsh Finishing',
      'French Polish by Hand',
    ]);
    for (const q of ['%', '_', '\\', "' or 1=1 --"]) expect(await explore(q), q).toEqual([]);
  });
});

describe('explore forgives too', () => {
  it('matches title, instructor and description', async () => {
    for (const q of ['montreal', 'LUTHERIE A', 'zoe bronte', "o'brien"])
      expect(await explore(q), q).toEqual(['Lutherie à Montréal']);
  });
});

describe('search_fold', () => {
  it('folds in the database exactly as contract/search-fold.ts does', async () => {
    // Every character of the table, in both cases, and a few words with letters that stand for two.
    const latin = Array.from({ length: 0x250 - 0xc0 }, (_, i) => String.fromCodePoint(0xc0 + i)).join('');
    const samples = [
      ...latin.match(/[\s\S]{1,40}/g)!,
      FOLD_FROM,
      'Straße Æsop Œuvre Ørsted Łódź Þór ĳssel',
      'Tomás O’Connor “quoted” – dashes — ‐',
      'e\u0301cole', // é typed as e + a combining accent
      'ASCII Stays: 100% _plain_ \\ text',
    ];
    for (const s of samples) {
      const [row] = await t.db.select({ f: sql<string>`search_fold(${s})` }).from(sql`(values (1)) as one`);
      expect(row?.f, s).toBe(foldSearchText(s));
    }
    expect(foldSearchText('Tomás O’Connor, Montréal, Straße')).toBe("tomas o'connor, montreal, strasse");
    // The migration defines the function this module writes (a table changed on one side only fails here).
    const dir = new URL('../../../drizzle/', import.meta.url);
    const file = fs.readdirSync(dir).find((f) => f.endsWith('_search_fold.sql'))!;
    const migration = fs.readFileSync(new URL(file, dir), 'utf8');
    expect(migration).toContain(foldFunctionBody('t'));
  });
});
