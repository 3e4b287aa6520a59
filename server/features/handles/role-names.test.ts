import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isReservedHandle, isValidHandle, normalizeHandle } from '../../../contract/handles';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { api } from '../registry/registry-test-kit';

// A handle must not pass for the site's own desk (the role names of RFC 2142 and the usual ones) nor for the
// product's name misspelt by one keystroke.

const ROLE_NAMES = [
  // RFC 2142.
  'abuse',
  'noc',
  'security',
  'postmaster',
  'hostmaster',
  'usenet',
  'news',
  'webmaster',
  'www',
  'uucp',
  'ftp',
  'info',
  'marketing',
  'sales',
  'support',
  // The usual ones.
  'admin',
  'administrator',
  'root',
  'system',
  'staff',
  'team',
  'help',
  'billing',
  'legal',
  'privacy',
  'trust-and-safety',
  'trust',
  'safety',
  'verification',
  'verify',
  'noreply',
  'no-reply',
  'mailer-daemon',
  'official',
  'moderator',
  'api',
  'status',
];

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789-'.split('');

/** Every handle one insertion, deletion, substitution or swap of neighbours away from `word`, as a handle. */
function oneEditAway(word: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    for (const c of ALPHABET) {
      out.add(word.slice(0, i) + c + word.slice(i));
      if (i < word.length) out.add(word.slice(0, i) + c + word.slice(i + 1));
    }
    if (i < word.length) out.add(word.slice(0, i) + word.slice(i + 1));
    if (i + 1 < word.length) out.add(word.slice(0, i) + word[i + 1]! + word[i]! + word.slice(i + 2));
  }
  return [...out].map(normalizeHandle).filter(isValidHandle);
}

const PRODUCT_FORMS = ['luthier-registry', 'luthierregistry', 'luthier_registry', 'registry'];

describe('role names and one-edit misspellings of the product name', () => {
  it('every edit-distance-1 variant of the product name and its forms is reserved', () => {
    let count = 0;
    for (const form of PRODUCT_FORMS) {
      for (const variant of oneEditAway(form)) {
        expect(isReservedHandle(variant), `${form} → ${variant}`).toBe(true);
        count++;
      }
    }
    expect(count).toBeGreaterThan(3000);
    // Misspellings inside a longer handle too.
    for (const handle of ['the-luthier-registery', 'luthier-regsitry-shop', 'my-luthierregistr'])
      expect(isReservedHandle(handle), handle).toBe(true);
  });

  it('ordinary handles near those words stay free', () => {
    for (const handle of [
      'registrar-ana',
      'regina-strings',
      'luthier-tomas',
      'ana-luthier',
      'tomas-guitars',
      'trusty-guitars',
      'newsome-violins',
      'information',
      'salesa-guitars',
      'abbey-guitars',
    ])
      expect(isReservedHandle(handle), handle).toBe(false);
  });
});

describe('the handle availability API answers taken for role names and misspellings', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie } = await signedInUser(t, { displayName: 'Role Tester' }));
  });
  afterAll(async () => t.close());
  const check = async (slug: string) =>
    (await api(t, cookie).get(`/api/slug/check?kind=user&slug=${encodeURIComponent(slug)}`)).json<{
      ok: boolean;
      reason?: string;
      suggestions: string[];
    }>();

  it.each(ROLE_NAMES)('%s is taken', async (name) => {
    expect(await check(name)).toMatchObject({ ok: false, reason: 'taken', slug: name });
  });

  it('a sample of one-edit misspellings is taken, and claiming one is refused', async () => {
    const sample = [
      'luthier-registery',
      'luthier-regitry',
      'luthier-regsitry',
      'luthier-registy',
      'luthierregistryy',
      'luthier-registrx',
      'lutheir-registry',
      'luthier_registery',
      'luthierregisrty',
      'registery',
      'regisrty',
      'registr',
      'registrys',
      'regsitry',
    ];
    for (const typed of sample) {
      const body = await check(typed);
      expect(body, typed).toMatchObject({ ok: false, reason: 'taken' });
      for (const s of body.suggestions) expect(isReservedHandle(s), s).toBe(false);
    }
    const claim = await api(t, cookie).post('/api/slug/claim', { kind: 'user', slug: 'luthier-registery' });
    expect(claim.statusCode).toBe(409);
  });

  it('ordinary handles are still available', async () => {
    for (const slug of ['tomas-guitars', 'registrar-ana', 'trusty-guitars', 'ana-guitars'])
      expect(await check(slug), slug).toMatchObject({ ok: true });
  });
});
