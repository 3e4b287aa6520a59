import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { ShopCourse, ShopInstrument } from '../../../contract/profiles';
import type { Db } from '../../db/client';
import { courses, instruments, shops } from '../../db/schema';
import { mediaUrl } from '../../media/media-store';
import { primaryPhoto } from '../../media/primary-photo';
import { listedNow, listingsFor } from '../../db/listings';

/** How many of the maker's passports the storefront shows; the rest are one registry search away. */
export const SHOP_INSTRUMENTS_SHOWN = 12;

/**
 * The passports this shop built, newest first, each with its primary photo (one statement); with
 * `portfolioOnly`, only those the maker marked as portfolio pieces.
 */
export async function shopInstruments(
  db: Db,
  shopId: string,
  { portfolioOnly = false, listedBy }: { portfolioOnly?: boolean; listedBy?: string } = {},
): Promise<{ count: number; items: ShopInstrument[] }> {
  const photo = primaryPhoto(db);
  const rows = await db
    .select({
      id: instruments.id,
      passportCode: instruments.passportCode,
      name: instruments.name,
      instrumentType: instruments.instrumentType,
      yearMade: instruments.yearMade,
      verified: instruments.verified,
      staticUrl: photo.staticUrl,
      mediaId: photo.mediaId,
      widths: photo.widths,
      // The maker's count is kept on the shop (triggers): a window count read every passport the maker made
      // (at 1,000,000 passports, tens of thousands per maker), where the page itself is a short index walk.
      count: portfolioOnly
        ? sql<number>`(count(*) over ())::int`
        : sql<number>`(select ${shops.instrumentCount} from ${shops} where ${shops.id} = ${shopId})`,
    })
    .from(instruments)
    .leftJoinLateral(photo, sql`true`)
    .where(
      listedBy
        ? and(eq(instruments.currentOwnerId, listedBy), eq(instruments.status, 'active'), listedNow())
        : portfolioOnly
          ? and(eq(instruments.makerShopId, shopId), eq(instruments.portfolio, true))
          : eq(instruments.makerShopId, shopId),
    )
    .orderBy(desc(instruments.createdAt), desc(instruments.id))
    .limit(SHOP_INSTRUMENTS_SHOWN);
  return {
    count: rows[0]?.count ?? 0,
    items: rows.map(({ staticUrl, mediaId, widths, count: _c, ...r }) => ({
      ...r,
      imageUrl: mediaId && widths?.length ? mediaUrl({ id: mediaId, widths }, 640) : (staticUrl ?? null),
    })),
  };
}

/** What the shop's owner lists (for sale or open to commissions), each with its listing, newest first. */
export async function shopListings(db: Db, shopId: string, ownerId: string) {
  const { items } = await shopInstruments(db, shopId, { listedBy: ownerId });
  const listings = await listingsFor(
    db,
    items.map((i) => i.id),
  );
  return items.flatMap((item) => {
    const listing = listings.get(item.id);
    return listing ? [{ ...item, listing }] : [];
  });
}

/** The courses the shop's owner teaches. */
export async function shopCourses(db: Db, ownerId: string): Promise<ShopCourse[]> {
  return db
    .select({
      id: courses.id,
      slug: courses.slug,
      title: courses.title,
      level: courses.level,
      coverImage: courses.coverImageUrl,
    })
    .from(courses)
    .where(and(eq(courses.instructorUserId, ownerId), eq(courses.status, 'published')))
    .orderBy(asc(courses.title));
}
