import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { instrumentImages, instruments, media } from '../db/schema';

/**
 * Each instrument's primary photo, for `.leftJoinLateral(photo, sql`true`)` on a query over `instruments`: the
 * registry list, the dashboard, the transfers and a shop's storefront all show it the same way, in the same
 * statement as their rows.
 */
export function primaryPhoto(db: Db) {
  return db
    .select({
      // Drizzle turns a left-joined object into null when its first field is null: the image id leads.
      id: instrumentImages.id,
      staticUrl: instrumentImages.staticUrl,
      mediaId: instrumentImages.mediaId,
      widths: media.widths,
    })
    .from(instrumentImages)
    .leftJoin(media, eq(media.id, instrumentImages.mediaId))
    .where(and(eq(instrumentImages.instrumentId, instruments.id), eq(instrumentImages.isPrimary, true)))
    .orderBy(instrumentImages.orderIndex, instrumentImages.id)
    .limit(1)
    .as('primary_image');
}

/** The columns to select from `primaryPhoto` (as one nested object). */
export const photoColumns = (photo: ReturnType<typeof primaryPhoto>) => ({
  id: photo.id,
  staticUrl: photo.staticUrl,
  mediaId: photo.mediaId,
  widths: photo.widths,
});
