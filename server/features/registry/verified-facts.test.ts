import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logLeaves, notifications } from '../../db/schema';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { api, instrumentOf, luthierWithShop } from './registry-test-kit';
import { createOwnership } from './registry-trust-kit';

const committed = { $commit: expect.stringMatching(/^[0-9a-f]{64}$/) };

// Verified means the facts did not change: every fact the verification covered, changed before or after a
// transfer, takes the badge away with an event naming it; facts it did not cover leave it alone.

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, { role: 'admin', displayName: 'Vera Admin' });
});
afterAll(async () => t.close());

const COVERED: [field: string, value: unknown, named: string][] = [
  ['name', 'Renamed Guitar', 'name'],
  ['model', 'OM-2', 'model'],
  ['serialNumber', 'SN-0002', 'serial number'],
  ['yearMade', 2014, 'year made'],
  ['bodyWood', 'Maple', 'body wood'],
  ['neckWood', 'Mahogany', 'neck wood'],
  ['fretboardWood', 'Rosewood', 'fretboard wood'],
  ['scaleLength', 640, 'scale length'],
  ['numberOfStrings', 7, 'number of strings'],
  ['instrumentType', 'mandolin', 'type'],
  ['category', 'archtop', 'category'],
];
const SEED = {
  name: 'Checked Guitar',
  model: 'OM-1',
  serialNumber: 'SN-0001',
  yearMade: 2015,
  bodyWood: 'Spruce',
  neckWood: 'Cedar',
  fretboardWood: 'Ebony',
  scaleLength: 650,
  numberOfStrings: 6,
  finishType: 'Shellac',
  description: 'As built.',
  condition: 'excellent' as const,
  estimatedValue: 4000,
  estimatedValueCurrency: 'USD' as const,
};

async function verifiedInstrument(transferred: boolean) {
  const maker = await luthierWithShop(t, 'Facts Shop');
  const owner = await signedInUser(t, { displayName: 'Fay Owner' });
  const inst = transferred
    ? await createOwnership(t, maker, owner.user, SEED)
    : await instrumentOf(t, maker.shop.id, {
        ...SEED,
        history: [{ userId: maker.user.id, ownerName: 'Maker', location: null, startDate: '2015-05-01' }],
      });
  const res = await api(t, admin.cookie).post(`/api/admin/instruments/${inst.id}/verification`, {
    verified: true,
    note: 'Label, serial and woods checked against the workshop book',
  });
  expect(res.statusCode).toBe(200);
  return { maker, owner, inst, editor: transferred ? owner : maker };
}

const lastLeaf = async (code: string) => {
  const rows = await t.db
    .select({ leaf: logLeaves.leaf })
    .from(logLeaves)
    .where(eq(logLeaves.passportCode, code))
    .orderBy(asc(logLeaves.seq));
  return JSON.parse(rows.at(-1)?.leaf ?? '{}') as { type: string; data: Record<string, unknown> };
};

describe.each([
  ['before a transfer', false],
  ['after a transfer', true],
])('a verified instrument %s', (_when, transferred) => {
  it.each(COVERED)(
    'loses the badge when its %s changes, with an event saying so',
    async (field, value, named) => {
      const { maker, owner, inst } = await verifiedInstrument(transferred);
      const body = transferred ? { [field]: value, reason: 'The label was misread' } : { [field]: value };
      const res = await api(t, maker.cookie).patch(`/api/registry/instruments/${inst.id}`, body);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ verified: false, verification: null, [field]: value });
      const leaf = await lastLeaf(inst.passportCode);
      expect(leaf.type).toBe('unverified');
      // The leaf names the facts in clear; the sentence is free text like an admin's reason, so it is committed.
      expect(leaf.data).toEqual({ reason: committed, fields: [field] });
      // The public passport no longer claims it, and the admins' queue asks for a new check.
      const pub = (await api(t, null).get(`/api/public/passports/${inst.passportCode}`)).json();
      expect(pub).toMatchObject({ verified: false, verification: null });
      const queue = (await api(t, admin.cookie).get('/api/admin/queue')).json();
      expect(queue.instruments.find((i: { id: string }) => i.id === inst.id)?.recheckReason).toMatch(
        new RegExp(`^Verification removed: ${named} changed`),
      );
      if (transferred) {
        const told = await t.db.select().from(notifications).where(eq(notifications.userId, owner.user.id));
        expect(told.map((n) => n.body).join('\n')).toContain(`Verification removed: ${named} changed`);
      }
    },
  );

  it('keeps the badge when only facts it did not cover change', async () => {
    const { maker, inst, editor } = await verifiedInstrument(transferred);
    const build = await api(t, maker.cookie).patch(`/api/registry/instruments/${inst.id}`, {
      finishType: 'Nitrocellulose',
      description: 'Refinished in 2024.',
    });
    expect(build.statusCode).toBe(200);
    const owned = await api(t, editor.cookie).patch(`/api/registry/instruments/${inst.id}`, {
      condition: 'good',
      estimatedValue: 5200,
      estimatedValueCurrency: 'EUR',
    });
    expect(owned.statusCode).toBe(200);
    expect(owned.json()).toMatchObject({ verified: true, finishType: 'Nitrocellulose', condition: 'good' });
    expect((await lastLeaf(inst.passportCode)).type).toBe('edited');
  });
});

