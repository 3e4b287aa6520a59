import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { ErrorCodes } from '../../contract/errors';
import type { Db } from '../db/client';
import { media, mediaVariants } from '../db/schema';
import { AppError } from '../plugins/errors';
import { createDocumentStore, type DocumentStore } from './document-store';

export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;
/** Decoding bombs stop here: 50 megapixels is more than any phone camera takes. */
const MAX_PIXELS = 50_000_000;
export const VARIANT_WIDTHS = [320, 640, 1280] as const;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'avif']);

export interface StoredMedia {
  id: string;
  width: number;
  height: number;
  widths: number[];
}

export interface MediaStore {
  /** Checks the bytes are an image, re-encodes it (auto-rotated, metadata stripped) and stores its variants. */
  save(input: Buffer, purpose: string, ownerId: string | null): Promise<StoredMedia>;
  read(id: string, width: number): Promise<Buffer | null>;
  remove(id: string): Promise<void>;
  /** The documents the server renders (dossiers, certificates, labels, share images), kept beside the media. */
  documents: DocumentStore;
}

const unsupported = () =>
  new AppError(
    415,
    ErrorCodes.UNSUPPORTED_MEDIA,
    'This file is not a supported image (JPEG, PNG, WebP, HEIC or AVIF).',
  );

export async function encodeVariants(input: Buffer) {
  if (input.length > MAX_UPLOAD_BYTES)
    throw new AppError(413, ErrorCodes.TOO_LARGE, 'Images must be at most 15 MB.');
  let meta: sharp.Metadata;
  try {
    // metadata() reads only the header, so the pixel count can be checked before anything is decoded.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw unsupported();
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) throw unsupported();
  if (meta.width * meta.height > MAX_PIXELS) {
    throw new AppError(413, ErrorCodes.TOO_LARGE, 'This image has too many pixels (at most 50 megapixels).');
  }
  const rotated = (meta.orientation ?? 1) >= 5;
  const width = rotated ? meta.height : meta.width;
  const height = rotated ? meta.width : meta.height;
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w < width);
  if (widths.length < VARIANT_WIDTHS.length)
    widths.push(Math.min(width, VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]!));
  try {
    const variants = await Promise.all(
      widths.map(async (w) => ({
        width: w,
        // sharp writes no EXIF/XMP/ICC unless asked, so GPS and camera data never leave the upload.
        bytes: await sharp(input, { limitInputPixels: MAX_PIXELS })
          .rotate()
          .resize({ width: w, withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer(),
      })),
    );
    return { width, height, variants };
  } catch {
    throw unsupported();
  }
}

export function createMediaStore(db: Db, options: { storage: 'fs' | 'db'; dir: string }): MediaStore {
  const file = (id: string, width: number) => path.join(options.dir, id, `${width}.webp`);
  return {
    documents: createDocumentStore(db, options),
    async save(input, purpose, ownerId) {
      const { width, height, variants } = await encodeVariants(input);
      const widths = variants.map((v) => v.width);
      const [row] = await db
        .insert(media)
        .values({ ownerId, purpose, storage: options.storage, width, height, widths })
        .returning({ id: media.id });
      if (!row) throw new Error('media insert returned nothing');
      if (options.storage === 'db') {
        await db
          .insert(mediaVariants)
          .values(variants.map((v) => ({ mediaId: row.id, width: v.width, bytes: v.bytes })));
      } else {
        await fs.mkdir(path.join(options.dir, row.id), { recursive: true });
        for (const v of variants) {
          const target = file(row.id, v.width);
          await fs.writeFile(`${target}.tmp`, v.bytes);
          await fs.rename(`${target}.tmp`, target);
        }
      }
      return { id: row.id, width, height, widths };
    },
    async read(id, requested) {
      const [row] = await db
        .select({ storage: media.storage, widths: media.widths })
        .from(media)
        .where(eq(media.id, id));
      const width = row ? storedWidth(row.widths, requested) : null;
      if (!row || width === null) return null;
      if (row.storage === 'db') {
        const [v] = await db
          .select({ bytes: mediaVariants.bytes })
          .from(mediaVariants)
          .where(and(eq(mediaVariants.mediaId, id), eq(mediaVariants.width, width)));
        return v?.bytes ?? null;
      }
      return fs.readFile(file(id, width)).catch(() => null);
    },
    async remove(id) {
      await db.delete(media).where(eq(media.id, id));
      if (options.storage === 'fs') await fs.rm(path.join(options.dir, id), { recursive: true, force: true });
    },
  };
}

/**
 * The stored variant that answers a request for `width`: that width when stored; for one of the standard widths
 * (which the client's srcset always lists) the largest stored width not above it, else the smallest. An image
 * 500 px wide has 320 and 500, so its "640" and "1280" are the 500 px file. Any other width must be exact.
 */
export function storedWidth(widths: number[], width: number): number | null {
  if (widths.includes(width)) return width;
  if (!(VARIANT_WIDTHS as readonly number[]).includes(width) || !widths.length) return null;
  const sorted = [...widths].sort((a, b) => a - b);
  return sorted.filter((w) => w <= width).at(-1) ?? sorted[0]!;
}

/** Public URL of a stored image variant; the largest stored width when none is asked for. */
export function mediaUrl(m: { id: string; widths: number[] }, width?: number): string {
  const w = width && m.widths.includes(width) ? width : Math.max(...m.widths);
  return `/media/${m.id}/${w}.webp`;
}

/** URLs of a photo: a static drawing as it is, an upload as its largest variant (url) and 640 px (imageUrl). */
export function imageUrls(img: {
  staticUrl: string | null;
  mediaId: string | null;
  widths: number[] | null;
}) {
  if (img.mediaId && img.widths?.length) {
    const m = { id: img.mediaId, widths: img.widths };
    return { url: mediaUrl(m), imageUrl: mediaUrl(m, 640) };
  }
  const url = img.staticUrl ?? '';
  return { url, imageUrl: url };
}
