import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { instrumentImages } from '../../db/schema';
import { mediaUrl, type StoredMedia } from '../../media/media-store';
import { recordPassportEvent } from '../../log/passport-events';
import { badRequest } from '../../plugins/errors';

// Every change to the photos a public passport shows (which photos, their captions, which is the main one and
// their order) is a passport event, so the log covers the whole public passport. A photo is named by its id; the
// event that added it also carries its public address.

export const MAX_PHOTOS = 24;

export async function countPhotos(db: Db, instrumentId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(instrumentImages)
    .where(eq(instrumentImages.instrumentId, instrumentId));
  return row?.n ?? 0;
}

/** Adds an uploaded photo at the end; the first photo of a passport becomes its primary one. */
export async function addPhoto(
  db: Db,
  instrumentId: string,
  actorId: string,
  stored: StoredMedia,
  caption: string | null,
) {
  return db.transaction(async (tx) => {
    const [agg] = await tx
      .select({
        n: sql<number>`count(*)::int`,
        max: sql<number>`coalesce(max(${instrumentImages.orderIndex}), -1)::int`,
      })
      .from(instrumentImages)
      .where(eq(instrumentImages.instrumentId, instrumentId));
    const [row] = await tx
      .insert(instrumentImages)
      .values({
        instrumentId,
        mediaId: stored.id,
        caption,
        isPrimary: (agg?.n ?? 0) === 0,
        orderIndex: (agg?.max ?? -1) + 1,
      })
      .returning();
    if (!row) throw new Error('photo insert returned nothing');
    await recordPassportEvent(tx, {
      instrumentId,
      actorId,
      type: 'photo_added',
      data: { photoId: row.id, image: mediaUrl(stored), caption, primary: row.isPrimary },
    });
    return row;
  });
}

export async function findPhoto(db: Db, instrumentId: string, imageId: string) {
  const [row] = await db
    .select()
    .from(instrumentImages)
    .where(and(eq(instrumentImages.id, imageId), eq(instrumentImages.instrumentId, instrumentId)));
  return row ?? null;
}

type Photo = typeof instrumentImages.$inferSelect;

/** A new caption and/or the main photo; each change that is one writes its event. */
export async function updatePhoto(
  db: Db,
  photo: Photo,
  actorId: string,
  patch: { caption?: string | null; isPrimary?: boolean | undefined },
) {
  const { instrumentId } = photo;
  if (patch.isPrimary === false && photo.isPrimary) {
    const message = 'Choose another photo as the main one instead.';
    throw badRequest(message, { isPrimary: message });
  }
  await db.transaction(async (tx) => {
    if (patch.isPrimary && !photo.isPrimary) {
      await tx
        .update(instrumentImages)
        .set({ isPrimary: false })
        .where(eq(instrumentImages.instrumentId, instrumentId));
      await tx.update(instrumentImages).set({ isPrimary: true }).where(eq(instrumentImages.id, photo.id));
      await recordPassportEvent(tx, {
        instrumentId,
        actorId,
        type: 'photo_primary_changed',
        data: { photoId: photo.id },
      });
    }
    const caption = patch.caption === undefined ? undefined : patch.caption || null;
    if (caption !== undefined && caption !== photo.caption) {
      await tx.update(instrumentImages).set({ caption }).where(eq(instrumentImages.id, photo.id));
      await recordPassportEvent(tx, {
        instrumentId,
        actorId,
        type: 'photo_caption_changed',
        data: { photoId: photo.id, caption, previousCaption: photo.caption },
      });
    }
  });
}

/** Sets the order to the given ids; ids not of this instrument are a 400 for the caller. */
export async function reorderPhotos(
  db: Db,
  instrumentId: string,
  actorId: string,
  imageIds: string[],
): Promise<boolean> {
  const current = await db
    .select({ id: instrumentImages.id })
    .from(instrumentImages)
    .where(eq(instrumentImages.instrumentId, instrumentId))
    .orderBy(asc(instrumentImages.orderIndex), asc(instrumentImages.createdAt));
  const known = new Set(current.map((c) => c.id));
  if (
    imageIds.length !== known.size ||
    new Set(imageIds).size !== imageIds.length ||
    !imageIds.every((id) => known.has(id))
  )
    return false;
  if (current.every((c, i) => c.id === imageIds[i])) return true;
  await db.transaction(async (tx) => {
    for (const [i, id] of imageIds.entries())
      await tx.update(instrumentImages).set({ orderIndex: i }).where(eq(instrumentImages.id, id));
    await recordPassportEvent(tx, {
      instrumentId,
      actorId,
      type: 'photos_reordered',
      data: { order: imageIds },
    });
  });
  return true;
}

/** Removes a photo; if it was primary the next one in order takes its place. Returns its media id. */
export async function deletePhoto(db: Db, instrumentId: string, imageId: string, actorId: string) {
  return db.transaction(async (tx) => {
    const [gone] = await tx.delete(instrumentImages).where(eq(instrumentImages.id, imageId)).returning();
    let nextPrimary: string | null = null;
    if (gone?.isPrimary) {
      const [next] = await tx
        .select({ id: instrumentImages.id })
        .from(instrumentImages)
        .where(eq(instrumentImages.instrumentId, instrumentId))
        .orderBy(asc(instrumentImages.orderIndex))
        .limit(1);
      if (next) {
        await tx.update(instrumentImages).set({ isPrimary: true }).where(eq(instrumentImages.id, next.id));
        nextPrimary = next.id;
      }
    }
    await recordPassportEvent(tx, {
      instrumentId,
      actorId,
      type: 'photo_removed',
      data: { photoId: imageId, caption: gone?.caption ?? null, ...(nextPrimary ? { nextPrimary } : {}) },
    });
    return gone?.mediaId ?? null;
  });
}
