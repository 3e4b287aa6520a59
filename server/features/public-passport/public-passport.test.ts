import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PassportLogBundle } from '../../../contract/log';
import { verifyPassportLog } from '../../../contract/log/verify-passport';
import { createShop, createUser } from '../../db/builders/accounts';
import { addServiceRecord, createInstrument } from '../../db/builders/registry';
import { instrumentEvents, notifications, users } from '../../db/schema';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { api, instrumentOf, luthierWithShop } from '../registry/registry-test-kit';
import { ALERTS_PER_OWNER_PER_HOUR } from './public-passport.routes';

let t: TestApp;
let code: string;
let instrumentId: string;
let ownerCookie: string;
let ownerId: string;
let maker: Awaited<ReturnType<typeof luthierWithShop>>;

beforeAll(async () => {
  t = await createTestApp();
  maker = await luthierWithShop(t, 'Cedar & Sons');
  const owner = await signedInUser(t, {
    displayName: 'Hidden Harriet',
    handle: 'hidden-harriet',
    location: 'Berlin, Germany',
  });
  await t.db.update(users).set({ ownerPrivacy: true }).where(eq(users.id, owner.user.id));
  // The maker chose to be named; an owner recorded without an account never could, so stays unnamed.
  await t.db.update(users).set({ ownerPrivacy: false }).where(eq(users.id, maker.user.id));
  ownerCookie = owner.cookie;
  ownerId = owner.user.id;
  const inst = await instrumentOf(t, maker.shop.id, {
    name: 'Open Road Dreadnought',
    serialNumber: 'ORD-5531',
    bodyWood: 'Sitka spruce',
    images: [{ staticUrl: '/instruments/guitar-cedar.svg', caption: 'Front' }],
    history: [
      {
        userId: maker.user.id,
        ownerName: maker.user.displayName,
        location: 'Cremona, Italy',
        startDate: '2019-03-01',
        endDate: '2021-06-01',
      },
      {
        ownerName: 'Paul Public',
        location: 'Lyon, France',
        startDate: '2021-06-01',
        endDate: '2023-02-01',
        purchasePrice: 4321,
      },
      {
        userId: owner.user.id,
        ownerName: 'Hidden Harriet',
        location: 'Berlin, Germany',
        startDate: '2023-02-01',
        purchasePrice: 98765,
      },
    ],
  });
  code = inst.passportCode;
  instrumentId = inst.id;
  const service = {
    serviceType: 'setup' as const,
    serviceDate: '2024-01-10',
    cost: 55555,
    notes: 'secret note',
  };
  await addServiceRecord(t.db, inst.id, {
    ...service,
    servicerName: 'Fret Fixers',
    description: 'Full setup',
  });
  await addServiceRecord(t.db, inst.id, {
    ...service,
    servicerName: 'Pending Pete',
    description: 'Pending job',
    status: 'pending',
  });
  await addServiceRecord(t.db, inst.id, {
    ...service,
    servicerName: 'Rejected Ray',
    description: 'Rejected job',
    status: 'rejected',
  });
});
afterAll(() => t.close());

