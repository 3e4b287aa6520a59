import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShop } from '../../db/builders/accounts';
import { sessions, shops, users } from '../../db/schema';
import { createTestApp, sessionCookie, signedInUser, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const send = (method: 'POST' | 'PATCH' | 'DELETE' | 'GET', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
const login = (email: string, password: string) =>
  send('POST', '/api/auth/login', undefined, { email, password });

function multipart(bytes: Buffer, filename = 'me.png') {
  const boundary = '----avatar-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('account settings', () => {
  it('every endpoint needs sign-in', async () => {
    for (const [method, url] of [
      ['GET', '/api/account'],
      ['PATCH', '/api/account/profile'],
      ['PATCH', '/api/account/shop'],
      ['POST', '/api/account/avatar'],
      ['POST', '/api/account/password'],
      ['POST', '/api/account/email'],
      ['GET', '/api/account/sessions'],
      ['POST', '/api/account/delete'],
    ] as const)
      expect((await send(method, url, undefined, method === 'GET' ? undefined : {})).statusCode).toBe(401);
  });

  it('refuses state changes from another site', async () => {
    const { cookie } = await signedInUser(t, { email: 'csrf@example.test', password: 'csrf passphrase' });
    for (const [method, url, payload] of [
      ['POST', '/api/account/delete', { password: 'csrf passphrase' }],
      ['POST', '/api/account/email', { email: 'evil@example.test', password: 'csrf passphrase' }],
      ['POST', '/api/slug/claim', { kind: 'user', slug: 'csrf-handle' }],
      ['POST', '/api/auth/onboarding', { bio: 'pwned' }],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        payload,
        headers: { cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('CROSS_ORIGIN_REFUSED');
    }
    expect((await send('GET', '/api/account', cookie)).json().email).toBe('csrf@example.test');
  });

  it('reads and updates the profile; bad input is 400 with fields', async () => {
    const { cookie } = await signedInUser(t, { email: 'prof@example.test' });
    const account = (await send('GET', '/api/account', cookie)).json();
    expect(account).toMatchObject({ email: 'prof@example.test', shop: null, avatarUrl: null });
    expect(account).not.toHaveProperty('passwordHash');
    const profile = {
      displayName: 'New Name Here',
      bio: 'Hello',
      location: 'Bergen',
      experience: 'Intermediate',
      interests: ['setup'],
      favoriteStyles: ['jazz'],
      specialties: [],
    };
    const saved = await send('PATCH', '/api/account/profile', cookie, profile);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ ...profile });
    const me = (await send('GET', '/api/auth/me', cookie)).json();
    expect(me.user).toMatchObject({ displayName: 'New Name Here', firstName: 'New', lastName: 'Name Here' });
    const bad = await send('PATCH', '/api/account/profile', cookie, {
      ...profile,
      displayName: '',
      experience: 'x',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['displayName', 'experience']);
  });

  it('uploads an avatar (re-encoded WebP) that the public profile shows; refuses non-images', async () => {
    const { cookie, user } = await signedInUser(t, { handle: 'avatar-person' });
    const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#a0522d' } })
      .png()
      .toBuffer();
    const up = multipart(png);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/avatar',
      headers: { cookie, ...up.headers },
      payload: up.payload,
    });
    expect(res.statusCode).toBe(200);
    const url = res.json().avatarUrl as string;
    expect(url).toMatch(/^\/media\/[0-9a-f-]+\/320\.webp$/);
    const img = await t.app.inject(url);
    expect(img.headers['content-type']).toBe('image/webp');
    expect((await send('GET', '/api/profile/u/avatar-person')).json().profileImageUrl).toBe(url);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.avatarMediaId).not.toBeNull();

    const text = multipart(Buffer.from('not an image at all'), 'x.png');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/account/avatar',
      headers: { cookie, ...text.headers },
      payload: text.payload,
    });
    expect(refused.statusCode).toBe(415);
    const removed = await send('DELETE', '/api/account/avatar', cookie);
    expect(removed.json()).toEqual({ avatarUrl: null });
  });

  it('a luthier edits their shop; others get 404', async () => {
    const l = await signedInUser(t, { role: 'luthier', handle: 'shop-editor' });
    await createShop(t.db, l.user.id, { name: 'Old', published: true });
    const shop = {
      name: 'Editor Guitars',
      bio: 'Bio',
      workshopBio: 'Bench',
      location: 'Porto',
      establishedYear: 2010,
      specializations: ['classical'],
      published: false,
    };
    const res = await send('PATCH', '/api/account/shop', l.cookie, shop);
    expect(res.statusCode).toBe(200);
    expect(res.json().shop).toMatchObject({ ...shop, slug: 'shop-editor' });
    expect((await send('GET', '/api/profile/l/shop-editor')).statusCode).toBe(404);
    const future = await send('PATCH', '/api/account/shop', l.cookie, { ...shop, establishedYear: 3000 });
    expect(future.json().fields.establishedYear).toBeDefined();
    const u = await signedInUser(t);
    expect((await send('PATCH', '/api/account/shop', u.cookie, shop)).statusCode).toBe(404);
  });

  it('changes the password with the current one and ends the other sessions', async () => {
    const { cookie, user } = await signedInUser(t, {
      email: 'pw@example.test',
      password: 'first passphrase',
    });
    const other = sessionCookie(await login('pw@example.test', 'first passphrase'));
    const wrong = await send('POST', '/api/account/password', cookie, {
      currentPassword: 'not it at all',
      newPassword: 'second passphrase',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().fields.currentPassword).toBeDefined();
    const short = await send('POST', '/api/account/password', cookie, {
      currentPassword: 'first passphrase',
      newPassword: 'short',
    });
    expect(short.statusCode).toBe(400);
    const ok = await send('POST', '/api/account/password', cookie, {
      currentPassword: 'first passphrase',
      newPassword: 'second passphrase',
    });
    expect(ok.statusCode).toBe(200);
    expect((await send('GET', '/api/auth/me', cookie)).json().user.id).toBe(user.id);
    expect((await send('GET', '/api/auth/me', other)).json().user).toBeNull();
    expect((await login('pw@example.test', 'second passphrase')).statusCode).toBe(200);
  });

  it('asks for the password to change the email; a taken address answers like any other', async () => {
    await signedInUser(t, { email: 'taken-mail@example.test' });
    const { cookie } = await signedInUser(t, { email: 'mover@example.test', password: 'mover passphrase' });
    const wrong = await send('POST', '/api/account/email', cookie, {
      email: 'x@example.test',
      password: 'nope nope',
    });
    expect(wrong.statusCode).toBe(401);
    // No lookup of people by email: the answer for a taken address is the same; following the link is refused.
    const taken = await send('POST', '/api/account/email', cookie, {
      email: 'Taken-Mail@example.test',
      password: 'mover passphrase',
    });
    const ok = await send('POST', '/api/account/email', cookie, {
      email: 'moved@example.test',
      password: 'mover passphrase',
    });
    expect(taken.statusCode).toBe(200);
    expect(ok.statusCode).toBe(200);
    expect(Object.keys(taken.json())).toEqual(Object.keys(ok.json()));
    // The address changes only once the link sent to it is followed (email-verification.test.ts).
    expect((await send('GET', '/api/auth/me', cookie)).json().user.email).toBe('mover@example.test');
  });

  it('lists sessions with the current one marked and ends another', async () => {
    const { cookie } = await signedInUser(t, { email: 'sess@example.test', password: 'sess passphrase' });
    const other = sessionCookie(await login('sess@example.test', 'sess passphrase'));
    const list = (await send('GET', '/api/account/sessions', cookie)).json<
      { id: string; current: boolean }[]
    >();
    expect(list).toHaveLength(2);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    const target = list.find((s) => !s.current);
    expect(target?.id).toMatch(/^[a-f0-9]{32}$/);
    expect((await send('DELETE', `/api/account/sessions/${target?.id}`, cookie)).statusCode).toBe(200);
    expect((await send('GET', '/api/auth/me', other)).json().user).toBeNull();
    expect((await send('DELETE', `/api/account/sessions/${target?.id}`, cookie)).statusCode).toBe(404);
    // Someone else's session id is not found either.
    const stranger = await signedInUser(t);
    const mine = (await send('GET', '/api/account/sessions', cookie)).json()[0].id as string;
    expect((await send('DELETE', `/api/account/sessions/${mine}`, stranger.cookie)).statusCode).toBe(404);
  });

  it('deletes the account with the password, cascading sessions and shop', async () => {
    const { cookie, user } = await signedInUser(t, {
      email: 'leaver@example.test',
      password: 'leaver passphrase',
      role: 'luthier',
      handle: 'leaver',
    });
    await createShop(t.db, user.id, { name: 'Leaving' });
    expect((await send('POST', '/api/account/delete', cookie, { password: 'wrong one!' })).statusCode).toBe(
      401,
    );
    const res = await send('POST', '/api/account/delete', cookie, { password: 'leaver passphrase' });
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect(await t.db.select().from(shops).where(eq(shops.ownerId, user.id))).toHaveLength(0);
    expect((await login('leaver@example.test', 'leaver passphrase')).statusCode).toBe(401);
  });
});
