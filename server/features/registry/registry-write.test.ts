import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { api, instrumentOf, luthierWithShop } from './registry-test-kit';

let t: TestApp;
let maker: Awaited<ReturnType<typeof luthierWithShop>>;
let otherLuthier: Awaited<ReturnType<typeof luthierWithShop>>;
let enthusiast: Awaited<ReturnType<typeof signedInUser>>;
let stranger: Awaited<ReturnType<typeof signedInUser>>;

const base = { name: 'Concert Classical', instrumentType: 'guitar', category: 'classical', yearMade: 2024 };

beforeAll(async () => {
  t = await createTestApp();
  maker = await luthierWithShop(t, 'Maker Bench');
  otherLuthier = await luthierWithShop(t, 'Repair Shop');
  enthusiast = await signedInUser(t, {
    displayName: 'Olive Owner',
    handle: 'olive-owner',
    location: 'Lyon, France',
  });
  stranger = await signedInUser(t, { displayName: 'Stan Stranger' });
});
afterAll(async () => t.close());

describe('create', () => {
  it('lets a luthier with a shop register; others get 401/403; required fields are checked', async () => {
    expect((await api(t, null).post('/api/registry/instruments', base)).statusCode).toBe(401);
    expect((await api(t, enthusiast.cookie).post('/api/registry/instruments', base)).statusCode).toBe(403);
    const noShop = await signedInUser(t, { role: 'luthier' });
    expect((await api(t, noShop.cookie).post('/api/registry/instruments', base)).statusCode).toBe(403);
    const bad = await api(t, maker.cookie).post('/api/registry/instruments', { name: '' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(
      expect.arrayContaining(['name', 'instrumentType', 'category', 'yearMade']),
    );
    const res = await api(t, maker.cookie).post('/api/registry/instruments', {
      ...base,
      scaleLength: 650,
      bodyWood: 'Rosewood',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      ...base,
      scaleLength: 650,
      currentOwner: { name: maker.user.displayName },
    });
    expect(res.json().viewer).toMatchObject({ isMaker: true, isOwner: true });
  });

  it('a first owner named at registration gets an offer; the maker owns it until they accept', async () => {
    const res = await api(t, maker.cookie).post('/api/registry/instruments', {
      ...base,
      firstOwner: '@olive-owner',
      firstOwnerMethod: 'commission',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().ownershipHistory.map((o: { ownerName: string }) => o.ownerName)).toEqual([
      maker.user.displayName,
    ]);
    expect(res.json().currentOwner.name).toBe(maker.user.displayName);
    const incoming = (await api(t, enthusiast.cookie).get('/api/registry/transfers')).json().incoming;
    const offer = incoming.find((o: { instrument: { id: string } }) => o.instrument.id === res.json().id);
    expect(offer).toMatchObject({ status: 'pending', method: 'commission' });
    expect(
      (await api(t, enthusiast.cookie).post(`/api/registry/transfers/${offer.id}/accept`)).statusCode,
    ).toBe(200);
    const after = (await api(t, enthusiast.cookie).get(`/api/registry/instruments/${res.json().id}`)).json();
    expect(after.currentOwner.name).toBe('Olive Owner');

    const unknown = await api(t, maker.cookie).post('/api/registry/instruments', {
      ...base,
      firstOwner: 'no-such-handle',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields.firstOwner).toBeTruthy();
  });

  it('answers the same whether or not a first owner’s email has an account', async () => {
    const answer = async (email: string) => {
      const r = await api(t, maker.cookie).post('/api/registry/instruments', { ...base, firstOwner: email });
      const { id: _i, passportCode: _p, events, ownershipHistory, images: _im, ...rest } = r.json();
      return {
        status: r.statusCode,
        rest,
        events: events.map((e: { type: string }) => e.type),
        owners: ownershipHistory.map((o: { ownerName: string; startDate: string }) => o.ownerName),
      };
    };
    const withAccount = await answer(stranger.user.email);
    const without = await answer('nobody-yet@example.test');
    expect(withAccount.status).toBe(201);
    expect(withAccount).toEqual(without);
    expect(withAccount.events).toEqual(['created', 'transfer_offered']);
    expect(withAccount.owners).toEqual([maker.user.displayName]);
  });
});

describe('edit', () => {
  it('only the maker edits, and every change is logged with old and new values', async () => {
    const inst = await instrumentOf(t, maker.shop.id, { name: 'Old Name', estimatedValue: 1000 });
    const url = `/api/registry/instruments/${inst.id}`;
    expect((await api(t, stranger.cookie).patch(url, { name: 'X' })).statusCode).toBe(403);
    expect((await api(t, otherLuthier.cookie).patch(url, { name: 'X' })).statusCode).toBe(403);
    expect((await api(t, null).patch(url, { name: 'X' })).statusCode).toBe(401);
    expect(
      (await api(t, maker.cookie).patch('/api/registry/instruments/not-a-uuid', { name: 'X' })).statusCode,
    ).toBe(404);
    const res = await api(t, maker.cookie).patch(url, {
      name: 'New Name',
      estimatedValue: 1500,
      estimatedValueCurrency: 'USD',
      neckWood: 'Cedar',
    });
    expect(res.statusCode).toBe(200);
    const edited = res.json().events.find((e: { type: string }) => e.type === 'edited');
    expect(edited.data.changes).toEqual([
      { field: 'name', from: 'Old Name', to: 'New Name' },
      { field: 'neckWood', from: null, to: 'Cedar' },
      { field: 'estimatedValue', from: 1000, to: 1500 },
    ]);
    // An empty merge patch is accepted and changes nothing: no second edit event.
    const empty = await api(t, maker.cookie).patch(url, {});
    expect(empty.statusCode).toBe(200);
    expect(empty.json().events.filter((e: { type: string }) => e.type === 'edited')).toHaveLength(1);
  });
});

describe('service records', () => {
  it('owner and maker record approved; another luthier waits for the owner; others 403', async () => {
    const inst = await instrumentOf(t, maker.shop.id, {
      history: [
        {
          userId: enthusiast.user.id,
          ownerName: 'Olive Owner',
          startDate: '2024-01-01',
          acquisitionMethod: 'purchase',
          purchasePrice: 4000,
        },
      ],
    });
    const url = `/api/registry/instruments/${inst.id}/service-records`;
    const record = {
      serviceType: 'setup',
      description: 'Setup',
      serviceDate: '2025-01-10',
      cost: 90,
      costCurrency: 'USD',
    };
    expect((await api(t, stranger.cookie).post(url, record)).statusCode).toBe(403);
    expect((await api(t, null).post(url, record)).statusCode).toBe(401);
    expect((await api(t, maker.cookie).post(url, record)).json().status).toBe('approved');
    expect((await api(t, enthusiast.cookie).post(url, { ...record, servicerName: 'Me' })).json().status).toBe(
      'approved',
    );
    const pending = await api(t, otherLuthier.cookie).post(url, { ...record, serviceType: 'repair' });
    expect(pending.statusCode).toBe(201);
    expect(pending.json()).toMatchObject({
      status: 'pending',
      servicerName: 'Repair Shop',
      recordedBy: 'Repair Shop',
    });
    const publicView = (await api(t, stranger.cookie).get(`/api/registry/instruments/${inst.id}`)).json();
    expect(publicView.serviceRecords).toHaveLength(2);
    const ownerView = (await api(t, enthusiast.cookie).get(`/api/registry/instruments/${inst.id}`)).json();
    expect(ownerView.serviceRecords).toHaveLength(3);
    const approve = `${url}/${pending.json().id}/approve`;
    expect((await api(t, otherLuthier.cookie).post(approve)).statusCode).toBe(403);
    expect((await api(t, enthusiast.cookie).post(approve)).statusCode).toBe(200);
    expect((await api(t, enthusiast.cookie).post(approve)).statusCode).toBe(409);
    expect(
      (await api(t, stranger.cookie).get(`/api/registry/instruments/${inst.id}`)).json().serviceRecords,
    ).toHaveLength(3);
  });
});

describe('privacy', () => {
  it('purchase prices and emails reach only that owner and admins; private owners are hidden', async () => {
    const inst = await instrumentOf(t, maker.shop.id, {
      history: [
        {
          userId: enthusiast.user.id,
          ownerName: 'Olive Owner',
          location: 'Lyon, France',
          startDate: '2024-01-01',
          acquisitionMethod: 'purchase',
          purchasePrice: 4000,
        },
      ],
    });
    const url = `/api/registry/instruments/${inst.id}`;
    // Never chose: private. Choosing to be named is what names them.
    expect((await api(t, enthusiast.cookie).get('/api/registry/privacy')).json()).toEqual({
      ownerPrivacy: true,
      chosen: false,
    });
    expect((await api(t, stranger.cookie).get(url)).json().currentOwner.name).toBe('Private owner');
    expect(
      (await api(t, enthusiast.cookie).put('/api/registry/privacy', { ownerPrivacy: false })).json(),
    ).toEqual({ ownerPrivacy: false, chosen: true });
    const other = (await api(t, stranger.cookie).get(url)).json();
    expect(other.ownershipHistory[0]).not.toHaveProperty('purchasePrice');
    expect(other.ownershipHistory[0]).not.toHaveProperty('ownerEmail');
    // A public owner's name links to their profile; the maker's contact name to the shop owner's.
    expect(other.currentOwner).toEqual({
      name: 'Olive Owner',
      handle: 'olive-owner',
      location: 'Lyon, France',
    });
    expect(other.ownershipHistory[0].ownerHandle).toBe('olive-owner');
    expect(other.luthier).toMatchObject({ slug: maker.shop.slug, ownerHandle: maker.user.handle });
    expect(JSON.stringify(other)).not.toContain(enthusiast.user.email);
    const own = (await api(t, enthusiast.cookie).get(url)).json();
    expect(own.ownershipHistory[0]).toMatchObject({
      purchasePrice: '4000.00',
      ownerEmail: enthusiast.user.email,
    });
    const admin = await signedInUser(t, { role: 'admin' });
    expect((await api(t, admin.cookie).get(url)).json().ownershipHistory[0].purchasePrice).toBe('4000.00');

    expect(
      (await api(t, enthusiast.cookie).put('/api/registry/privacy', { ownerPrivacy: true })).statusCode,
    ).toBe(200);
    expect((await api(t, enthusiast.cookie).get('/api/registry/privacy')).json()).toEqual({
      ownerPrivacy: true,
      chosen: true,
    });
    const hidden = (await api(t, stranger.cookie).get(url)).json();
    expect(hidden.currentOwner).toEqual({ name: 'Private owner', handle: null, location: null });
    expect(hidden.ownershipHistory[0]).toMatchObject({ ownerName: 'Private owner', ownerHandle: null });
    expect(JSON.stringify(hidden)).not.toContain('Olive');
    expect(JSON.stringify(hidden)).not.toContain('olive-owner');
    // A guest reads the same passport no better.
    expect(JSON.stringify((await api(t, null).get(url)).json())).not.toContain('olive-owner');
    // The owner and admins still see the name, but a private owner's name is never a link, not even for them.
    const ownPrivate = (await api(t, enthusiast.cookie).get(url)).json();
    expect(ownPrivate.currentOwner).toMatchObject({ name: 'Olive Owner', handle: null });
    expect(ownPrivate.ownershipHistory[0].ownerHandle).toBeNull();
    const adminPrivate = (await api(t, admin.cookie).get(url)).json();
    expect(adminPrivate.currentOwner).toMatchObject({ name: 'Olive Owner', handle: null });
    await api(t, enthusiast.cookie).put('/api/registry/privacy', { ownerPrivacy: false });
  });
});

describe('stolen and recovered', () => {
  it('only the owner reports, with date and place, and a stolen instrument cannot be offered', async () => {
    const inst = await instrumentOf(t, maker.shop.id, { yearMade: 2020 });
    const url = `/api/registry/instruments/${inst.id}`;
    const report = { date: '2024-03-02', place: 'Lyon, France', policeReference: 'PR-555' };
    expect((await api(t, stranger.cookie).post(`${url}/report-stolen`, report)).statusCode).toBe(403);
    const bare = await api(t, maker.cookie).post(`${url}/report-stolen`, {});
    expect(bare.statusCode).toBe(400);
    expect(Object.keys(bare.json().fields)).toEqual(expect.arrayContaining(['date', 'place']));
    const future = await api(t, maker.cookie).post(`${url}/report-stolen`, { ...report, date: '2999-01-01' });
    expect(future.json().fields.date).toMatch(/future/);
    const early = await api(t, maker.cookie).post(`${url}/report-stolen`, { ...report, date: '2019-12-31' });
    expect(early.json().fields.date).toMatch(/before the instrument was made/);
    expect((await api(t, maker.cookie).post(`${url}/report-stolen`, report)).statusCode).toBe(200);
    const stolen = (await api(t, maker.cookie).get(url)).json();
    expect(stolen).toMatchObject({
      status: 'stolen',
      stolen: { date: '2024-03-02', place: 'Lyon, France', policeReference: 'PR-555' },
    });
    const seen = (await api(t, stranger.cookie).get(url)).json();
    expect(seen.stolen).toEqual({ date: '2024-03-02', place: 'Lyon, France' });
    expect(JSON.stringify(seen)).not.toContain('PR-555');
    const offer = await api(t, maker.cookie).post(`${url}/transfers`, {
      recipient: '@olive-owner',
      method: 'gift',
    });
    expect(offer.statusCode).toBe(409);
    expect(offer.json().error).toMatch(/reported stolen/);
    await api(t, maker.cookie).post(`${url}/recovered`);
    const body = (await api(t, maker.cookie).get(url)).json();
    expect(body).toMatchObject({ status: 'active', stolen: null });
    expect(body.events.map((e: { type: string }) => e.type)).toEqual([
      'created',
      'reported_stolen',
      'recovered',
    ]);
    expect(body.events[1].data).toEqual({ date: '2024-03-02', place: 'Lyon, France' });
  });
});

describe('my registry', () => {
  it('lists what I own and what my shop registered', async () => {
    const mine = (await api(t, maker.cookie).get('/api/registry/me')).json();
    expect(mine.shop).toMatchObject({ name: 'Maker Bench', published: true });
    expect(mine.registered.length).toBeGreaterThan(3);
    const fan = (await api(t, enthusiast.cookie).get('/api/registry/me')).json();
    expect(fan.shop).toBeNull();
    expect(fan.owned.length).toBeGreaterThanOrEqual(1);
    expect((await api(t, null).get('/api/registry/me')).statusCode).toBe(401);
  });
});
