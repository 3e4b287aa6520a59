import { and, eq, notExists, or } from 'drizzle-orm';
import { RENAME_HOLD_DAYS } from '../../../contract/handles';
import type { Db } from '../../db/client';
import {
  handleHolds,
  instrumentImages,
  instruments,
  media,
  ownershipRecords,
  shops,
  users,
} from '../../db/schema';

/**
 * Deletes the account and everything personal to it, in one transaction: sessions, reset and email links,
 * notifications and preferences, reservations and the shop go by ON DELETE CASCADE; the names and places copied into
 * ownership history become "Former owner" (the history itself stays: it belongs to the instruments), while a
 * maker's shop name stays on the passports they made, as "account closed". Returns the
 * media to remove afterwards: the avatar and every upload of theirs not part of an instrument's passport.
 * Their handle, shop address and held old handles stay held by nobody (holdHandlesOfDeleted).
 */
export async function deleteAccountData(db: Db, userId: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ avatar: users.avatarMediaId, handle: users.handle })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) return [];
    const personal = await tx
      .select({ id: media.id })
      .from(media)
      .where(
        and(
          or(eq(media.ownerId, userId), user.avatar ? eq(media.id, user.avatar) : undefined),
          notExists(
            tx
              .select({ id: instrumentImages.id })
              .from(instrumentImages)
              .where(eq(instrumentImages.mediaId, media.id)),
          ),
        ),
      );
    // The passports a maker made keep saying who made them: the shop goes, its name stays as history.
    const [shop] = await tx
      .select({ id: shops.id, name: shops.name })
      .from(shops)
      .where(eq(shops.ownerId, userId));
    if (shop)
      await tx
        .update(instruments)
        .set({ formerMakerName: shop.name })
        .where(eq(instruments.makerShopId, shop.id));
    await tx
      .update(ownershipRecords)
      .set({ ownerName: 'Former owner', location: null })
      .where(eq(ownershipRecords.userId, userId));
    // Passport photos they uploaded stay with the instrument, without a link back to the deleted person.
    await tx.update(media).set({ ownerId: null }).where(eq(media.ownerId, userId));
    await holdHandlesOfDeleted(tx, userId, user.handle);
    await tx.delete(users).where(eq(users.id, userId));
    return personal.map((m) => m.id);
  });
}

/**
 * A deleted person's handles are held by nobody for RENAME_HOLD_DAYS from the deletion: their handle and shop
 * address, and the old handles they still held. Otherwise anyone could take the name their followers, buyers and
 * passports knew them by the moment they left, and pose as them. A hold without a person redirects nowhere.
 */
async function holdHandlesOfDeleted(
  tx: Pick<Db, 'select' | 'insert' | 'update'>,
  userId: string,
  handle: string | null,
) {
  const now = new Date();
  const expiresAt = new Date(now.getTime() + RENAME_HOLD_DAYS * 24 * 60 * 60 * 1000);
  const held = { userId: null, expiresAt, kind: 'deleted' as const, createdAt: now };
  await tx
    .update(handleHolds)
    .set(held)
    .where(and(eq(handleHolds.userId, userId), eq(handleHolds.kind, 'renamed')));
  const shopHandles = await tx.select({ slug: shops.slug }).from(shops).where(eq(shops.ownerId, userId));
  const current = [...new Set([handle, ...shopHandles.map((s) => s.slug)].filter((h): h is string => !!h))];
  for (const h of current)
    await tx
      .insert(handleHolds)
      .values({ handle: h, ...held })
      .onConflictDoUpdate({ target: handleHolds.handle, set: held });
}
