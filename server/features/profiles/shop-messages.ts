import { and, eq, exists, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { instrumentListings, instruments } from '../../db/schema';

/**
 * A conversation may be about an instrument whose tie to the shop is public: one the shop made (its passport
 * names the maker), or one the shop's owner lists on the storefront. An instrument the owner merely holds is
 * private, so it is refused exactly like an instrument that is not theirs at all: the answer never tells who
 * holds what.
 */
export async function isShopInstrument(
  db: Db,
  shop: { id: string; ownerId: string },
  instrumentId: string,
): Promise<boolean> {
  const listed = db
    .select({ id: instrumentListings.instrumentId })
    .from(instrumentListings)
    .where(
      and(eq(instrumentListings.instrumentId, instruments.id), eq(instrumentListings.ownerId, shop.ownerId)),
    );
  const [row] = await db
    .select({ id: instruments.id })
    .from(instruments)
    .where(
      and(
        eq(instruments.id, instrumentId),
        or(
          eq(instruments.makerShopId, shop.id),
          and(eq(instruments.currentOwnerId, shop.ownerId), exists(listed)),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}
