import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShop, createUser } from '../../db/builders/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.db, {
    email: 'priv@example.test',
    displayName: 'Pat Player',
    handle: 'pat-player',
    bio: 'Plays blues.',
    location: 'Leeds, UK',
    experience: 'Beginner',
    interests: ['setup'],
    favoriteStyles: ['blues'],
  });
  const maker = await createUser(t.db, {
    email: 'maker@example.test',
    displayName: 'Mara Wood',
    role: 'luthier',
    handle: 'mara-wood',
    bio: 'Owner bio.',
  });
  await createShop(t.db, maker.id, {
    name: 'Wood & Wire',
    location: 'Cork, Ireland',
    establishedYear: 2001,
    workshopBio: 'A bench by the sea.',
    published: true,
  });
  const hidden = await createUser(t.db, { role: 'luthier', handle: 'hidden-shop' });
  await createShop(t.db, hidden.id, { name: 'Hidden', published: false });
});
afterAll(async () => t.close());

describe('public profiles', () => {
  it('GET /api/profile/u/:slug answers the public fields only', async () => {
    const res = await t.app.inject('/api/profile/u/pat-player');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      displayName: 'Pat Player',
      slug: 'pat-player',
      profileImageUrl: null,
      location: 'Leeds, UK',
      role: 'user',
      bio: 'Plays blues.',
      interests: ['setup'],
      favoriteStyles: ['blues'],
      experience: 'Beginner',
      shop: null,
      certificates: [],
    });
    expect(Date.parse(body.joinedAt)).not.toBeNaN();
    expect(res.body).not.toContain('priv@example.test');
    expect(Object.keys(body).sort()).toEqual(
      [
        'bio',
        'certificates',
        'displayName',
        'experience',
        'favoriteStyles',
        'interests',
        'joinedAt',
        'location',
        'profileImageUrl',
        'role',
        'shop',
        'slug',
      ].sort(),
    );
  });

  it('GET /api/profile/l/:slug answers a published shop with its owner', async () => {
    const res = await t.app.inject('/api/profile/l/mara-wood');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Wood & Wire',
      slug: 'mara-wood',
      location: 'Cork, Ireland',
      establishedYear: 2001,
      published: true,
      workshopBio: 'A bench by the sea.',
      owner: { displayName: 'Mara Wood', bio: 'Owner bio.', profileImageUrl: null },
    });
    expect(res.body).not.toContain('maker@example.test');
    expect(res.body).not.toContain('ownerId');
  });

  it("a maker's profile and shop link to each other; an unpublished shop is not linked", async () => {
    expect((await t.app.inject('/api/profile/u/mara-wood')).json().shop).toEqual({
      name: 'Wood & Wire',
      slug: 'mara-wood',
    });
    expect((await t.app.inject('/api/profile/l/mara-wood')).json().owner.slug).toBe('mara-wood');
    expect((await t.app.inject('/api/profile/u/hidden-shop')).json().shop).toBeNull();
  });

  it('answers 404 for unknown people, unpublished shops and malformed slugs', async () => {
    for (const url of [
      '/api/profile/u/nobody-here',
      '/api/profile/l/hidden-shop',
      '/api/profile/l/pat-player',
      '/api/profile/u/BAD%20SLUG',
    ]) {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    expect((await t.app.inject('/api/profile/u/nobody-here')).json().error).toBe(
      "This profile doesn't exist or has been removed.",
    );
    expect((await t.app.inject('/api/profile/l/hidden-shop')).json().error).toBe(
      "This luthier shop doesn't exist or is not published.",
    );
  });
});

describe('what shared links show', () => {
  it('profiles and shops are shared responses with an ETag', async () => {
    const res = await t.app.inject('/api/profile/l/mara-wood');
    expect(res.headers['cache-control']).toContain('public');
    const again = await t.app.inject({
      url: '/api/profile/l/mara-wood',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('a shop page carries its own title and LocalBusiness JSON-LD; unpublished shops and unknown people have none', async () => {
    const head = await t.app.headFor('/l/mara-wood');
    expect(head).toMatchObject({ title: 'Wood & Wire', path: '/l/mara-wood' });
    expect(head?.jsonLd?.[0]).toMatchObject({
      '@type': 'LocalBusiness',
      name: 'Wood & Wire',
      foundingDate: '2001',
    });
    expect(await t.app.headFor('/l/hidden-shop')).toBeNull();
    expect(await t.app.headFor('/u/nobody-here')).toBeNull();
    expect(await t.app.headFor('/u/pat-player')).toMatchObject({
      title: 'Pat Player',
      type: 'profile',
      description: 'Plays blues.',
    });
    const sitemap = await t.app.sitemapPaths();
    expect(sitemap).toContain('/l/mara-wood');
    expect(sitemap).not.toContain('/l/hidden-shop');
  });
});
