import { desc, eq, like, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRY_COUNT_CAP } from '../../../contract/registry';
import { generatePassportCode } from '../../db/builders/registry';
import { instruments } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { api, instrumentOf, luthierWithShop } from './registry-test-kit';

let t: TestApp;
const list = (qs = '') => t.app.inject({ method: 'GET', url: `/api/registry/instruments${qs}` });

let bCookie = '';
let aHandle: string | null = null;
beforeAll(async () => {
  t = await createTestApp();
  const a = await luthierWithShop(t, 'Atelier Crémone');
  aHandle = a.user.handle;
  const b = await luthierWithShop(t, 'Banjo Barn');
  bCookie = b.cookie;
  await instrumentOf(t, a.shop.id, {
    name: 'Amber Violin',
    instrumentType: 'violin',
    category: 'classical',
    bodyWood: 'Flamed maple',
    serialNumber: 'AV-001',
  });
  await instrumentOf(t, a.shop.id, {
    name: '100% Spruce_Top Guitar',
    instrumentType: 'guitar',
    category: 'flamenco',
    model: 'O\'Brien "Special"',
  });
  await instrumentOf(t, b.shop.id, {
    name: 'Porch Banjo',
    instrumentType: 'banjo',
    category: 'acoustic',
    description: 'Open back, walnut rim',
  });
  for (let i = 0; i < 9; i++)
    await instrumentOf(t, b.shop.id, {
      name: `Session Mandolin ${i}`,
      instrumentType: 'mandolin',
      category: 'acoustic',
    });
});
afterAll(async () => t.close());

