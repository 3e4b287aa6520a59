import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP_POLICIES_MAX } from '../../../contract/account';
import { ErrorCodes } from '../../../contract/errors';
import { CONTROL_CHAR_MESSAGE } from '../../../contract/text';
import { createShop } from '../../db/builders/accounts';
import { media, shops } from '../../db/schema';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';

// The storefront's cover image and shop policies: set in Settings, shown on /l/{handle}.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const send = (method: 'PATCH' | 'DELETE' | 'GET', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

function multipart(bytes: Buffer, filename: string, type: string) {
  const boundary = '----cover-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const uploadCover = (cookie: string, bytes: Buffer, filename = 'cover.jpg', type = 'image/jpeg') =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/shop/cover',
    headers: { cookie, ...multipart(bytes, filename, type).headers },
    payload: multipart(bytes, filename, type).payload,
  });

/** A wide workshop photo as a phone writes it: EXIF with the camera and a GPS position. */
const workshopPhoto = (background = '#8b5a2b') =>
  sharp({ create: { width: 2000, height: 800, channels: 3, background } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 0/1' } })
    .toBuffer();

async function luthier(handle: string) {
  const person = await signedInUser(t, { role: 'luthier', handle });
  const shop = await createShop(t.db, person.user.id, { name: `${handle} Guitars`, published: true });
  return { ...person, shop };
}

describe('shop cover image', () => {
  it('is uploaded, stripped of metadata, served at every width and shown on the storefront with its alt text', async () => {
    const l = await luthier('cover-maker');
    const res = await uploadCover(l.cookie, await workshopPhoto());
    expect(res.statusCode).toBe(200);
    const url = res.json().coverUrl as string;
    expect(url).toMatch(/^\/media\/[0-9a-f-]{36}\/1280\.webp$/);
    for (const width of [320, 640, 1280]) {
      const variant = await t.app.inject(url.replace('1280', String(width)));
      expect(variant.statusCode).toBe(200);
      const meta = await sharp(variant.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width });
      expect(meta.exif).toBeUndefined();
      expect(variant.rawPayload.includes(Buffer.from('PhoneCo'))).toBe(false);
    }
    expect((await send('GET', '/api/account', l.cookie)).json().shop).toMatchObject({ coverUrl: url });
    // Without words from the maker the image is still named by the shop, never by a file name.
    const page = (await send('GET', '/api/profile/l/cover-maker')).json();
    expect(page.cover).toEqual({ url, alt: 'The workshop of cover-maker Guitars' });

    const described = await send('PATCH', '/api/account/shop', l.cookie, {
      coverAlt: '  The bench under the north window  ',
    });
    expect(described.statusCode).toBe(200);
    expect(described.json().shop).toMatchObject({ coverAlt: 'The bench under the north window' });
    expect((await send('GET', '/api/profile/l/cover-maker')).json().cover).toEqual({
      url,
      alt: 'The bench under the north window',
    });
  });

  it('replacing the cover removes the old image; removing it clears the storefront', async () => {
    const l = await luthier('cover-replace');
    const first = (await uploadCover(l.cookie, await workshopPhoto())).json().coverUrl as string;
    const second = await uploadCover(l.cookie, await workshopPhoto('#225533'));
    expect(second.statusCode).toBe(200);
    const secondUrl = second.json().coverUrl as string;
    expect(secondUrl).not.toBe(first);
    expect((await t.app.inject(first)).statusCode).toBe(404);
    const firstId = first.split('/')[2]!;
    expect(await t.db.select().from(media).where(eq(media.id, firstId))).toEqual([]);
    expect((await send('GET', '/api/profile/l/cover-replace')).json().cover.url).toBe(secondUrl);

    const removed = await send('DELETE', '/api/account/shop/cover', l.cookie);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ coverUrl: null });
    expect((await t.app.inject(secondUrl)).statusCode).toBe(404);
    expect((await send('GET', '/api/profile/l/cover-replace')).json().cover).toBeNull();
    const [row] = await t.db.select().from(shops).where(eq(shops.id, l.shop.id));
    expect(row?.coverMediaId).toBeNull();
  });

  it('refuses what is not an image, an oversize file and a person without a shop, keeping the cover', async () => {
    const l = await luthier('cover-refuse');
    const kept = (await uploadCover(l.cookie, await workshopPhoto())).json().coverUrl as string;
    const text = await uploadCover(l.cookie, Buffer.from('not an image at all'), 'x.jpg');
    expect(text.statusCode).toBe(415);
    expect(text.json().code).toBe(ErrorCodes.UNSUPPORTED_MEDIA);
    const big = Buffer.concat([await workshopPhoto(), Buffer.alloc(15 * 1024 * 1024 + 10)]);
    expect((await uploadCover(l.cookie, big)).statusCode).toBe(413);
    expect((await send('GET', '/api/profile/l/cover-refuse')).json().cover.url).toBe(kept);
    expect((await t.app.inject(kept)).statusCode).toBe(200);

    const enthusiast = await signedInUser(t, { handle: 'no-shop-cover' });
    const none = await uploadCover(enthusiast.cookie, await workshopPhoto());
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toBe('You have no shop yet.');
    expect((await send('DELETE', '/api/account/shop/cover', enthusiast.cookie)).statusCode).toBe(404);
    // Nothing was stored for the refused upload.
    expect(await t.db.select().from(media).where(eq(media.ownerId, enthusiast.user.id))).toEqual([]);
  });
});

describe('shop policies', () => {
  it('are saved as plain text with their line breaks and shown on the storefront; empty clears them', async () => {
    const l = await luthier('policy-maker');
    const policies =
      'Shipping: worldwide, insured, in a hard case.\nReturns: 14 days.\n\tCommissions: 30% deposit.';
    const saved = await send('PATCH', '/api/account/shop', l.cookie, { policies: `  ${policies}\n` });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().shop.policies).toBe(policies);
    expect((await send('GET', '/api/profile/l/policy-maker')).json().policies).toBe(policies);

    const cleared = await send('PATCH', '/api/account/shop', l.cookie, { policies: '' });
    expect(cleared.json().shop.policies).toBeNull();
    expect((await send('GET', '/api/profile/l/policy-maker')).json().policies).toBeNull();
  });

  it('refuses invisible characters and over-long text with a field error, losing nothing', async () => {
    const l = await luthier('policy-refuse');
    await send('PATCH', '/api/account/shop', l.cookie, { policies: 'Ships in a week.' });
    for (const policies of ['Ships\u200b free', 'Bell\u0007', 'x'.repeat(SHOP_POLICIES_MAX + 1)]) {
      const res = await send('PATCH', '/api/account/shop', l.cookie, { policies, coverAlt: 'ok' });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(['policies']);
    }
    const invisible = await send('PATCH', '/api/account/shop', l.cookie, { policies: 'a\u202eb' });
    expect(invisible.json().fields.policies).toBe(CONTROL_CHAR_MESSAGE);
    const alt = await send('PATCH', '/api/account/shop', l.cookie, { coverAlt: 'two\nlines' });
    expect(alt.json().fields).toEqual({ coverAlt: CONTROL_CHAR_MESSAGE });
    const [row] = await t.db.select().from(shops).where(eq(shops.id, l.shop.id));
    expect(row).toMatchObject({ policies: 'Ships in a week.', coverAlt: null });
  });
});
