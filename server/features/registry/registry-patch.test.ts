import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InstrumentDetail } from '../../../contract/registry';
import { createTestApp, patchAs, signedInUser, type TestApp } from '../../test/test-app';
import { instrumentOf, luthierWithShop } from './registry-test-kit';

// PATCH means patch (JSON merge patch, RFC 7396): a field left out stays as it is, null clears a field that may be
// empty, and what GET answered can be sent back as it is, changing nothing.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const patch = (url: string, cookie: string, payload: object, type?: string) =>
  patchAs(t, url, cookie, payload, type);
const detail = async (id: string, cookie: string) =>
  (
    await t.app.inject({ url: `/api/registry/instruments/${id}`, headers: { cookie } })
  ).json<InstrumentDetail>();

const BUILD = {
  name: 'Cedar Concert',
  instrumentType: 'guitar',
  category: 'classical',
  model: 'Hauser 1937',
  bodyWood: 'Indian rosewood',
  description: 'Cedar top, French polish.',
  numberOfStrings: 6,
  scaleLength: 650,
  yearMade: 2019,
  estimatedValue: 9000,
  estimatedValueCurrency: 'USD',
  condition: 'excellent',
} as const;

describe('PATCH /api/registry/instruments/:id', () => {
  it('changes only the fields sent, clears one sent as null, and takes merge-patch+json', async () => {
    const maker = await luthierWithShop(t);
    const { id } = await instrumentOf(t, maker.shop.id, BUILD);
    const url = `/api/registry/instruments/${id}`;
    const before = await detail(id, maker.cookie);
    const described = await patch(url, maker.cookie, { description: 'Cedar top, shellac.' });
    expect(described.statusCode).toBe(200);
    const cleared = await patch(url, maker.cookie, { model: null }, 'application/merge-patch+json');
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json<InstrumentDetail>()).toMatchObject({
      ...BUILD,
      description: 'Cedar top, shellac.',
      model: null,
      passportCode: before.passportCode,
    });
    // A field that may not be empty is not cleared.
    const unnamed = await patch(url, maker.cookie, { name: null });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json<{ fields: Record<string, string> }>().fields).toHaveProperty('name');
    expect((await detail(id, maker.cookie)).name).toBe(BUILD.name);
  });

  it('takes back what GET answered, or nothing at all, and changes nothing (no event either)', async () => {
    const maker = await luthierWithShop(t);
    const { id } = await instrumentOf(t, maker.shop.id, BUILD);
    const url = `/api/registry/instruments/${id}`;
    const before = await detail(id, maker.cookie);
    const roundTrip = await patch(url, maker.cookie, before);
    expect(roundTrip.statusCode).toBe(200);
    expect(roundTrip.json()).toEqual(before);
    const empty = await patch(url, maker.cookie, {});
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual(before);
  });

  it('lets the owner and a maker who no longer owns it send the whole instrument back; each changes only their own', async () => {
    const maker = await luthierWithShop(t);
    const owner = await signedInUser(t, { displayName: 'Second Owner' });
    const { id } = await instrumentOf(t, maker.shop.id, {
      ...BUILD,
      history: [
        { userId: maker.user.id, ownerName: 'Maker', startDate: '2019-01-01', endDate: '2024-01-01' },
        {
          userId: owner.user.id,
          ownerName: 'Second Owner',
          startDate: '2024-01-01',
          acquisitionMethod: 'purchase',
        },
      ],
    });
    const url = `/api/registry/instruments/${id}`;
    const asOwner = await detail(id, owner.cookie);
    expect((await patch(url, owner.cookie, asOwner)).json()).toEqual(asOwner);
    const valued = await patch(url, owner.cookie, { ...asOwner, estimatedValue: 9500 });
    expect(valued.statusCode).toBe(200);
    expect(valued.json<InstrumentDetail>().estimatedValue).toBe(9500);
    // The build details stay the maker's: the owner changing one is refused, and nothing of the patch is kept.
    const renamed = await patch(url, owner.cookie, { ...asOwner, name: 'Renamed', estimatedValue: 1 });
    expect(renamed.statusCode).toBe(403);
    expect(await detail(id, owner.cookie)).toMatchObject({ name: BUILD.name, estimatedValue: 9500 });

    // The maker is not shown the valuation: sending back the null they were shown leaves it as it is.
    const asMaker = await detail(id, maker.cookie);
    expect(asMaker.estimatedValue).toBeNull();
    expect((await patch(url, maker.cookie, asMaker)).json()).toEqual(asMaker);
    expect((await detail(id, owner.cookie)).estimatedValue).toBe(9500);
    expect(
      (await patch(url, maker.cookie, { ...asMaker, estimatedValue: 1, estimatedValueCurrency: 'USD' }))
        .statusCode,
    ).toBe(403);
  });
});

describe('PATCH /api/registry/instruments/:id/images/:imageId', () => {
  async function withPhotos() {
    const maker = await luthierWithShop(t);
    const { id } = await instrumentOf(t, maker.shop.id, {
      images: [
        { staticUrl: '/instruments/guitar-spruce.svg', caption: 'Front' },
        { staticUrl: '/instruments/guitar-back.svg', caption: 'Back' },
      ],
    });
    const before = await detail(id, maker.cookie);
    const url = (imageId: string) => `/api/registry/instruments/${id}/images/${imageId}`;
    return { maker, id, before, url };
  }

  it('takes back each photo as GET answered it, or nothing at all, and changes nothing', async () => {
    const { maker, id, before, url } = await withPhotos();
    for (const image of before.images) {
      const res = await patch(url(image.id), maker.cookie, image, 'application/merge-patch+json');
      expect(res.statusCode).toBe(200);
    }
    expect((await patch(url(before.images[1]!.id), maker.cookie, {})).statusCode).toBe(200);
    expect(await detail(id, maker.cookie)).toEqual(before);
  });

  it('changes only what is sent: null clears the caption, isPrimary true moves the main photo', async () => {
    const { maker, id, before, url } = await withPhotos();
    const [front, back] = before.images as [
      InstrumentDetail['images'][number],
      InstrumentDetail['images'][number],
    ];
    expect((await patch(url(back.id), maker.cookie, { caption: null })).statusCode).toBe(200);
    expect((await patch(url(back.id), maker.cookie, { isPrimary: true })).statusCode).toBe(200);
    expect((await detail(id, maker.cookie)).images).toEqual([
      { ...front, isPrimary: false },
      { ...back, caption: null, isPrimary: true },
    ]);
  });

  it('refuses to take the main photo away without choosing another', async () => {
    const { maker, id, before, url } = await withPhotos();
    const res = await patch(url(before.images[0]!.id), maker.cookie, { isPrimary: false });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fields: Record<string, string> }>().fields).toEqual({
      isPrimary: 'Choose another photo as the main one instead.',
    });
    expect(await detail(id, maker.cookie)).toEqual(before);
  });
});