it('names every covered fact changed together', async () => {
  const { maker, inst } = await verifiedInstrument(false);
  await api(t, maker.cookie).patch(`/api/registry/instruments/${inst.id}`, {
    serialNumber: 'SN-9',
    yearMade: 2016,
    description: 'Not covered',
  });
  expect((await lastLeaf(inst.passportCode)).data).toEqual({
    reason: committed,
    fields: ['serialNumber', 'yearMade'],
  });
});

describe('a verified shop', () => {
  const body = {
    name: 'Checked Shop',
    bio: '',
    workshopBio: 'Bench by the window',
    location: 'Cremona, Italy',
    establishedYear: 1990,
    specializations: ['violins'],
    published: true,
  };
  async function verifiedShop() {
    const maker = await luthierWithShop(t, 'Checked Shop');
    expect((await api(t, maker.cookie).patch('/api/account/shop', body)).statusCode).toBe(200);
    const url = `/api/admin/shops/${maker.shop.id}/verification`;
    expect((await api(t, admin.cookie).post(url, { verified: true, note: 'Visited it' })).statusCode).toBe(
      200,
    );
    return maker;
  }
  const shopState = async (maker: { shop: { id: string } }, verified: boolean) =>
    (await api(t, admin.cookie).get(`/api/admin/queue?verified=${verified}`))
      .json<{ shops: { id: string; recheckReason: string | null }[] }>()
      .shops.find((s) => s.id === maker.shop.id);

  it.each([
    ['name', { name: 'Other Shop' }, 'name'],
    ['location', { location: 'Mittenwald, Germany' }, 'location'],
    ['founding year', { establishedYear: 1985 }, 'founding year'],
  ])('loses the badge when its %s changes', async (_label, change, named) => {
    const maker = await verifiedShop();
    const res = await api(t, maker.cookie).patch('/api/account/shop', { ...body, ...change });
    expect(res.statusCode).toBe(200);
    expect((await shopState(maker, false))?.recheckReason).toMatch(
      new RegExp(`^Verification removed: ${named} changed`),
    );
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, maker.user.id));
    expect(told.map((n) => n.body).join('\n')).toContain(`Verification removed: ${named} changed`);
  });

  it('loses the badge when its handle changes', async () => {
    const maker = await verifiedShop();
    const res = await api(t, maker.cookie).post('/api/account/handle', { handle: `moved-${Date.now()}` });
    expect(res.statusCode).toBe(200);
    expect((await shopState(maker, false))?.recheckReason).toMatch(/^Verification removed: handle changed/);
  });

  it('keeps the badge when its texts, specialities or publication change', async () => {
    const maker = await verifiedShop();
    const res = await api(t, maker.cookie).patch('/api/account/shop', {
      ...body,
      bio: 'New words',
      workshopBio: 'A new bench',
      specializations: ['violas'],
    });
    expect(res.statusCode).toBe(200);
    expect(await shopState(maker, true)).toMatchObject({ id: maker.shop.id });
    expect(await shopState(maker, false)).toBeUndefined();
  });
});
