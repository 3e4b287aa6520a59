import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { instrumentOf, luthierWithShop } from './registry-test-kit';

let t: TestApp;
let makerName = '';
const names = async (qs: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/registry/instruments${qs}` });
  expect(res.statusCode, res.body).toBe(200);
  return { names: res.json().map((i: { name: string }) => i.name), total: res.headers['x-total-count'] };
};

beforeAll(async () => {
  t = await createTestApp();
  // luthierWithShop names the person "Maker <n>"; the shop name says nothing of them.
  const a = await luthierWithShop(t, 'Quiet Bench');
  makerName = a.user.displayName;
  await instrumentOf(t, a.shop.id, { name: 'Old', yearMade: 1990, estimatedValue: 5000, verified: true });
  await instrumentOf(t, a.shop.id, { name: 'Mid', yearMade: 2005, estimatedValue: null });
  await instrumentOf(t, a.shop.id, { name: 'New', yearMade: 2021, estimatedValue: 900, verified: true });
  await instrumentOf(t, a.shop.id, { name: 'Gone', yearMade: 2010, estimatedValue: 12000, status: 'stolen' });
});
afterAll(async () => t.close());

describe('registry sort and filters', () => {
  it('sorts newest first by default and by year made; never by the owners’ estimated values', async () => {
    expect((await names('')).names).toEqual(['Gone', 'New', 'Mid', 'Old']);
    expect((await names('?sort=year-desc')).names).toEqual(['New', 'Gone', 'Mid', 'Old']);
    expect((await names('?sort=year-asc')).names).toEqual(['Old', 'Mid', 'Gone', 'New']);
    // A public ranking by value would tell each owner's estimate relative to the others.
    for (const sort of ['value-desc', 'value-asc'])
      expect((await t.app.inject({ url: `/api/registry/instruments?sort=${sort}` })).statusCode).toBe(400);
    expect((await names('?sort=year-asc&pageSize=2&page=2')).names).toEqual(['Gone', 'New']);
  });

  it('filters by year range, verified only and status, with the count to match', async () => {
    expect(await names('?yearFrom=2000&yearTo=2010&sort=year-asc')).toEqual({
      names: ['Mid', 'Gone'],
      total: '2',
    });
    expect(await names('?verified=true&sort=year-asc')).toEqual({ names: ['Old', 'New'], total: '2' });
    expect(await names('?status=stolen')).toEqual({ names: ['Gone'], total: '1' });
    expect(await names('?status=active&yearFrom=2006')).toEqual({ names: ['New'], total: '1' });
  });

  it("finds a maker's instruments by the person's own name", async () => {
    // The kit numbers its makers across the files a worker runs: the name is read, not assumed.
    expect(makerName).toMatch(/^Maker \d+$/);
    const found = await names(`?search=${encodeURIComponent(makerName.toLowerCase())}&sort=year-asc`);
    expect(found).toEqual({ names: ['Old', 'Mid', 'Gone', 'New'], total: '4' });
  });

  it('refuses an unknown sort or a malformed year', async () => {
    for (const qs of ['?sort=price', '?yearFrom=abc', '?status=lost']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/registry/instruments${qs}` });
      expect(res.statusCode, qs).toBe(400);
    }
  });
});
