import { and, desc, eq } from 'drizzle-orm';
import { priceText } from '../../../contract/currencies';
import type { SoldItem } from '../../../contract/purchase-offers';
import type { Db } from '../../db/client';
import { instruments, purchaseOffers, shops } from '../../db/schema';

/** A published shop's sold instruments (through an offer), newest first; prices only where the seller shows them. */
export async function soldByShop(db: Db, slug: string): Promise<SoldItem[] | null> {
  const [shop] = await db
    .select({ ownerId: shops.ownerId })
    .from(shops)
    .where(and(eq(shops.slug, slug.toLowerCase()), eq(shops.published, true)))
    .limit(1);
  if (!shop) return null;
  const rows = await db
    .select({
      name: instruments.name,
      passportCode: instruments.passportCode,
      soldAt: purchaseOffers.soldAt,
      updatedAt: purchaseOffers.updatedAt,
      price: purchaseOffers.price,
      currency: purchaseOffers.currency,
      shown: purchaseOffers.soldPriceShown,
    })
    .from(purchaseOffers)
    .innerJoin(instruments, eq(instruments.id, purchaseOffers.instrumentId))
    .where(and(eq(purchaseOffers.sellerId, shop.ownerId), eq(purchaseOffers.status, 'sold')))
    .orderBy(desc(purchaseOffers.soldAt))
    .limit(50);
  return rows.map((r) => ({
    instrument: { name: r.name, passportCode: r.passportCode },
    soldAt: (r.soldAt ?? r.updatedAt).toISOString(),
    price: r.shown ? priceText(r.price, r.currency) : null,
    currency: r.shown ? r.currency : null,
  }));
}

/** The seller's choice to show a sold instrument's price; only a sold offer of theirs changes. */
export async function setSoldPriceShown(db: Db, id: string, sellerId: string, shown: boolean) {
  const [row] = await db
    .update(purchaseOffers)
    .set({ soldPriceShown: shown })
    .where(
      and(
        eq(purchaseOffers.id, id),
        eq(purchaseOffers.sellerId, sellerId),
        eq(purchaseOffers.status, 'sold'),
      ),
    )
    .returning({ id: purchaseOffers.id });
  return row ?? null;
}
