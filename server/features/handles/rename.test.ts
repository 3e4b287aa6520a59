import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANDLE_SKELETON_SQL, handleSkeleton, RENAME_HOLD_DAYS } from '../../../contract/handles';
import { createShop, createUser } from '../../db/builders/accounts';
import { handleHolds, notifications, shops, users } from '../../db/schema';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';

// Handles protect people (docs/decisions/004): look-alike handles are taken, suggestions never dress up someone else's name, and a renamed
// handle is held for its owner for 180 days while its old addresses redirect (301) to the new one.

let t: TestApp;
let clientDir: string;
beforeAll(async () => {
  // A stand-in build, so the page addresses (/u/…, /l/…) are served as they are in production.
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-'));
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html><head></head><body></body></html>',
  );
  t = await createTestApp({ clientDir });
  const maker = await createUser(t.db, { role: 'luthier', handle: 'mara-wood', displayName: 'Mara Wood' });
  await createShop(t.db, maker.id, { name: 'Mara Wood Guitars' });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const check = (slug: string, cookie?: string) =>
  t.app.inject({
    url: `/api/slug/check?kind=user&slug=${encodeURIComponent(slug)}`,
    headers: cookie ? { cookie } : {},
  });
const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
const rename = (handle: string, cookie?: string) => post('/api/account/handle', { handle }, cookie);
const get = (url: string) => t.app.inject({ url });

describe('handle skeletons', () => {
  it.each([
    ['mara-wood', 'marawood'],
    ['rnara-wood', 'marawood'],
    ['adm1n', 'admln'],
    ['admin', 'admln'],
    ['0fficial', 'offldal'],
    ['vvood-clan', 'wooddan'],
  ])('%s reads as %s', (handle, skeleton) => expect(handleSkeleton(handle)).toBe(skeleton));

  it('the database computes the same skeleton as the code', async () => {
    const samples = ['mara-wood', 'rn-rn', 'c1-cl-0i', 'vvv-ii', 'abc-123', 'cl-rnvv', 'x0x1xix'];
    const values = sql.join(
      samples.map((s) => sql`(${s})`),
      sql`, `,
    );
    const result = (await t.db.execute(
      sql`select h, ${sql.raw(HANDLE_SKELETON_SQL('h'))} as s from (values ${values}) as v(h)`,
    )) as { rows: { h: string; s: string }[] };
    expect(result.rows.map((r) => r.h)).toEqual(samples);
    for (const row of result.rows) expect(row.s).toBe(handleSkeleton(row.h));
  });
});

describe('look-alike handles are taken', () => {
  it("another account's handle, a reserved word and the product's name, in any look-alike spelling", async () => {
    for (const alike of [
      'rnara-wood',
      'marawood',
      'mara-vvood',
      'ma-ra-wood',
      'adm1n',
      '0fficial',
      'luthier-reg1stry',
    ])
      expect((await check(alike)).json(), alike).toMatchObject({ ok: false, reason: 'taken' });
    const person = await signedInUser(t);
    for (const alike of ['rnara-wood', 'adm1n'])
      expect((await post('/api/slug/claim', { kind: 'user', slug: alike }, person.cookie)).statusCode).toBe(
        409,
      );
    expect(
      (await post('/api/slug/reserve', { kind: 'user', slug: 'marawood' }, person.cookie)).statusCode,
    ).toBe(409);
    // The owner's own look-alike is not taken from them.
    const [mara] = await t.db.select().from(users).where(eq(users.handle, 'mara-wood'));
    expect(mara).toBeDefined();
    expect((await check('a-fresh-handle')).json().ok).toBe(true);
  });

  it("suggestions for someone else's handle are built from the person's own name, never from the other's", async () => {
    const person = await signedInUser(t, { displayName: 'Ola Nordmann', location: 'Bergen, Norway' });
    const body = (await check('mara-wood', person.cookie)).json<{ suggestions: string[] }>();
    expect(body.suggestions.length).toBeGreaterThan(0);
    for (const s of body.suggestions) {
      expect(handleSkeleton(s)).not.toContain('marawood');
      expect(s.startsWith('ola-nordmann') || s.startsWith('olanordmann')).toBe(true);
    }
    // A guest has no name of their own: nothing is built from the taken one either.
    const guest = (await check('mara-wood')).json<{ suggestions: string[] }>();
    for (const s of guest.suggestions) expect(handleSkeleton(s)).not.toContain('marawood');
    // A free handle still gets variants of itself.
    const free = (await check('lisa-strings', person.cookie)).json<{ suggestions: string[] }>();
    expect(free.suggestions.some((s) => s.startsWith('lisa-strings-'))).toBe(true);
  });
});

describe('POST /api/account/handle', () => {
  it('renames; the old handle is held for the owner 180 days and its addresses redirect with 301', async () => {
    const person = await signedInUser(t, { handle: 'first-handle', displayName: 'Rune Berg' });
    const res = await rename('Second Handle', person.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ handle: string; previousHandle: string; heldUntil: string }>();
    expect(body).toMatchObject({ handle: 'second-handle', previousHandle: 'first-handle' });
    const days = (Date.parse(body.heldUntil) - Date.now()) / (24 * 60 * 60 * 1000);
    expect(days).toBeGreaterThan(RENAME_HOLD_DAYS - 1);
    expect(days).toBeLessThanOrEqual(RENAME_HOLD_DAYS);

    const page = await get('/u/first-handle?tab=about');
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe('/u/second-handle?tab=about');
    const api = await get('/api/profile/u/first-handle');
    expect(api.statusCode).toBe(301);
    expect(api.headers.location).toBe('/api/profile/u/second-handle');
    expect((await get('/api/profile/u/second-handle')).json()).toMatchObject({ displayName: 'Rune Berg' });
    expect((await get('/u/second-handle')).statusCode).toBe(200);

    // Held: nobody else may take it, or anything that reads like it.
    const other = await signedInUser(t, { handle: 'other-person' });
    expect((await check('first-handle', other.cookie)).json()).toMatchObject({ ok: false, reason: 'taken' });
    expect((await post('/api/slug/claim', { slug: 'first-handle' }, other.cookie)).statusCode).toBe(409);
    expect((await rename('flrst-handle', other.cookie)).statusCode).toBe(409);

    // The owner may take it back: the hold ends and the other one is held instead.
    expect((await rename('first-handle', person.cookie)).statusCode).toBe(200);
    expect((await get('/api/profile/u/first-handle')).statusCode).toBe(200);
    expect((await get('/u/second-handle')).headers.location).toBe('/u/first-handle');
    const holds = await t.db.select().from(handleHolds).where(eq(handleHolds.userId, person.user.id));
    expect(holds.map((h) => [h.handle, h.kind])).toEqual([['second-handle', 'renamed']]);
  });

  it('a shop moves with its owner: /l/{old} redirects; a verified shop loses its badge and the admins are told', async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const luthier = await signedInUser(t, {
      role: 'luthier',
      handle: 'oak-and-pine',
      displayName: 'Ida Oak',
    });
    const shop = await createShop(t.db, luthier.user.id, { name: 'Oak & Pine' });
    await t.db
      .update(shops)
      .set({ verified: true, verifiedAt: new Date(), verificationNote: 'Visited the workshop.' })
      .where(eq(shops.id, shop.id));

    expect((await rename('oak-pine-workshop', luthier.cookie)).statusCode).toBe(200);
    const page = await get('/l/oak-and-pine');
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe('/l/oak-pine-workshop');
    expect((await get('/api/profile/l/oak-and-pine')).headers.location).toBe(
      '/api/profile/l/oak-pine-workshop',
    );
    expect((await get('/api/profile/l/oak-pine-workshop')).json()).toMatchObject({ name: 'Oak & Pine' });

    const [after] = await t.db.select().from(shops).where(eq(shops.id, shop.id));
    expect(after).toMatchObject({
      slug: 'oak-pine-workshop',
      verified: false,
      verifiedAt: null,
      verificationNote: null,
      recheckReason: 'Verification removed: handle changed (from /l/oak-and-pine to /l/oak-pine-workshop).',
    });
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, admin.id));
    expect(told).toEqual([
      expect.objectContaining({
        kind: 'verification_removed',
        title: 'Oak & Pine needs a new check',
        link: '/admin',
      }),
    ]);
  });

  it('when the hold ends, the old addresses stop redirecting and the handle is free', async () => {
    const person = await signedInUser(t, { handle: 'short-lived' });
    expect((await rename('long-lived', person.cookie)).statusCode).toBe(200);
    await t.db
      .update(handleHolds)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(handleHolds.handle, 'short-lived'));
    expect((await get('/api/profile/u/short-lived')).statusCode).toBe(404);
    expect((await get('/u/short-lived')).statusCode).toBe(404); // the app's page, showing "Profile Not Found"
    const other = await signedInUser(t);
    expect((await post('/api/slug/claim', { slug: 'short-lived' }, other.cookie)).statusCode).toBe(200);
  });

  it('refuses guests, bad input, the same handle, a first handle and a fourth rename in 30 days', async () => {
    expect((await rename('anything-new')).statusCode).toBe(401);
    const person = await signedInUser(t, { handle: 'steady-one' });
    const bad = await rename('!!', person.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.handle).toBe('Invalid format. Use letters, numbers, and hyphens only.');
    const same = await rename('Steady One', person.cookie);
    expect(same.statusCode).toBe(400);
    expect(same.json().error).toBe('That is already your handle.');
    const fresh = await signedInUser(t);
    await t.db.update(users).set({ handle: null }).where(eq(users.id, fresh.user.id));
    expect((await rename('my-first', fresh.cookie)).statusCode).toBe(400);

    // Trying taken handles costs nothing; three renames do.
    expect((await rename('mara-wood', person.cookie)).statusCode).toBe(409);
    for (const h of ['steady-two', 'steady-three', 'steady-four'])
      expect((await rename(h, person.cookie)).statusCode).toBe(200);
    const fourth = await rename('steady-five', person.cookie);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error).toMatch(/3 times in the last 30 days/);
  });
});

