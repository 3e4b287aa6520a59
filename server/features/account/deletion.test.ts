import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInstrument } from '../../db/builders/registry';
import { createShop } from '../../db/builders/accounts';
import {
  emailTokens,
  instrumentImages,
  media,
  mediaVariants,
  notifications,
  ownershipRecords,
  passwordResets,
  sessions,
} from '../../db/schema';
import { createMediaStore } from '../../media/media-store';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { api } from '../registry/registry-test-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const mediaDir = () => path.join(t.dataDir, 'media');
const store = () =>
  createMediaStore(t.db, { storage: t.database.kind === 'postgres' ? 'db' : 'fs', dir: mediaDir() });
const png = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: '#8b5a2b' } })
    .png()
    .toBuffer();

/** Whether any trace of the media item is left: its row, its stored variants, its files. */
async function mediaExists(id: string): Promise<boolean> {
  const rows = await t.db.select({ id: media.id }).from(media).where(eq(media.id, id));
  const variants = await t.db
    .select({ w: mediaVariants.width })
    .from(mediaVariants)
    .where(eq(mediaVariants.mediaId, id));
  return rows.length > 0 || variants.length > 0 || fs.existsSync(path.join(mediaDir(), id));
}

describe('deleting an account deletes what is personal', () => {
  it('removes avatar and personal uploads, sessions, links and notifications; history says "Former owner"', async () => {
    const maker = await signedInUser(t, { role: 'luthier', handle: 'maker-keeps' });
    const shop = await createShop(t.db, maker.user.id, { name: 'Keeps Guitars', published: true });
    const person = await signedInUser(t, {
      email: 'leaving@example.test',
      password: 'leaving passphrase',
      displayName: 'Lea Leaving',
      location: 'Lyon',
    });
    const instrument = await createInstrument(t.db, {
      name: 'Leaving Guitar',
      makerShopId: shop.id,
      history: [
        { userId: maker.user.id, ownerName: 'Maker', startDate: '2020-01-01', endDate: '2021-01-01' },
        { userId: person.user.id, ownerName: 'Lea Leaving', location: 'Lyon', startDate: '2021-01-01' },
      ],
    });

    // An avatar through the API, an unattached upload, and a photo that is part of the passport.
    const boundary = '----deletion-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`;
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/account/avatar',
      headers: { cookie: person.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([Buffer.from(head), await png(), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
    expect(up.statusCode).toBe(200);
    const avatarId = /\/media\/([0-9a-f-]+)\//.exec(up.json<{ avatarUrl: string }>().avatarUrl)![1]!;
    const loose = await store().save(await png(), 'instrument', person.user.id);
    const photo = await store().save(await png(), 'instrument', person.user.id);
    await t.db
      .insert(instrumentImages)
      .values({ instrumentId: instrument.id, mediaId: photo.id, isPrimary: true });
    expect(await mediaExists(avatarId)).toBe(true);
    expect(await mediaExists(loose.id)).toBe(true);

    await api(t, person.cookie).post('/api/auth/request-reset', { email: 'leaving@example.test' });
    await api(t, person.cookie).post('/api/account/password', {
      currentPassword: 'leaving passphrase',
      newPassword: 'still leaving passphrase',
    });
    expect(
      (await t.db.select().from(notifications).where(eq(notifications.userId, person.user.id))).length,
    ).toBe(1);

    const res = await api(t, person.cookie).post('/api/account/delete', {
      password: 'still leaving passphrase',
    });
    expect(res.statusCode).toBe(200);

    expect(await mediaExists(avatarId)).toBe(false);
    expect(await mediaExists(loose.id)).toBe(false);
    expect((await t.app.inject(`/media/${avatarId}/320.webp`)).statusCode).toBe(404);
    // The passport's photo belongs to the instrument and stays, no longer tied to the person.
    expect(await mediaExists(photo.id)).toBe(true);
    const [kept] = await t.db.select({ ownerId: media.ownerId }).from(media).where(eq(media.id, photo.id));
    expect(kept?.ownerId).toBeNull();

    for (const table of [sessions, passwordResets, emailTokens, notifications]) {
      const rows = await t.db.select().from(table).where(eq(table.userId, person.user.id));
      expect(rows).toEqual([]);
    }
    const history = await t.db
      .select()
      .from(ownershipRecords)
      .where(eq(ownershipRecords.instrumentId, instrument.id));
    expect(history).toHaveLength(2);
    const theirs = history.find((h) => h.startDate === '2021-01-01');
    expect(theirs).toMatchObject({
      userId: null,
      hadAccount: true,
      ownerName: 'Former owner',
      location: null,
    });
    const detail = await api(t, maker.cookie).get(`/api/registry/instruments/${instrument.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.body).not.toContain('Lea Leaving');
    expect(detail.body).not.toContain('Lyon');
    expect(detail.body).toContain('Former owner');
  });
});
