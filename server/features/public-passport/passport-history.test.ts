// The public history in plain words, corrections (told to the owner, found by the old serial at /check), codes
// typed loosely, and "I have information" about a stolen instrument.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instrumentEvents, logLeaves, notifications, users } from '../../db/schema';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { api, instrumentOf, luthierWithShop } from '../registry/registry-test-kit';

let t: TestApp;
let maker: Awaited<ReturnType<typeof luthierWithShop>>;
let owner: Awaited<ReturnType<typeof signedInUser>>;
let id: string;
let code: string;

beforeAll(async () => {
  t = await createTestApp();
  maker = await luthierWithShop(t, 'Teal Violins');
  owner = await signedInUser(t, { displayName: 'Quiet Quentin', handle: 'quiet-quentin' });
  const inst = await instrumentOf(t, maker.shop.id, {
    name: 'Teal Concert Violin',
    instrumentType: 'violin',
    category: 'classical',
    serialNumber: 'TV-2026-014',
    yearMade: 2020,
    verified: true,
    images: [{ staticUrl: '/instruments/violin-maple.svg', caption: 'Front' }],
    history: [
      {
        userId: maker.user.id,
        ownerName: maker.user.displayName,
        startDate: '2020-03-01',
        endDate: '2022-05-10',
      },
      {
        userId: owner.user.id,
        ownerName: 'Quiet Quentin',
        startDate: '2022-05-10',
        acquisitionMethod: 'purchase',
        purchasePrice: 7777,
      },
    ],
  });
  id = inst.id;
  code = inst.passportCode;
}, 60_000);
afterAll(async () => t.close());

const history = async () =>
  (await api(t, null).get(`/api/public/passports/${code}`)).json().history as {
    date: string;
    type: string;
    text: string;
  }[];

describe('the public history', () => {
  it('shows every seeded fact as a dated event in plain words, each one in the log', async () => {
    const today = new Date().toISOString().slice(0, 10);
    expect(await history()).toEqual([
      {
        date: '2022-05-10',
        type: 'transfer_accepted',
        text: 'Changed hands by purchase: a new owner accepted it',
      },
      { date: today, type: 'created', text: 'Passport registered by the maker' },
      { date: today, type: 'photo_added', text: 'Photo added' },
      { date: today, type: 'verified', text: 'Verified by a registry administrator' },
    ]);
    const events = await t.db.select().from(instrumentEvents).where(eq(instrumentEvents.instrumentId, id));
    const leaves = await t.db.select().from(logLeaves).where(eq(logLeaves.instrumentId, id));
    expect(leaves.map((l) => l.eventId).sort()).toEqual(events.map((e) => e.id).sort());
    const page = JSON.stringify(await history());
    expect(page).not.toContain('7777');
    expect(page).not.toContain('Quentin');
  });

  it('says a correction with the old and new serial and the reason, and tells the owner', async () => {
    const res = await api(t, maker.cookie).patch(`/api/registry/instruments/${id}`, {
      serialNumber: 'TV-2026-015',
      reason: 'the label was misprinted',
    });
    expect(res.statusCode).toBe(200);
    const corrected = (await history()).filter((h) => h.type === 'corrected');
    expect(corrected.map((h) => h.text)).toEqual([
      'Serial corrected from TV-2026-014 to TV-2026-015 by the maker: the label was misprinted',
    ]);
    // The badge came off: the history says so too.
    expect((await history()).at(-1)?.text).toBe('Verification removed: serial number changed');
    const inbox = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.user.id), eq(notifications.kind, 'passport_corrected')));
    expect(inbox.map((n) => [n.title, n.body])).toEqual([
      [
        'The maker corrected the passport of Teal Concert Violin',
        "Serial corrected from TV-2026-014 to TV-2026-015 by the maker: the label was misprinted. The passport's public history shows the correction with the value it replaced.",
      ],
    ]);
  });

  it('finds the passport at /check by the serial it no longer carries, and says it was corrected', async () => {
    const res = (await api(t, null).get('/api/public/check?q=tv-2026-014')).json();
    expect(res).toMatchObject({
      result: 'found',
      passport: { passportCode: code, name: 'Teal Concert Violin' },
      serialChanged: { from: 'TV-2026-014', to: 'TV-2026-015', corrected: true },
    });
    const now = (await api(t, null).get('/api/public/check?q=TV-2026-015')).json();
    expect(now).toMatchObject({ result: 'found', serialChanged: null });
  });

  it('accepts a passport code typed in lower case, without dashes or with spaces', async () => {
    const bare = code.replaceAll('-', '');
    for (const q of [bare.toLowerCase(), code.toLowerCase(), code.replaceAll('-', ' ')]) {
      const res = (await api(t, null).get(`/api/public/check?q=${encodeURIComponent(q)}`)).json();
      expect([q, res.result, res.passport?.passportCode]).toEqual([q, 'found', code]);
    }
  });
});

describe('I have information', () => {
  it('refuses a code that is not a stolen instrument, and a message too short to help', async () => {
    const notStolen = await api(t, null).post('/api/public/check/sightings', {
      code,
      message: 'I saw this violin at a flea market.',
    });
    expect([notStolen.statusCode, notStolen.json().error]).toEqual([
      404,
      'No instrument reported stolen has that passport code.',
    ]);
    const short = await api(t, null).post('/api/public/check/sightings', { code, message: 'hi' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.message).toMatch(/at least 10/);
  });

  it('relays the message and the contact to the owner only, and never names the owner to the sender', async () => {
    const reported = await api(t, owner.cookie).post(`/api/registry/instruments/${id}/report-stolen`, {
      date: '2026-10-01',
      place: 'Leipzig',
    });
    expect(reported.statusCode).toBe(200);
    const check = (await api(t, null).get(`/api/public/check?q=${code.replaceAll('-', '')}`)).json();
    expect(check).toMatchObject({
      result: 'stolen',
      instrument: {
        passportCode: code,
        name: 'Teal Concert Violin',
        photoUrl: '/instruments/violin-maple.svg',
      },
    });
    const res = await api(t, null).post('/api/public/check/sightings', {
      code: code.toLowerCase(),
      message: 'A violin with this label is for sale at the Sunday market on Karl-Heine-Straße.',
      contact: 'call 0341 555 0100',
    });
    expect(res.json()).toEqual({ ok: true });
    expect(res.body).not.toContain('Quentin');
    const [note] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.user.id), eq(notifications.kind, 'stolen_sighting')));
    expect(note?.title).toBe('Information about your stolen Teal Concert Violin');
    expect(note?.body).toContain('for sale at the Sunday market on Karl-Heine-Straße.');
    expect(note?.body).toContain('They left a way to reach them: call 0341 555 0100');
    expect(note?.link).toBe(`/instruments/${id}`);
    const [me] = await t.db.select().from(users).where(eq(users.id, owner.user.id));
    expect(res.body).not.toContain(me!.email);
  });

  // What a sighting costs, and whom: sighting-budget.test.ts.
});
