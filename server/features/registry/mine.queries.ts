import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { instruments, shops, users } from '../../db/schema';
import { summaryColumns, withPrimaryImages } from './list.queries';

/** The dashboard's registry part: what I own, what my shop registered, my shop's status, my privacy choice. */
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
  const [owned, registered, [me]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(instruments)
      .leftJoin(shops, eq(shops.id, instruments.makerShopId))
      .where(eq(instruments.currentOwnerId, userId))
      .orderBy(desc(instruments.updatedAt))
      .limit(100),
    shop
      ? db
          .select(summaryColumns)
          .from(instruments)
          .leftJoin(shops, eq(shops.id, instruments.makerShopId))
          .where(eq(instruments.makerShopId, shop.id))
          .orderBy(desc(instruments.createdAt))
          .limit(100)
      : Promise.resolve([]),
    db.select({ ownerPrivacy: users.ownerPrivacy }).from(users).where(eq(users.id, userId)),
  ]);
  return {
    owned: await withPrimaryImages(db, owned),
    registered: await withPrimaryImages(db, registered),
    shop: shop ?? null,
    ownerPrivacy: me?.ownerPrivacy ?? false,
  };
}
