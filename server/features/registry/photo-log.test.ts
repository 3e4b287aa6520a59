import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logLeaves } from '../../db/schema';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { api, instrumentOf, luthierWithShop } from './registry-test-kit';
import { createOwnership } from './registry-trust-kit';

const committed = { $commit: expect.stringMatching(/^[0-9a-f]{64}$/) };

// Everything the public passport shows is in the log: each change to its photos is a leaf. After the first
// transfer only the owner changes them; a maker who closes their account stays named as the maker.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const ASK_OWNER = 'Ask the owner: after a transfer only the owner changes the photos.';

async function upload(cookie: string, instrumentId: string, caption: string, color: string) {
  const boundary = `----lr${Math.random().toString(16).slice(2)}`;
  const file = await sharp({ create: { width: 320, height: 240, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="caption"\r\n\r\n${caption}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/registry/instruments/${instrumentId}/images`,
    payload,
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

type Leaf = { type: string; data: Record<string, unknown> };
const leaves = async (code: string): Promise<Leaf[]> =>
  (
    await t.db
      .select({ leaf: logLeaves.leaf })
      .from(logLeaves)
      .where(eq(logLeaves.passportCode, code))
      .orderBy(asc(logLeaves.seq))
  ).map((r) => JSON.parse(r.leaf) as Leaf);
const lastLeaf = async (code: string) => (await leaves(code)).at(-1);

describe('photos in the log', () => {
  it('each photo operation appends a leaf with what the public passport shows', async () => {
    const maker = await luthierWithShop(t, 'Photo Log Shop');
    const owner = await signedInUser(t, { displayName: 'Lia Owner' });
    const inst = await createOwnership(t, maker, owner.user, { name: 'Logged Guitar' });
    const base = `/api/registry/instruments/${inst.id}/images`;
    const code = inst.passportCode;

    const a = (await upload(owner.cookie, inst.id, 'Front', '#8b4513')).json();
    const added = await lastLeaf(code);
    expect(added?.type).toBe('photo_added');
    // Captions may name a person: leaves carry their salted commitments.
    expect(added?.data).toEqual({ photoId: a.id, image: a.url, caption: committed, primary: true });
    const b = (await upload(owner.cookie, inst.id, 'Back', '#222222')).json();
    expect((await lastLeaf(code))?.data).toEqual({
      photoId: b.id,
      image: b.url,
      caption: committed,
      primary: false,
    });
    // The public passport shows exactly what the leaves say.
    const shown = async () =>
      (await api(t, null).get(`/api/public/passports/${code}`)).json<{
        photos: { url: string; caption: string | null; isPrimary: boolean }[];
      }>().photos;
    expect((await shown()).map((p) => [p.url, p.caption, p.isPrimary])).toEqual([
      [a.url, 'Front', true],
      [b.url, 'Back', false],
    ]);

    expect(
      (await api(t, owner.cookie).patch(`${base}/${b.id}`, { caption: 'Back, spruce' })).statusCode,
    ).toBe(200);
    expect(await lastLeaf(code)).toMatchObject({
      type: 'photo_caption_changed',
      data: { photoId: b.id, caption: committed, previousCaption: committed },
    });
    expect((await api(t, owner.cookie).patch(`${base}/${b.id}`, { isPrimary: true })).statusCode).toBe(200);
    expect(await lastLeaf(code)).toMatchObject({ type: 'photo_primary_changed', data: { photoId: b.id } });
    expect((await api(t, owner.cookie).put(`${base}/order`, { imageIds: [b.id, a.id] })).statusCode).toBe(
      200,
    );
    expect(await lastLeaf(code)).toMatchObject({ type: 'photos_reordered', data: { order: [b.id, a.id] } });
    const count = (await leaves(code)).length;
    // Sending what is already there changes nothing and logs nothing.
    await api(t, owner.cookie).put(`${base}/order`, { imageIds: [b.id, a.id] });
    await api(t, owner.cookie).patch(`${base}/${b.id}`, { caption: 'Back, spruce', isPrimary: true });
    expect((await leaves(code)).length).toBe(count);

    expect((await api(t, owner.cookie).del(`${base}/${b.id}`)).statusCode).toBe(200);
    expect(await lastLeaf(code)).toMatchObject({
      type: 'photo_removed',
      data: { photoId: b.id, caption: committed, nextPrimary: a.id },
    });
    expect((await shown()).map((p) => [p.url, p.isPrimary])).toEqual([[a.url, true]]);
  });

  it('after a transfer the maker is refused every photo change; the owner is not', async () => {
    const maker = await luthierWithShop(t, 'Refused Shop');
    const owner = await signedInUser(t, { displayName: 'Rex Owner' });
    const inst = await createOwnership(t, maker, owner.user);
    const base = `/api/registry/instruments/${inst.id}/images`;
    const photo = (await upload(owner.cookie, inst.id, 'Bench photo', '#654321')).json();
    const count = (await leaves(inst.passportCode)).length;
    const attempts = [
      await upload(maker.cookie, inst.id, 'Maker photo', '#123456'),
      await api(t, maker.cookie).patch(`${base}/${photo.id}`, { caption: 'Maker caption' }),
      await api(t, maker.cookie).patch(`${base}/${photo.id}`, { isPrimary: true }),
      await api(t, maker.cookie).put(`${base}/order`, { imageIds: [photo.id] }),
      await api(t, maker.cookie).del(`${base}/${photo.id}`),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(ASK_OWNER);
    }
    expect((await leaves(inst.passportCode)).length).toBe(count);
    const pub = (await api(t, null).get(`/api/public/passports/${inst.passportCode}`)).json();
    expect(pub.photos).toMatchObject([{ caption: 'Bench photo' }]);
    expect((await api(t, owner.cookie).patch(`${base}/${photo.id}`, { caption: 'Mine' })).statusCode).toBe(
      200,
    );
  });

  it('before the first transfer the maker, who owns it, manages the photos', async () => {
    const maker = await luthierWithShop(t, 'Early Shop');
    const inst = await instrumentOf(t, maker.shop.id, {
      history: [{ userId: maker.user.id, ownerName: 'Maker', location: null, startDate: '2020-01-01' }],
    });
    expect((await upload(maker.cookie, inst.id, 'Fresh from the bench', '#aaaaaa')).statusCode).toBe(201);
  });
});

describe('a maker who closes their account', () => {
  it('stays on the passports they made as "Made by {name} (account closed)"', async () => {
    const maker = await luthierWithShop(t, 'Closing Workshop');
    const owner = await signedInUser(t, { displayName: 'Kept Owner' });
    const inst = await createOwnership(t, maker, owner.user, { name: 'Orphaned Violin' });
    const res = await api(t, maker.cookie).post('/api/account/delete', { password: 'correct horse battery' });
    expect(res.statusCode).toBe(200);
    const pub = (await api(t, null).get(`/api/public/passports/${inst.passportCode}`)).json();
    expect(pub.maker).toEqual({
      shopName: 'Closing Workshop',
      slug: null,
      verified: false,
      location: null,
      accountClosed: true,
    });
    // The verify-by-check answer keeps the name too, without a link to a shop that is gone.
    const check = (await api(t, null).get(`/api/public/check?q=${inst.passportCode}`)).json();
    expect(check.passport).toMatchObject({ makerShopName: 'Closing Workshop', makerShopHandle: null });
  });
});
