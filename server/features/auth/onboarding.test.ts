import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shops, users } from '../../db/schema';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });

describe('POST /api/auth/onboarding', () => {
  it('needs sign-in', async () => {
    expect((await post('/api/auth/onboarding', { onboardingComplete: true })).statusCode).toBe(401);
  });

  it('refuses completion without a claimed handle, or with a handle that is not theirs', async () => {
    const { cookie } = await signedInUser(t);
    const none = await post('/api/auth/onboarding', { onboardingComplete: true }, cookie);
    expect(none.statusCode).toBe(400);
    expect(none.json().fields.slug).toBeDefined();
    const other = await post('/api/auth/onboarding', { slug: 'someone-else' }, cookie);
    expect(other.statusCode).toBe(400);
  });

  it('validates every field with field messages', async () => {
    const { cookie } = await signedInUser(t);
    const res = await post(
      '/api/auth/onboarding',
      {
        bio: 'x'.repeat(1001),
        location: 'y'.repeat(121),
        experience: 'Guru',
        specialties: Array.from({ length: 21 }, (_, i) => `s${i}`),
        interests: ['z'.repeat(41)],
        favoriteStyles: 'folk',
        slug: 'x'.repeat(201),
        onboardingComplete: 'yes',
      },
      cookie,
    );
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(
      [
        'bio',
        'experience',
        'favoriteStyles',
        'interests.0',
        'location',
        'onboardingComplete',
        'slug',
        'specialties',
      ].sort(),
    );
  });

  it('saves the answers and completes after the claim; a luthier’s shop takes bio and location', async () => {
    const { cookie, user } = await signedInUser(t, { role: 'luthier', displayName: 'Ines Vidal' });
    await post('/api/slug/reserve', { kind: 'luthier', slug: 'vidal-guitars' }, cookie);
    const claim = await post(
      '/api/slug/claim',
      { kind: 'luthier', slug: 'vidal-guitars', displayName: 'Ines Vidal', shopName: 'Vidal Guitars' },
      cookie,
    );
    expect(claim.statusCode).toBe(200);
    const res = await post(
      '/api/auth/onboarding',
      {
        bio: 'I build guitars.',
        location: 'Valencia, Spain',
        experience: 'Advanced',
        specialties: ['classical', 'classical', 'flamenco'],
        interests: [],
        favoriteStyles: ['flamenco'],
        slug: 'vidal-guitars',
        onboardingComplete: true,
      },
      cookie,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ onboardingComplete: true, handle: 'vidal-guitars' });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ experience: 'Advanced', specialties: ['classical', 'flamenco'] });
    const [shop] = await t.db.select().from(shops).where(eq(shops.ownerId, user.id));
    expect(shop).toMatchObject({ bio: 'I build guitars.', location: 'Valencia, Spain', published: true });
  });

  it('finishing with a shop in Córdoba, Spain makes euros the usual currency; an enthusiast’s stays unset', async () => {
    const usual = async (cookie: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/registry/me', headers: { cookie } })).json<{
        usualCurrency: string | null;
      }>().usualCurrency;
    const maker = await signedInUser(t, { role: 'luthier', displayName: 'Rafael Mena' });
    // The location is saved at an earlier Next, before the shop exists; the claim gives it to the shop.
    expect(
      (await post('/api/auth/onboarding', { location: 'Córdoba, Spain' }, maker.cookie)).statusCode,
    ).toBe(200);
    await post('/api/slug/reserve', { kind: 'luthier', slug: 'mena-guitarras' }, maker.cookie);
    await post(
      '/api/slug/claim',
      { kind: 'luthier', slug: 'mena-guitarras', displayName: 'Rafael Mena', shopName: 'Mena Guitarras' },
      maker.cookie,
    );
    expect(await usual(maker.cookie)).toBeNull();
    const done = await post(
      '/api/auth/onboarding',
      { slug: 'mena-guitarras', onboardingComplete: true },
      maker.cookie,
    );
    expect(done.statusCode).toBe(200);
    expect(await usual(maker.cookie)).toBe('EUR');
    const [row] = await t.db.select().from(users).where(eq(users.id, maker.user.id));
    expect(row?.usualCurrency).toBe('EUR');

    // A currency the account already has is the person's: finishing again does not replace it.
    await t.db.update(users).set({ usualCurrency: 'GBP' }).where(eq(users.id, maker.user.id));
    await post('/api/auth/onboarding', { onboardingComplete: true }, maker.cookie);
    expect(await usual(maker.cookie)).toBe('GBP');

    const fan = await signedInUser(t, { displayName: 'Lucia Paz' });
    await post('/api/slug/reserve', { kind: 'user', slug: 'lucia-paz' }, fan.cookie);
    await post('/api/slug/claim', { kind: 'user', slug: 'lucia-paz', displayName: 'Lucia Paz' }, fan.cookie);
    await post(
      '/api/auth/onboarding',
      { location: 'Sevilla, Spain', slug: 'lucia-paz', onboardingComplete: true },
      fan.cookie,
    );
    expect(await usual(fan.cookie)).toBeNull();
  });

  it('saves answers mid-way (no handle yet, not finished): the account reads them back for another tab', async () => {
    const { cookie } = await signedInUser(t, { displayName: 'Sami Aziz' });
    const res = await post(
      '/api/auth/onboarding',
      { bio: 'Oud and guitar.', location: 'Lyon, France', experience: 'Beginner', interests: [] },
      cookie,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ onboardingComplete: false, handle: null });
    const account = await t.app.inject({ method: 'GET', url: '/api/account', headers: { cookie } });
    expect(account.json()).toMatchObject({
      bio: 'Oud and guitar.',
      location: 'Lyon, France',
      experience: 'Beginner',
    });
  });

  it('clears an answer sent blank, and keeps one not sent: a reload reads the cleared fields empty', async () => {
    const { cookie, user } = await signedInUser(t, { role: 'luthier', displayName: 'Noor Haddad' });
    const first = await post(
      '/api/auth/onboarding',
      {
        bio: 'Plays oud on Sundays.',
        location: 'Lyon, France',
        experience: 'Intermediate',
        specialties: ['oud'],
        interests: ['folk'],
        favoriteStyles: ['maqam'],
      },
      cookie,
    );
    expect(first.statusCode).toBe(200);
    // The person came back, emptied every field but the location (not sent: unchanged) and pressed Next.
    const cleared = await post(
      '/api/auth/onboarding',
      { bio: '  ', experience: '', specialties: [], interests: [], favoriteStyles: [] },
      cookie,
    );
    expect(cleared.statusCode).toBe(200);
    // Stored cleared, and read back cleared by the account page.
    const clearedAnswers = {
      bio: null,
      location: 'Lyon, France',
      experience: null,
      specialties: [],
      interests: [],
      favoriteStyles: [],
    };
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject(clearedAnswers);
    const account = await t.app.inject({ method: 'GET', url: '/api/account', headers: { cookie } });
    expect(account.json()).toMatchObject(clearedAnswers);
    // An empty body changes nothing; a location sent blank clears it too.
    await post('/api/auth/onboarding', {}, cookie);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/account', headers: { cookie } })).json(),
    ).toMatchObject({
      location: 'Lyon, France',
    });
    await post('/api/auth/onboarding', { location: '' }, cookie);
    const [after] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(after?.location).toBeNull();
  });

  it('finishing sends only what changed: what settings saved before finishing stays', async () => {
    const { cookie, user } = await signedInUser(t, { displayName: 'Noor Saleh' });
    const saved = await t.app.inject({
      method: 'PATCH',
      url: '/api/account/profile',
      headers: { cookie },
      payload: {
        displayName: 'Noor Saleh',
        bio: 'Plays oud on Sundays.',
        location: 'Lyon, France',
        experience: '',
        specialties: [],
        interests: ['oud'],
        favoriteStyles: [],
      },
    });
    expect(saved.statusCode).toBe(200);
    await post('/api/slug/claim', { kind: 'user', slug: 'noor-saleh', displayName: 'Noor Saleh' }, cookie);
    const res = await post(
      '/api/auth/onboarding',
      { favoriteStyles: ['folk'], slug: 'noor-saleh', onboardingComplete: true },
      cookie,
    );
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      bio: 'Plays oud on Sundays.',
      location: 'Lyon, France',
      interests: ['oud'],
      favoriteStyles: ['folk'],
      onboardingComplete: true,
    });
  });
});
