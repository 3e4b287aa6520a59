import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeHandle, RESERVED_HANDLES } from '../../../contract/handles';
import { createShop, createUser } from '../../db/builders/accounts';
import { handleHolds, shops, users } from '../../db/schema';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const maker = await createUser(t.db, {
    role: 'luthier',
    handle: 'taken-maker',
    displayName: 'Taken Maker',
  });
  await createShop(t.db, maker.id, { name: 'Taken Shop' });
});
afterAll(async () => t.close());

const check = (slug: string, cookie?: string, kind = 'user') =>
  t.app.inject({
    url: `/api/slug/check?kind=${kind}&slug=${encodeURIComponent(slug)}`,
    headers: cookie ? { cookie } : {},
  });
const post = (url: string, payload: object, cookie: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: { cookie } });

describe('normalizeHandle', () => {
  it.each([
    ['José Núñez', 'jose-nunez'],
    ['  --Hello__World!!  ', 'hello-world'],
    ['Ｆｕｌｌwidth', 'fullwidth'],
    ['a'.repeat(60), 'a'.repeat(48)],
    [`${'a'.repeat(47)}-b`, 'a'.repeat(47)],
  ])('%s → %s', (input, expected) => expect(normalizeHandle(input)).toBe(expected));
});

describe('GET /api/slug/check', () => {
  it('answers ok for a free handle, normalised, with up to 6 suggestions', async () => {
    const res = await check('Fresh Handle');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ ok: true, slug: 'fresh-handle' });
    expect(body.suggestions.length).toBeLessThanOrEqual(6);
  });

  it('says invalid for a too-short handle', async () => {
    const body = (await check('ab')).json();
    expect(body).toMatchObject({ ok: false, reason: 'invalid' });
  });

  it('says taken for a used handle, a shop slug and every reserved word, with only free suggestions', async () => {
    const body = (await check('taken-maker')).json();
    expect(body).toMatchObject({ ok: false, reason: 'taken' });
    expect(body.suggestions.length).toBe(6);
    for (const s of body.suggestions as string[]) {
      expect(s).toMatch(/^[a-z0-9-]{3,48}$/);
      expect((await check(s)).json().ok).toBe(true);
    }
    for (const word of ['explore', 'dashboard', 'settings', 'api', 'admin', 'u', 'l', 'luthier', 'official'])
      expect(RESERVED_HANDLES.has(word) && (await check(word)).json().ok === false).toBe(true);
    expect((await check('Reset Password')).json()).toMatchObject({ ok: false, reason: 'taken' });
  });

  it('suggests variants of the signed-in person’s name and place', async () => {
    const { cookie } = await signedInUser(t, { displayName: 'Taken Maker', location: 'Oslo, Norway' });
    const body = (await check('taken-maker', cookie, 'luthier')).json();
    expect(body.suggestions).toContain('taken-maker-oslo');
    expect(body.suggestions).not.toContain('taken-maker');
  });

  it('refuses a bad kind with 400', async () => {
    expect((await check('fine-handle', undefined, 'admin')).statusCode).toBe(400);
  });
});

describe('reserve and claim', () => {
  it('reserve needs sign-in and holds the handle 15 minutes against others', async () => {
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/slug/reserve',
      payload: { kind: 'user', slug: 'held-one' },
    });
    expect(guest.statusCode).toBe(401);
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    const held = await post('/api/slug/reserve', { kind: 'user', slug: 'Held One' }, a.cookie);
    expect(held.statusCode).toBe(200);
    expect(held.json().slug).toBe('held-one');
    const minutes = (Date.parse(held.json().expiresAt) - Date.now()) / 60000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    expect((await check('held-one', b.cookie)).json()).toMatchObject({ ok: false, reason: 'taken' });
    expect((await check('held-one', a.cookie)).json()).toMatchObject({ ok: true });
    expect((await post('/api/slug/reserve', { slug: 'held-one' }, b.cookie)).statusCode).toBe(409);
    expect((await post('/api/slug/claim', { kind: 'user', slug: 'held-one' }, b.cookie)).statusCode).toBe(
      409,
    );
    const claimed = await post(
      '/api/slug/claim',
      { kind: 'user', slug: 'held-one', displayName: 'Held Person' },
      a.cookie,
    );
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json()).toEqual({ slug: 'held-one', kind: 'user' });
    const me = await t.app.inject({ url: '/api/auth/me', headers: { cookie: a.cookie } });
    expect(me.json().user).toMatchObject({
      handle: 'held-one',
      displayName: 'Held Person',
      firstName: 'Held',
      lastName: 'Person',
    });
  });

  it('an expired hold frees the handle', async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    await post('/api/slug/reserve', { slug: 'expiring-hold' }, a.cookie);
    await t.db
      .update(handleHolds)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(handleHolds.handle, 'expiring-hold'));
    expect((await check('expiring-hold', b.cookie)).json().ok).toBe(true);
    expect((await post('/api/slug/reserve', { slug: 'expiring-hold' }, b.cookie)).statusCode).toBe(200);
    expect((await post('/api/slug/claim', { slug: 'expiring-hold' }, b.cookie)).statusCode).toBe(200);
  });

  it('refuses invalid and reserved handles', async () => {
    const a = await signedInUser(t);
    const bad = await post('/api/slug/claim', { kind: 'user', slug: '!!' }, a.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.slug).toBe('Invalid format. Use letters, numbers, and hyphens only.');
    expect((await post('/api/slug/claim', { kind: 'user', slug: 'dashboard' }, a.cookie)).statusCode).toBe(
      409,
    );
    expect((await post('/api/slug/reserve', { kind: 'user', slug: 'support' }, a.cookie)).statusCode).toBe(
      409,
    );
  });

  it('two people racing for one handle: exactly one wins, the other gets 409', async () => {
    const people = await Promise.all([signedInUser(t), signedInUser(t), signedInUser(t)]);
    const results = await Promise.all(
      people.map((p) => post('/api/slug/claim', { kind: 'user', slug: 'race-winner' }, p.cookie)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const owners = await t.db.select().from(users).where(eq(users.handle, 'race-winner'));
    expect(owners).toHaveLength(1);
  });

  it('a luthier claim creates the published shop named after the workshop; enthusiasts cannot', async () => {
    const l = await signedInUser(t, { role: 'luthier', displayName: 'Greta Holm' });
    const res = await post(
      '/api/slug/claim',
      { kind: 'luthier', slug: 'holm-guitars', displayName: 'Greta Holm', shopName: 'Holm Guitar Workshop' },
      l.cookie,
    );
    expect(res.statusCode).toBe(200);
    const [shop] = await t.db.select().from(shops).where(eq(shops.ownerId, l.user.id));
    expect(shop).toMatchObject({ name: 'Holm Guitar Workshop', slug: 'holm-guitars', published: true });
    // Claiming again renames the existing shop instead of adding a second.
    await post('/api/slug/claim', { kind: 'luthier', slug: 'holm-lutherie', shopName: 'Holm' }, l.cookie);
    const all = await t.db.select().from(shops).where(eq(shops.ownerId, l.user.id));
    expect(all).toEqual([expect.objectContaining({ slug: 'holm-lutherie', name: 'Holm' })]);
    expect((await check('holm-guitars')).json().ok).toBe(true);

    const u = await signedInUser(t, { role: 'user' });
    expect(
      (await post('/api/slug/claim', { kind: 'luthier', slug: 'not-a-shop' }, u.cookie)).statusCode,
    ).toBe(403);
  });
});
