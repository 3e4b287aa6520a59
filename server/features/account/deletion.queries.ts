import { and, eq, notExists, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { instrumentImages, instruments, media, ownershipRecords, shops, users } from '../../db/schema';

/**
 * Deletes the account and everything personal to it, in one transaction: sessions, reset and email links,
 * notifications and preferences, holds and the shop go by ON DELETE CASCADE; the names and places copied into
 * ownership history become "Former owner" (the history itself stays: it belongs to the instruments), while a
 * maker's shop name stays on the passports they made, as "account closed". Returns the
 * media to remove afterwards: the avatar and every upload of theirs not part of an instrument's passport.
 */
export async function deleteAccountData(db: Db, userId: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ avatar: users.avatarMediaId })
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
    await tx.delete(users).where(eq(users.id, userId));
    return personal.map((m) => m.id);
  });
}