describe('GET /api/registry/instruments', () => {
  it('answers an array with X-Total-Count and the card fields', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('12');
    expect(res.headers['x-total-count-capped']).toBe('false');
    const items = res.json();
    expect(Array.isArray(items)).toBe(true);
    expect(items[0]).toMatchObject({
      luthier: { businessName: expect.any(String), location: 'Cremona, Italy' },
    });
    expect(items[0]).not.toHaveProperty('searchText');
    // No photo yet: the card says so rather than showing a broken image.
    expect(items[0].imageUrl).toBeNull();
    // The maker's card carries the shop's slug and the handle of the person behind it, for their pages.
    const violin = (await list('?type=violin')).json()[0];
    expect(violin.luthier).toMatchObject({ businessName: 'Atelier Crémone', ownerHandle: aHandle });
    expect(violin.luthier.slug).toEqual(expect.any(String));
  });

  it('filters by type and category, with all meaning no filter', async () => {
    const violins = await list('?type=violin');
    expect(violins.json().map((i: { name: string }) => i.name)).toEqual(['Amber Violin']);
    const flamenco = await list('?type=all&category=flamenco');
    expect(flamenco.headers['x-total-count']).toBe('1');
    expect((await list('?category=acoustic')).headers['x-total-count']).toBe('10');
    expect((await list('?type=kazoo')).statusCode).toBe(400);
  });

  it('pages with page and pageSize (at most 100)', async () => {
    const p1 = await list('?type=mandolin&pageSize=4&page=1');
    const p3 = await list('?type=mandolin&pageSize=4&page=3');
    expect(p1.json()).toHaveLength(4);
    expect(p3.json()).toHaveLength(1);
    expect(p3.headers['x-total-count']).toBe('9');
    const ids = new Set([...p1.json(), ...p3.json()].map((i: { id: string }) => i.id));
    expect(ids.size).toBe(5);
    // Past the last page: no rows, and still the number of matches.
    const p9 = await list('?type=mandolin&pageSize=4&page=9');
    expect(p9.json()).toEqual([]);
    expect(p9.headers['x-total-count']).toBe('9');
    expect((await list('?pageSize=101')).statusCode).toBe(400);
    expect((await list('?page=0')).statusCode).toBe(400);
  });

  it('searches name, model, serial, description, woods and maker name, case-insensitively', async () => {
    const names = async (q: string): Promise<string[]> => {
      const items: { name: string }[] = (await list(`?search=${encodeURIComponent(q)}`)).json();
      return items.map((i) => i.name);
    };
    expect(await names('amber')).toEqual(['Amber Violin']);
    expect(await names('av-001')).toEqual(['Amber Violin']);
    expect(await names('FLAMED')).toEqual(['Amber Violin']);
    expect(await names('walnut rim')).toEqual(['Porch Banjo']);
    // The shop's name as typed first; then every passport of a maker in Cremona, one letter away (decision 030).
    const cremone = await names('crémone');
    expect(cremone.slice(0, 2).sort()).toEqual(['100% Spruce_Top Guitar', 'Amber Violin']);
    expect(cremone).toHaveLength(12);
    expect((await list('?search=banjo%20barn')).headers['x-total-count']).toBe('10');
  });

  it('treats % _ \\ and quotes literally and never fails on them', async () => {
    for (const q of ['%', '_', '\\', "'", '"', "'; drop table instruments; --", '100%', 'e_T']) {
      const res = await list(`?search=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
    }
    expect((await list(`?search=${encodeURIComponent('100%')}`)).json()).toHaveLength(1);
    expect((await list(`?search=${encodeURIComponent('%')}`)).json()).toHaveLength(1);
    expect((await list(`?search=${encodeURIComponent('e_t')}`)).json()).toHaveLength(1);
    expect((await list(`?search=${encodeURIComponent('"special"')}`)).json()).toHaveLength(1);
  });

  it('cuts very long search input instead of failing', async () => {
    const res = await list(`?search=${'x'.repeat(10_000)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});

describe('GET /api/registry/instruments/:id', () => {
  it('404s for unknown and malformed ids', async () => {
    expect((await list('/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const bad = await list('/not-a-uuid');
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers the seed Instrument shape with events', async () => {
    const [first] = (await list('?type=violin')).json();
    const res = await api(t, null).get(`/api/registry/instruments/${first.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      name: 'Amber Violin',
      instrumentType: 'violin',
      luthier: { businessName: 'Atelier Crémone', verified: false, specializations: [] },
      currentOwner: { name: expect.any(String) },
      images: [],
      serviceRecords: [],
    });
    expect(body.passportCode).toMatch(/^LR-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    expect(body.ownershipHistory).toHaveLength(1);
    expect(body.events.map((e: { type: string }) => e.type)).toEqual(['created']);
  });
});

describe('shared list responses', () => {
  it('revalidate with an ETag that changes when the list or its total does', async () => {
    const first = await list('?type=banjo&pageSize=1');
    expect(first.headers['cache-control']).toContain('public');
    const etag = String(first.headers.etag);
    expect(
      (
        await t.app.inject({
          url: '/api/registry/instruments?type=banjo&pageSize=1',
          headers: { 'if-none-match': etag },
        })
      ).statusCode,
    ).toBe(304);
    // Another banjo, registered through the API (which also clears the shared cache): the page or at least its
    // total changes, so the old tag no longer matches.
    const created = await api(t, bCookie).post('/api/registry/instruments', {
      name: 'Zither Banjo',
      instrumentType: 'banjo',
      category: 'acoustic',
      yearMade: 2021,
    });
    expect(created.statusCode).toBe(201);
    const after = await t.app.inject({
      url: '/api/registry/instruments?type=banjo&pageSize=1',
      headers: { 'if-none-match': etag },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers['x-total-count']).toBe('2');
  });
});

describe('counting past REGISTRY_COUNT_CAP', () => {
  it('stops at the cap, says so, and still pages through every match', async () => {
    const big = await createTestApp();
    try {
      const { shop } = await luthierWithShop(big, 'Cap Workshop');
      const rows = (from: number, n: number, wood: string) =>
        Array.from({ length: n }, (_, k) => ({
          passportCode: generatePassportCode(),
          name: `Cap guitar ${from + k}`,
          instrumentType: 'guitar' as const,
          category: 'acoustic' as const,
          bodyWood: wood,
          yearMade: 2020,
          makerShopId: shop.id,
        }));
      // The cap exactly with "cedar", five more past it with "spruce".
      await big.db.insert(instruments).values(rows(0, REGISTRY_COUNT_CAP, 'cedar spruce'));
      await big.db.insert(instruments).values(rows(REGISTRY_COUNT_CAP, 5, 'spruce'));
      const get = (qs: string) => big.app.inject({ method: 'GET', url: `/api/registry/instruments${qs}` });

      const broad = await get('?search=spruce');
      expect(broad.headers['x-total-count']).toBe(String(REGISTRY_COUNT_CAP));
      expect(broad.headers['x-total-count-capped']).toBe('true');
      // Exactly the cap is still an exact count.
      const exact = await get('?search=cedar');
      expect(exact.headers['x-total-count']).toBe(String(REGISTRY_COUNT_CAP));
      expect(exact.headers['x-total-count-capped']).toBe('false');
      // Pages past the cap still answer the remaining matches.
      const last = await get(`?search=spruce&pageSize=100&page=${REGISTRY_COUNT_CAP / 100 + 1}`);
      expect(last.json()).toHaveLength(5);
      // Newest first (ties by id), whether the page comes from the counted matches (cedar: all of them were
      // read) or from the newest-first index (spruce: more than the cap).
      for (const wood of ['cedar', 'spruce']) {
        const expected = (
          await big.db
            .select({ id: instruments.id })
            .from(instruments)
            .where(like(instruments.bodyWood, `%${wood}%`))
            .orderBy(desc(instruments.createdAt), desc(instruments.id))
            .limit(24)
            .offset(48)
        ).map((r) => r.id);
        const page3 = (await get(`?search=${wood}&page=3`)).json<{ id: string }[]>().map((i) => i.id);
        expect(page3).toEqual(expected);
      }

      // A maker's name: their passports and the other passports whose text names them are counted apart (each
      // through its own index) and together, never one twice.
      const quill = await luthierWithShop(big, 'Quill Lutherie');
      const own = [
        await instrumentOf(big, quill.shop.id, {
          name: 'Quill violin',
          instrumentType: 'violin',
          category: 'classical',
        }),
        await instrumentOf(big, quill.shop.id, {
          name: 'Quill guitar',
          description: 'Quill Lutherie label inside',
        }),
      ];
      const mention = await instrumentOf(big, shop.id, {
        name: 'Cap guitar repaired',
        instrumentType: 'violin',
        category: 'classical',
        description: 'Set up at Quill Lutherie',
      });
      const ids = async (qs: string) => {
        const res = await get(qs);
        return {
          total: res.headers['x-total-count'],
          capped: res.headers['x-total-count-capped'],
          ids: res.json<{ id: string }[]>().map((i) => i.id),
        };
      };
      expect(await ids('?search=quill%20lutherie')).toEqual({
        total: '3',
        capped: 'false',
        ids: [mention.id, own[1]!.id, own[0]!.id],
      });
      // Filters apply to both: the maker's violin and the other maker's violin that names them.
      expect(await ids('?search=quill%20lutherie&type=violin')).toEqual({
        total: '2',
        capped: 'false',
        ids: [mention.id, own[0]!.id],
      });
      // Past the cap by the maker's own passports: counting stops there, pages follow the newest-first order.
      const cap = await ids('?search=cap%20workshop&page=2');
      expect(cap.total).toBe(String(REGISTRY_COUNT_CAP));
      expect(cap.capped).toBe('true');
      const expected = (
        await big.db
          .select({ id: instruments.id })
          .from(instruments)
          .where(or(eq(instruments.makerShopId, shop.id), like(instruments.searchText, '%cap workshop%')))
          .orderBy(desc(instruments.createdAt), desc(instruments.id))
          .limit(24)
          .offset(24)
      ).map((r) => r.id);
      expect(cap.ids).toEqual(expected);
    } finally {
      await big.close();
    }
  });
});
