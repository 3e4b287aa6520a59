import { desc, eq, sql } from 'drizzle-orm';
import { ownerIsPublic } from '../../log/public-projection';
import type { Db } from '../../db/client';
import { instrumentListings, instruments, shops, transfers, users } from '../../db/schema';
import { photoColumns, primaryPhoto } from '../../media/primary-photo';
import { summaryColumns, toSummary } from './list.queries';

/**
 * The dashboard's registry part: what I own, what my shop registered, my shop's status, my privacy choice, and
 * the currency I usually price in (the transfer form's default when the instrument has no listing).
 */
export async function myRegistry(db: Db, userId: string) {
  const [shop] = await db
    .select({
      id: shops.id,
      name: shops.name,
      slug: shops.slug,
      published: shops.published,
      verified: shops.verified,
    })
    .from(shops)
    .where(eq(shops.ownerId, userId));
  const photo = primaryPhoto(db);
  const cards = { ...summaryColumns, photo: photoColumns(photo) };
  const [owned, registered, [me]] = await Promise.all([
    db
      .select(cards)
      .from(instruments)
      .leftJoin(shops, eq(shops.id, instruments.makerShopId))
      .leftJoinLateral(photo, sql`true`)
      .where(eq(instruments.currentOwnerId, userId))
      .orderBy(desc(instruments.updatedAt))
      .limit(100),
    shop
      ? db
          .select(cards)
          .from(instruments)
          .leftJoin(shops, eq(shops.id, instruments.makerShopId))
          .leftJoinLateral(photo, sql`true`)
          .where(eq(instruments.makerShopId, shop.id))
          .orderBy(desc(instruments.createdAt))
          .limit(100)
      : Promise.resolve([]),
    db
      .select({ ownerPrivacy: users.ownerPrivacy, usualCurrency: usualCurrency(userId) })
      .from(users)
      .where(eq(users.id, userId)),
  ]);
  return {
    owned: owned.map((row) => toSummary(row, userId)),
    registered: registered.map((row) => toSummary(row, userId)),
    shop: shop ?? null,
    ownerPrivacy: !ownerIsPublic(me?.ownerPrivacy),
    ownerPrivacyChosen: me?.ownerPrivacy != null,
    usualCurrency: me?.usualCurrency ?? null,
  };
}

/**
 * The currency of the person's latest priced offer, else of their latest priced listing, else of the estimated value
 * they last set on an instrument they own (instruments_owner_idx), else the one onboarding gave them from their
 * shop's country; null if none.
 */
const usualCurrency = (userId: string) => sql<string | null>`coalesce(
  (select ${transfers.priceCurrency} from ${transfers}
    where ${transfers.fromUserId} = ${userId} and ${transfers.priceCurrency} is not null
    order by ${transfers.createdAt} desc limit 1),
  (select ${instrumentListings.currency} from ${instrumentListings}
    where ${instrumentListings.ownerId} = ${userId} and ${instrumentListings.currency} is not null
    order by ${instrumentListings.updatedAt} desc limit 1),
  (select ${instruments.estimatedValueCurrency} from ${instruments}
    where ${instruments.currentOwnerId} = ${userId} and ${instruments.estimatedValueCurrency} is not null
    order by ${instruments.updatedAt} desc limit 1),
  ${users.usualCurrency})`;