describe('GET /api/public/passports/:code', () => {
  it('shows the public view to a guest, case-insensitively, with shared caching', async () => {
    const res = await api(t, null).get(`/api/public/passports/${code.toLowerCase()}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^public/);
    expect(res.headers.etag).toBeTruthy();
    const p = res.json();
    expect(p).toMatchObject({ passportCode: code, name: 'Open Road Dreadnought', serialNumber: 'ORD-5531' });
    expect(p.maker).toMatchObject({ shopName: 'Cedar & Sons' });
    expect(p.build.bodyWood).toBe('Sitka spruce');
    expect(p.photos[0]).toMatchObject({ url: '/instruments/guitar-cedar.svg', isPrimary: true });
    expect(p.provenance.map((o: { label: string }) => o.label)).toEqual([
      expect.stringMatching(/^Owner 1 · Maker \d+ · Italy · 2019–2021$/),
      'Owner 2 · France · 2021–2023',
      'Owner 3 · Germany · 2023–present',
    ]);
    // A public owner links to their profile; an owner without an account or a private one is neither named nor linked.
    expect(p.provenance.map((o: { handle: string | null }) => o.handle)).toEqual([
      maker.user.handle,
      null,
      null,
    ]);
    expect(p.services).toEqual([
      {
        serviceType: 'setup',
        serviceDate: '2024-01-10',
        servicer: 'Fret Fixers (reported by the owner)',
        description: 'Full setup',
        claim: 'none',
      },
    ]);
    const events = await t.db
      .select()
      .from(instrumentEvents)
      .where(eq(instrumentEvents.instrumentId, instrumentId));
    expect(events.length).toBeGreaterThan(0);
    expect(p.eventsCount).toBe(events.length);
    const again = await api(t, null).get(`/api/public/passports/${code}`);
    const cached = await t.app.inject({
      url: `/api/public/passports/${code}`,
      headers: { 'if-none-match': String(again.headers.etag) },
    });
    expect(cached.statusCode).toBe(304);
  });

  it('never contains costs, prices, notes, emails or a private owner’s name', async () => {
    const body = (await api(t, ownerCookie).get(`/api/public/passports/${code}`)).body;
    for (const secret of [
      '55555',
      '98765',
      '4321',
      'secret note',
      'Hidden Harriet',
      'hidden-harriet',
      '@',
      'Pending',
      'Rejected',
    ])
      expect(body).not.toContain(secret);
  });

  it('answers 404 for an unknown or malformed code', async () => {
    expect((await api(t, null).get('/api/public/passports/LR-NOPE-NOPE')).statusCode).toBe(404);
    expect((await api(t, null).get('/api/public/passports/%3Cscript%3E')).statusCode).toBe(404);
  });
});

describe('registry search', () => {
  it('finds a passport by its whole code and by its serial number', async () => {
    for (const q of [code, code.toLowerCase(), 'ord-5531']) {
      const items = (await api(t, null).get(`/api/registry/instruments?search=${q}`)).json<
        { passportCode: string }[]
      >();
      expect(items.map((i) => i.passportCode)).toEqual([code]);
    }
  });

  it('gives a guest holding a member link the public passport code', async () => {
    const res = await api(t, null).get(`/api/public/instruments/${instrumentId}`);
    expect(res.json()).toEqual({ passportCode: code });
    expect((await api(t, null).get('/api/public/instruments/not-a-uuid')).statusCode).toBe(404);
  });
});

describe('the page head, Open Graph image and QR label', () => {
  it('draws a 1200×630 PNG preview from the primary drawing', async () => {
    const res = await t.app.inject({ url: `/p/${code}/og.png` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const sharp = (await import('sharp')).default;
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: 1200, height: 630, format: 'png' });
  });

  it('gives search engines an IndividualProduct with the serial number', async () => {
    const head = await t.app.headFor(`/p/${code}`);
    expect(head?.image).toBe(`/p/${code}/og.png`);
    expect(head?.jsonLd?.[0]).toMatchObject({ '@type': 'IndividualProduct', serialNumber: 'ORD-5531' });
  });

  it('prints a label whose QR code decodes to the public page', async () => {
    const svg = await t.app.inject({ url: `/p/${code}/label.svg` });
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.body).toContain(code);
    const png = await t.app.inject({ url: `/p/${code}/label.png` });
    expect(png.statusCode).toBe(200);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'label-')), 'label.png');
    fs.writeFileSync(file, png.rawPayload);
    const decoded = execFileSync('zbarimg', ['--quiet', '--raw', file], { encoding: 'utf8' }).trim();
    expect(decoded).toBe(`${t.env.publicUrl}/p/${code}`);
  }, 60_000);
});

describe('the provenance dossier', () => {
  it('carries the passport, its log entries and an attached log that verifies offline', async () => {
    const res = await t.app.inject({ url: `/p/${code}/dossier.pdf` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dossier-'));
    const file = path.join(dir, 'dossier.pdf');
    fs.writeFileSync(file, res.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain(code);
    expect(text).toContain('Owner 3 · Germany · 2023–present');
    expect(text).toMatch(/Entry \d+ · leaf hash [0-9a-f]{64}/);
    for (const secret of ['55555', '98765', 'Hidden Harriet', 'secret note'])
      expect(text).not.toContain(secret);
    execFileSync('pdfdetach', ['-saveall', '-o', dir, file]);
    const bundle = JSON.parse(
      fs.readFileSync(path.join(dir, 'passport-log.json'), 'utf8'),
    ) as PassportLogBundle;
    const result = await verifyPassportLog({ ...bundle, passport: code });
    expect(result).toMatchObject({ ok: true, passport: code });
    expect(result.ok && result.events).toBe(bundle.entries.length);
  }, 60_000);
});

describe('GET /api/public/check', () => {
  it('finds a passport by code and by serial number, and says when nothing matches', async () => {
    const byCode = (await api(t, null).get(`/api/public/check?q=${code.toLowerCase()}`)).json();
    expect(byCode).toMatchObject({
      result: 'found',
      passport: { passportCode: code, makerShopName: 'Cedar & Sons', makerShopHandle: maker.shop.slug },
    });
    const bySerial = (await api(t, null).get('/api/public/check?q=ord-5531')).json();
    expect(bySerial).toMatchObject({ result: 'found', passport: { passportCode: code } });
    expect((await api(t, null).get('/api/public/check?q=ORD-55')).json()).toEqual({ result: 'not_found' });
    expect((await api(t, null).get('/api/public/check?q=')).statusCode).toBe(400);
  });

  it('says "stolen" with the date and the instrument, no owner, and tells the owner each time', async () => {
    expect(
      (
        await api(t, ownerCookie).post(`/api/registry/instruments/${instrumentId}/report-stolen`, {
          date: '2026-11-01',
          place: 'Kreuzberg, Berlin',
          policeReference: 'POL-777123',
        })
      ).statusCode,
    ).toBe(200);
    const res = await api(t, null).get('/api/public/check?q=ORD-5531');
    // The instrument is named, so a buyer can recognise it; nothing about its owner is said.
    expect(res.json()).toEqual({
      result: 'stolen',
      reportedOn: new Date().toISOString().slice(0, 10),
      instrument: {
        passportCode: code,
        name: 'Open Road Dreadnought',
        instrumentType: 'guitar',
        yearMade: 2020,
        photoUrl: '/instruments/guitar-cedar.svg',
      },
      serialChanged: null,
    });
    expect(res.body).not.toContain('Harriet');
    const inbox = await t.db.select().from(notifications).where(eq(notifications.userId, ownerId));
    const checks = inbox.filter((n) => n.kind === 'stolen_check');
    expect(checks).toHaveLength(1);
    // Every check is told: a second one is a second notice.
    await api(t, null).get('/api/public/check?q=ORD-5531');
    const again = await t.db.select().from(notifications).where(eq(notifications.userId, ownerId));
    expect(again.filter((n) => n.kind === 'stolen_check')).toHaveLength(2);
    expect(checks[0]!.body).toMatch(/UTC\.$/);
    expect(checks[0]!.body).not.toMatch(/\d+\.\d+\.\d+\.\d+|127\.0/);
    const page = (await api(t, null).get(`/api/public/passports/${code}`)).json();
    expect(page.status).toBe('stolen');
    expect(page.stolen).toEqual({
      reportedOn: new Date().toISOString().slice(0, 10),
      date: '2026-11-01',
      place: 'Kreuzberg, Berlin',
    });
    expect(JSON.stringify(page)).not.toContain('POL-777123');
    expect(res.body).not.toContain('Kreuzberg');
  });
});

describe('check rate limit', () => {
  it('answers 429 with Retry-After after 30 checks a minute from one address', async () => {
    const strict = await createTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++)
        statuses.push((await strict.app.inject({ url: '/api/public/check?q=LR-AAAA-AAAA' })).statusCode);
      expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
      const last = await strict.app.inject({ url: '/api/public/check?q=LR-AAAA-AAAA' });
      expect(last.statusCode).toBe(429);
      expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await strict.close();
    }
  }, 120_000);

  it('tells a stolen instrument’s owner of 20 checks an hour at most, however many addresses check', async () => {
    const strict = await createTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
    try {
      const owner = await createUser(strict.db, { handle: 'alerted-owner' });
      const maker = await createUser(strict.db, { handle: 'alert-maker', role: 'luthier' });
      const shop = await createShop(strict.db, maker.id, { name: 'Alert Shop' });
      await createInstrument(strict.db, {
        makerShopId: shop.id,
        name: 'Alerted Guitar',
        serialNumber: 'ALERT-0001',
        status: 'stolen',
        history: [{ userId: owner.id, ownerName: 'Owner', startDate: '2024-01-01' }],
      });
      for (let i = 0; i < ALERTS_PER_OWNER_PER_HOUR + 5; i++) {
        const res = await strict.app.inject({
          url: '/api/public/check?q=ALERT-0001',
          remoteAddress: `10.1.0.${i + 1}`,
        });
        // The checker's answer never changes with the cap.
        expect(res.json()).toMatchObject({ result: 'stolen' });
      }
      const inbox = await strict.db.select().from(notifications).where(eq(notifications.userId, owner.id));
      expect(inbox.filter((n) => n.kind === 'stolen_check')).toHaveLength(ALERTS_PER_OWNER_PER_HOUR);
    } finally {
      await strict.close();
    }
  }, 120_000);
});
