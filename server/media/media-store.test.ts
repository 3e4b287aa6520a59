import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createTestDatabase } from '../test/test-db';
import { createMediaStore, encodeVariants, storedWidth, type MediaStore } from './media-store';

let database: Database;
let dir: string;
let store: MediaStore;
beforeAll(async () => {
  database = await createTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-'));
  store = createMediaStore(database.db, { storage: database.kind === 'postgres' ? 'db' : 'fs', dir });
});
afterAll(async () => {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A JPEG with EXIF orientation 6 (rotated) and a GPS position, as phones write them. */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 400, channels: 3, background: '#a0522d' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

describe('media store', () => {
  it('re-encodes to WebP widths, applies the orientation and strips EXIF/GPS', async () => {
    const input = await phonePhoto();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    expect(input.includes(Buffer.from('PhoneCo'))).toBe(true);
    const saved = await store.save(input, 'test', null);
    expect(saved).toMatchObject({ width: 400, height: 800, widths: [320, 400] });
    const bytes = await store.read(saved.id, 400);
    expect(bytes).not.toBeNull();
    const meta = await sharp(bytes!).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(400);
    expect(meta.height).toBe(800);
    expect(meta.exif).toBeUndefined();
    expect(bytes!.includes(Buffer.from('PhoneCo'))).toBe(false);
    expect(await store.read(saved.id, 999)).toBeNull();
    // The client's srcset always lists 320, 640 and 1280: the standard widths it lacks are its 400 px file.
    const w400 = (await sharp((await store.read(saved.id, 640))!).metadata()).width;
    expect(w400).toBe(400);
    expect((await sharp((await store.read(saved.id, 1280))!).metadata()).width).toBe(400);
    expect((await sharp((await store.read(saved.id, 320))!).metadata()).width).toBe(320);
  });

  it('answers a standard width an image lacks with its largest variant not above it', () => {
    expect(storedWidth([320, 640, 1280], 640)).toBe(640);
    expect(storedWidth([320, 640, 1000], 1280)).toBe(1000);
    expect(storedWidth([320, 500], 640)).toBe(500);
    expect(storedWidth([200], 320)).toBe(200);
    expect(storedWidth([200], 1280)).toBe(200);
    expect(storedWidth([320, 500], 999)).toBeNull();
    expect(storedWidth([320, 500], 500)).toBe(500);
  });

  it('rejects things that are not images, whatever they claim', async () => {
    await expect(
      encodeVariants(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
    ).rejects.toMatchObject({ statusCode: 415 });
    await expect(encodeVariants(Buffer.from('GIF89a not really'))).rejects.toMatchObject({ statusCode: 415 });
    await expect(encodeVariants(Buffer.alloc(0))).rejects.toMatchObject({ statusCode: 415 });
  });

  it('rejects pixel bombs and oversize files with 413', async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    await expect(encodeVariants(bomb)).rejects.toMatchObject({ statusCode: 413 });
    await expect(encodeVariants(Buffer.alloc(16 * 1024 * 1024))).rejects.toMatchObject({ statusCode: 413 });
  });

  it('removes an image and its files', async () => {
    const saved = await store.save(await phonePhoto(), 'test', null);
    await store.remove(saved.id);
    expect(await store.read(saved.id, 320)).toBeNull();
  });
});
