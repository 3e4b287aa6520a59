import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleSkeleton, isReservedHandle, normalizeHandle, STAFF_WORDS } from '../../../contract/handles';
import { users } from '../../db/schema';
import { DEMO_ACCOUNTS, SAMPLE_LUTHIERS } from '../../db/sample/accounts-sample';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { api } from '../registry/registry-test-kit';

// A handle must not read as the product or its staff: containing the product's name in any look-alike spelling,
// or pairing a staff word with anything, is "taken or on hold" wherever a handle is chosen.

const REFUSED = [
  // The product's name, anywhere, in any look-alike spelling.
  'LuthierRegistry',
  'luthier-registry',
  'luthierregistry',
  'LuthierRegistry-fan',
  'the-real-luthier-registry',
  '1uthierreg1stry',
  'luth1er-reg1stry-shop',
  'iuthierregistry',
  // Staff words alone and paired with anything.
  'admin',
  'adm1n',
  'admin-tomas',
  'tomas-admin',
  'admintomas',
  'tomas-adm1n',
  'my-admin-shop',
  'tomas-support',
  'support-desk',
  'supporttomas',
  'mysupportshop',
  'officialshop',
  '0fficial-shop',
  'unofficial',
  'the-official-tomas',
  'staff',
  'staff-picks',
  'tomas-staff',
  'team',
  'team-tomas',
  'tomas-team',
  'teamwood',
  'tomas2team',
  'help',
  'helpdesk',
  'help-desk',
  'tomas-help',
  'moderator',
  'moderator-ana',
  'chiefmoderator',
  'registry',
  'guitar-registry',
  'theregistryshop',
  'support1',
  '1admin',
  // The price of "starts or ends with": ordinary words that do too are refused (decision 004).
  'steam',
  'helpful-hands',
];

const ALLOWED = [
  'tomas',
  'tomas-wood',
  'elena-marquez',
  'badminton-club',
  'steamworks',
  'flagstaff-guitars',
  'mystaffshop',
  'tea-maker',
  'helena-guitars',
  'shelpa',
  'luthier-tomas',
  'registrar-ana',
  'ada-guitars',
  'lisa-strings',
  'steam-guitars',
  'tomas-teamwood',
];

describe('staff words and the product name in handles', () => {
  it.each(REFUSED)('%s is refused', (typed) => expect(isReservedHandle(normalizeHandle(typed))).toBe(true));
  it.each(ALLOWED)('%s is allowed', (typed) => expect(isReservedHandle(normalizeHandle(typed))).toBe(false));

  it('every staff word alone is refused, and so is its look-alike spelling', () => {
    for (const word of STAFF_WORDS) {
      expect(isReservedHandle(word), word).toBe(true);
      expect(isReservedHandle(word.replace(/i/g, '1').replace(/o/g, '0')), word).toBe(true);
    }
  });

  it('the sample people keep their handles (the sample admin is the staff this protects)', () => {
    const handles = [
      ...Object.values(DEMO_ACCOUNTS).map((a) => a.handle),
      ...SAMPLE_LUTHIERS.map((l) => l.handle),
    ];
    expect(handles.length).toBeGreaterThan(10);
    for (const handle of handles) expect(isReservedHandle(handle), handle).toBe(false);
  });
});

describe('staff and product look-alikes are "taken or on hold" wherever a handle is chosen', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('check, reserve, claim (onboarding and a shop), rename: each answers taken', async () => {
    const person = await signedInUser(t, { displayName: 'Tomas Lind' });
    const luthier = await signedInUser(t, { role: 'luthier', displayName: 'Vera Holm' });
    const renamer = await signedInUser(t, { handle: 'tomas-renames' });
    for (const slug of ['admin-tomas', 'tomas-support', 'officialshop', 'helpdesk', '1uthierreg1stry']) {
      const check = await api(t, person.cookie).get(`/api/slug/check?kind=user&slug=${slug}`);
      expect(check.json(), slug).toMatchObject({ ok: false, reason: 'taken' });
      const reserve = await api(t, person.cookie).post('/api/slug/reserve', { kind: 'user', slug });
      expect(reserve.statusCode, slug).toBe(409);
      expect(reserve.json().error).toMatch(/taken or on hold/);
      const claim = await api(t, person.cookie).post('/api/slug/claim', { kind: 'user', slug });
      expect(claim.statusCode, slug).toBe(409);
      const shop = await api(t, luthier.cookie).post('/api/slug/claim', {
        kind: 'luthier',
        slug,
        shopName: 'Vera Holm Guitars',
      });
      expect(shop.statusCode, slug).toBe(409);
      const rename = await api(t, renamer.cookie).post('/api/account/handle', { handle: slug });
      expect(rename.statusCode, slug).toBe(409);
    }
    // Typed as the person wrote it ("LuthierRegistry-fan"), normalised, then refused.
    const typed = await api(t, person.cookie).get('/api/slug/check?kind=user&slug=LuthierRegistry-fan');
    expect(typed.json()).toMatchObject({ ok: false, reason: 'taken', slug: 'luthierregistry-fan' });
    // Nothing was given away.
    const taken = (await t.db.select({ handle: users.handle }).from(users)).map((u) => u.handle);
    for (const handle of taken) if (handle) expect(isReservedHandle(handle), handle).toBe(false);
    // An ordinary handle is still free.
    expect((await api(t, person.cookie).post('/api/slug/claim', { slug: 'tomas-lind' })).statusCode).toBe(
      200,
    );
  });

  it('suggestions never propose a staff or product look-alike, even from a name made of staff words', async () => {
    for (const displayName of ['Help Desk', 'Admin Team', 'Official Support Tomas', 'Luthier Registry']) {
      const person = await signedInUser(t, { displayName, location: 'Staffordshire, England' });
      for (const slug of ['admin-tomas', 'helpdesk', 'luthierregistry', 'tomas-guitars']) {
        const res = await api(t, person.cookie).get(`/api/slug/check?kind=luthier&slug=${slug}`);
        const { suggestions } = res.json<{ suggestions: string[] }>();
        expect(suggestions.length, `${displayName} / ${slug}`).toBeGreaterThan(0);
        for (const s of suggestions) {
          expect(isReservedHandle(s), s).toBe(false);
          expect(handleSkeleton(s)).not.toContain(handleSkeleton('luthierregistry'));
        }
      }
    }
  });
});
