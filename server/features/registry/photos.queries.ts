import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { instrumentImages } from '../../db/schema';
import type { StoredMedia } from '../../media/media-store';
import { recordPassportEvent } from '../../log/passport-events';

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
    await recordPassportEvent(tx, { instrumentId, actorId, type: 'photo_added', data: { caption } });
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

export async function updatePhoto(
  db: Db,
  instrumentId: string,
  imageId: string,
  patch: { caption?: string | null; isPrimary?: true },
) {
  await db.transaction(async (tx) => {
    if (patch.isPrimary) {
      await tx
        .update(instrumentImages)
        .set({ isPrimary: false })
        .where(eq(instrumentImages.instrumentId, instrumentId));
      await tx.update(instrumentImages).set({ isPrimary: true }).where(eq(instrumentImages.id, imageId));
    }
    if (patch.caption !== undefined)
      await tx
        .update(instrumentImages)
        .set({ caption: patch.caption })
        .where(eq(instrumentImages.id, imageId));
  });
}

/** Sets the order to the given ids; ids not of this instrument are a 400 for the caller. */
export async function reorderPhotos(db: Db, instrumentId: string, imageIds: string[]): Promise<boolean> {
  const current = await db
    .select({ id: instrumentImages.id })
    .from(instrumentImages)
    .where(eq(instrumentImages.instrumentId, instrumentId));
  const known = new Set(current.map((c) => c.id));
  if (
    imageIds.length !== known.size ||
    new Set(imageIds).size !== imageIds.length ||
    !imageIds.every((id) => known.has(id))
  )
    return false;
  await db.transaction(async (tx) => {
    for (const [i, id] of imageIds.entries())
      await tx.update(instrumentImages).set({ orderIndex: i }).where(eq(instrumentImages.id, id));
  });
  return true;
}

/** Removes a photo; if it was primary the next one in order takes its place. Returns its media id. */
export async function deletePhoto(db: Db, instrumentId: string, imageId: string, actorId: string) {
  return db.transaction(async (tx) => {
    const [gone] = await tx.delete(instrumentImages).where(eq(instrumentImages.id, imageId)).returning();
    if (gone?.isPrimary) {
      const [next] = await tx
        .select({ id: instrumentImages.id })
        .from(instrumentImages)
        .where(eq(instrumentImages.instrumentId, instrumentId))
        .orderBy(asc(instrumentImages.orderIndex))
        .limit(1);
      if (next)
        await tx.update(instrumentImages).set({ isPrimary: true }).where(eq(instrumentImages.id, next.id));
    }
    await recordPassportEvent(tx, {
      instrumentId,
      actorId,
      type: 'photo_removed',
      data: { caption: gone?.caption ?? null },
    });
    return gone?.mediaId ?? null;
  });
}
