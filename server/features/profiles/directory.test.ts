import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse } from '../../db/builders/academy';
import { createShop, createUser } from '../../db/builders/accounts';
import { createInstrument, generatePassportCode } from '../../db/builders/registry';
import { instruments, shops } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
const get = (qs = '') => t.app.inject({ method: 'GET', url: `/api/profile/shops${qs}` });
const slugs = (res: { json: () => { slug: string }[] }) => res.json().map((s) => s.slug);

beforeAll(async () => {
  t = await createTestApp();
  const elena = await createUser(t.db, { displayName: 'Elena Ruiz', role: 'luthier', handle: 'elena-ruiz' });
  const shop = await createShop(t.db, elena.id, {
    name: 'Taller del Sur',
    location: 'Granada, Spain',
    specializations: ['Flamenco guitars', 'Restoration'],
    published: true,
    verified: true,
  });
  for (let i = 0; i < 3; i++)
    await createInstrument(t.db, {
      name: `Flamenca ${i}`,
      instrumentType: 'guitar',
      category: 'flamenco',
      yearMade: 2020,
      makerShopId: shop.id,
    });
  await createCourse(t.db, { id: 'dir-course-1', instructorUserId: elena.id, instructorName: 'Elena Ruiz' });
  await createCourse(t.db, { id: 'dir-course-2', instructorUserId: elena.id, instructorName: 'Elena Ruiz' });
  const tom = await createUser(t.db, { displayName: 'Tom Baker', role: 'luthier', handle: 'tom-baker' });
  await createShop(t.db, tom.id, {
    name: 'Baker Bows',
    location: 'Bristol, UK',
    specializations: ['Violins'],
    published: true,
  });
  for (let i = 0; i < 12; i++) {
    const u = await createUser(t.db, { displayName: `Filler ${i}`, role: 'luthier', handle: `filler-${i}` });
    await createShop(t.db, u.id, { name: `Filler Shop ${String(i).padStart(2, '0')}`, published: true });
  }
  const hidden = await createUser(t.db, {
    displayName: 'Elena Hidden',
    role: 'luthier',
    handle: 'elena-hid',
  });
  await createShop(t.db, hidden.id, { name: 'Unpublished', published: false });
});
afterAll(async () => t.close());

describe('GET /api/profile/shops', () => {
  it('lists published shops only, verified first, with X-Total-Count and paging', async () => {
    const first = await get('?pageSize=5');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('14');
    expect(first.json()).toHaveLength(5);
    expect(slugs(first)[0]).toBe('elena-ruiz');
    const last = await get('?pageSize=5&page=3');
    expect(last.json()).toHaveLength(4);
    const beyond = await get('?pageSize=5&page=9');
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('14');
    const all = [...slugs(first), ...slugs(await get('?pageSize=5&page=2')), ...slugs(last)];
    expect(new Set(all).size).toBe(14);
    expect(all).not.toContain('elena-hid');
  });

  it('finds a maker by the person behind the shop, the shop, the location and a speciality', async () => {
    for (const q of ['elena', 'RUIZ', 'taller', 'granada', 'flamenco'])
      expect(slugs(await get(`?q=${q}`)), q).toEqual(['elena-ruiz']);
    expect((await get('?q=nobody-matches-this')).json()).toEqual([]);
    expect((await get('?q=%25')).json()).toEqual([]);
  });

  it('shows the counts the shop really has', async () => {
    const [card] = (await get('?q=elena')).json();
    expect(card).toEqual({
      name: 'Taller del Sur',
      slug: 'elena-ruiz',
      ownerName: 'Elena Ruiz',
      ownerHandle: 'elena-ruiz',
      profileImageUrl: null,
      location: 'Granada, Spain',
      specializations: ['Flamenco guitars', 'Restoration'],
      verified: true,
      instrumentCount: 3,
      courseCount: 2,
    });
    const shop = (await t.app.inject('/api/profile/l/elena-ruiz')).json();
    expect(shop.instrumentCount).toBe(card.instrumentCount);
    expect(shop.courses).toHaveLength(card.courseCount);
  });

  it('keeps each count as passports are added, moved to another maker and deleted', async () => {
    // Written straight to the database (as the generator writes), so the shared cache is cleared by hand.
    const count = async (q: string) => {
      t.app.sharedCache.invalidate();
      return (await get(`?q=${q}`)).json<{ instrumentCount: number }[]>()[0]!.instrumentCount;
    };
    const baker = (await t.db.select().from(shops).where(eq(shops.slug, 'tom-baker')))[0]!;
    const taller = (await t.db.select().from(shops).where(eq(shops.slug, 'elena-ruiz')))[0]!;
    // Several in one statement, as the scale generator writes them.
    const added = await t.db
      .insert(instruments)
      .values(
        [1, 2, 3, 4].map((i) => ({
          passportCode: generatePassportCode(),
          name: `Bow ${i}`,
          instrumentType: 'violin' as const,
          category: 'classical' as const,
          yearMade: 2024,
          makerShopId: baker.id,
        })),
      )
      .returning({ id: instruments.id });
    expect(await count('baker')).toBe(4);
    await t.db.update(instruments).set({ makerShopId: taller.id }).where(eq(instruments.id, added[0]!.id));
    expect(await count('baker')).toBe(3);
    expect(await count('elena')).toBe(4);
    await t.db.delete(instruments).where(inArray(instruments.id, [added[0]!.id, added[1]!.id]));
    expect(await count('baker')).toBe(2);
    expect(await count('elena')).toBe(3);
    t.app.sharedCache.invalidate();
    const page = (await t.app.inject('/api/profile/l/tom-baker')).json();
    expect(page.instrumentCount).toBe(2);
    expect(page.instruments).toHaveLength(2);
  });

  it('filters by country, speciality and verified', async () => {
    expect(slugs(await get('?country=uk'))).toEqual(['tom-baker']);
    expect(slugs(await get('?country=Spain'))).toEqual(['elena-ruiz']);
    expect(slugs(await get('?speciality=violins'))).toEqual(['tom-baker']);
    expect(slugs(await get('?verified=true'))).toEqual(['elena-ruiz']);
    const res = await get('?verified=true&country=UK');
    expect(res.json()).toEqual([]);
    expect(res.headers['x-total-count']).toBe('0');
  });

  it('answers 400 for a malformed page', async () => {
    expect((await get('?page=0')).statusCode).toBe(400);
    expect((await get('?pageSize=500')).statusCode).toBe(400);
  });

  it('offers the countries and specialities of published shops', async () => {
    const res = await t.app.inject('/api/profile/shop-facets');
    expect(res.json()).toEqual({
      countries: ['Spain', 'UK'],
      specialities: ['Flamenco guitars', 'Restoration', 'Violins'],
    });
  });
});
