import { and, eq } from 'drizzle-orm';
import type { ListingInput, PublicListing } from '../../../contract/listings';
import type { Db } from '../../db/client';
import { listingOf, toListing } from '../../db/listings';
import { instrumentListings, instruments, shops } from '../../db/schema';

type Parsed = { [K in keyof ListingInput]: Exclude<ListingInput[K], number> };

/** Sets or removes the listing of an instrument the caller owns (the route checked ownership). */
export async function setListing(db: Db, instrumentId: string, ownerId: string, input: Parsed) {
  if (input.status === 'not-listed') {
    await db.delete(instrumentListings).where(eq(instrumentListings.instrumentId, instrumentId));
    return null;
  }
  const values = {
    ownerId,
    status: input.status,
    price: input.price ?? null,
    currency: input.price ? (input.currency ?? null) : null,
    note: input.note ?? null,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(instrumentListings)
    .values({ instrumentId, ...values })
    .onConflictDoUpdate({ target: instrumentListings.instrumentId, set: values })
    .returning();
  if (!row) throw new Error('listing upsert returned nothing');
  return toListing(row);
}

/** The listing beside a public passport, with the seller's shop when it is published; null for an unknown code. */
export async function publicListing(db: Db, passportCode: string): Promise<PublicListing | null> {
  const [inst] = await db
    .select({ id: instruments.id, ownerId: instruments.currentOwnerId })
    .from(instruments)
    .where(eq(instruments.passportCode, passportCode));
  if (!inst) return null;
  const listing = await listingOf(db, inst.id);
  const [shop] =
    listing && inst.ownerId
      ? await db
          .select({ name: shops.name, slug: shops.slug })
          .from(shops)
          .where(and(eq(shops.ownerId, inst.ownerId), eq(shops.published, true)))
      : [];
  return { listing, shop: shop ?? null, instrumentId: inst.id };
}