describe("a deleted account's handles stay held", () => {
  it('its handle, shop address and held old handles are held by nobody for 180 days, then free', async () => {
    const leaver = await signedInUser(t, {
      role: 'luthier',
      handle: 'gone-first',
      password: 'leaving passphrase',
    });
    await createShop(t.db, leaver.user.id, { name: 'Gone Guitars' });
    expect((await rename('gone-second', leaver.cookie)).statusCode).toBe(200);
    expect((await rename('gone-third', leaver.cookie)).statusCode).toBe(200);
    expect((await get('/u/gone-first')).statusCode).toBe(301);
    const deleted = await post('/api/account/delete', { password: 'leaving passphrase' }, leaver.cookie);
    expect(deleted.statusCode).toBe(200);

    const held = await t.db.select().from(handleHolds).where(eq(handleHolds.kind, 'deleted'));
    expect(held.map((h) => h.handle).sort()).toEqual(['gone-first', 'gone-second', 'gone-third']);
    for (const h of held) {
      expect(h.userId).toBeNull();
      const days = (h.expiresAt!.getTime() - Date.now()) / (24 * 60 * 60 * 1000);
      expect(days).toBeGreaterThan(RENAME_HOLD_DAYS - 1);
      expect(days).toBeLessThanOrEqual(RENAME_HOLD_DAYS);
    }

    // Another person, a luthier opening a shop and a renaming account: every way in answers "taken or on hold".
    const taker = await signedInUser(t, { displayName: 'Tia Taker' });
    const maker = await signedInUser(t, { role: 'luthier', displayName: 'Mo Maker' });
    const renamer = await signedInUser(t, { handle: 'wants-a-name' });
    for (const handle of ['gone-first', 'gone-second', 'gone-third', 'g0ne-th1rd']) {
      expect((await check(handle, taker.cookie)).json(), handle).toMatchObject({
        ok: false,
        reason: 'taken',
      });
      const reserve = await post('/api/slug/reserve', { slug: handle }, taker.cookie);
      expect(reserve.statusCode, handle).toBe(409);
      expect(reserve.json().error).toMatch(/taken or on hold/);
      expect((await post('/api/slug/claim', { slug: handle }, taker.cookie)).statusCode, handle).toBe(409);
      const shop = { kind: 'luthier', slug: handle, shopName: 'Mo Guitars' };
      expect((await post('/api/slug/claim', shop, maker.cookie)).statusCode, handle).toBe(409);
      expect((await rename(handle, renamer.cookie)).statusCode, handle).toBe(409);
      // Held by nobody: the old addresses lead nowhere, not to whoever comes next.
      for (const url of [
        `/u/${handle}`,
        `/l/${handle}`,
        `/api/profile/u/${handle}`,
        `/api/profile/l/${handle}`,
      ])
        expect((await get(url)).statusCode, url).toBe(404);
    }

    // After the 180 days (the holds' clock moved back), the handles are free again.
    await t.db
      .update(handleHolds)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(handleHolds.kind, 'deleted'));
    expect((await check('gone-first', taker.cookie)).json()).toMatchObject({ ok: true });
    expect((await post('/api/slug/reserve', { slug: 'gone-second' }, taker.cookie)).statusCode).toBe(200);
    expect((await post('/api/slug/claim', { slug: 'gone-second' }, taker.cookie)).statusCode).toBe(200);
    const shop = { kind: 'luthier', slug: 'gone-first', shopName: 'Mo Guitars' };
    expect((await post('/api/slug/claim', shop, maker.cookie)).statusCode).toBe(200);
    expect((await rename('gone-third', renamer.cookie)).statusCode).toBe(200);
    expect((await get('/api/profile/l/gone-first')).json()).toMatchObject({ name: 'Mo Guitars' });
  });
});
