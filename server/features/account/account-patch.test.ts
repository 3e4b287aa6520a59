import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../../contract/account';
import { createShop } from '../../db/builders/accounts';
import { createTestApp, patchAs, signedInUser, type TestApp } from '../../test/test-app';

// PATCH means patch (JSON merge patch, RFC 7396): a field left out stays as it is, null clears a field that may
// be empty, and what GET /api/account answers can be sent back as it is.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const patch = (url: string, cookie: string, payload: object, type?: string) =>
  patchAs(t, url, cookie, payload, type);
const account = async (cookie: string) =>
  (await t.app.inject({ url: '/api/account', headers: { cookie } })).json<Account>();

describe('PATCH /api/account/profile', () => {
  it('changes only the fields sent, clears a field sent as null, and takes merge-patch+json', async () => {
    const { cookie } = await signedInUser(t, { displayName: 'Ada Lovelace', onboardingComplete: true });
    const first = await patch('/api/account/profile', cookie, {
      bio: 'Plays in the evenings.',
      location: 'Lyon, France',
      interests: ['archtops'],
    });
    expect(first.statusCode).toBe(200);
    const second = await patch(
      '/api/account/profile',
      cookie,
      { location: null },
      'application/merge-patch+json',
    );
    expect(second.statusCode).toBe(200);
    expect(second.json<Account>()).toMatchObject({
      displayName: 'Ada Lovelace',
      bio: 'Plays in the evenings.',
      location: null,
      interests: ['archtops'],
    });
    expect((await patch('/api/account/profile', cookie, {})).statusCode).toBe(200);
    expect(await account(cookie)).toMatchObject({ bio: 'Plays in the evenings.', interests: ['archtops'] });
  });

  it('takes back what GET /api/account answered, nulls included, and changes nothing', async () => {
    const { cookie } = await signedInUser(t, { displayName: 'Grace Hopper', onboardingComplete: true });
    const before = await account(cookie);
    expect(before.bio).toBeNull();
    const res = await patch('/api/account/profile', cookie, before);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(before);
  });

  it('still refuses an invalid value', async () => {
    const { cookie } = await signedInUser(t, { onboardingComplete: true });
    const res = await patch('/api/account/profile', cookie, { displayName: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fields: Record<string, string> }>().fields).toEqual({
      displayName: 'Display name is required.',
    });
  });
});

describe('PATCH /api/account/shop', () => {
  it('takes back the shop GET /api/account answered (bio: null), and changes only the fields sent', async () => {
    const { user, cookie } = await signedInUser(t, {
      role: 'luthier',
      handle: `bench-${Date.now().toString(36)}`,
      onboardingComplete: true,
    });
    await createShop(t.db, user.id, { name: 'Bench by the Window' });
    const before = await account(cookie);
    expect(before.shop).toMatchObject({ name: 'Bench by the Window', bio: null });
    const roundTrip = await patch('/api/account/shop', cookie, before.shop!);
    expect(roundTrip.statusCode).toBe(200);
    expect(roundTrip.json()).toEqual(before);

    const renamed = await patch('/api/account/shop', cookie, {
      name: 'Window Bench',
      workshopBio: 'Spruce dust.',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<Account>().shop).toEqual({
      ...before.shop,
      name: 'Window Bench',
      workshopBio: 'Spruce dust.',
    });
    const cleared = await patch(
      '/api/account/shop',
      cookie,
      { workshopBio: null },
      'application/merge-patch+json',
    );
    expect(cleared.json<Account>().shop).toEqual({ ...before.shop, name: 'Window Bench', workshopBio: null });
  });
});
