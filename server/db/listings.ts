import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { priceText } from '../../contract/currencies';
import type { Listing } from '../../contract/listings';
import type { Db } from './client';
import { instrumentListings, instruments } from './schema';

// Listings are read by several areas (the registry, the storefront, the public passport, transfers), so their
// one rule lives here: a listing counts only while the person who made it still owns an active instrument.
// Acceptance of a transfer deletes the row too; this rule also covers an instrument reported stolen.

const current = () =>
  and(eq(instrumentListings.ownerId, instruments.currentOwnerId), eq(instruments.status, 'active')) as SQL;

/** For a query over `instruments`: the instrument is listed for sale by its owner now. */
export const forSaleNow = () =>
  sql`(${instruments.status} = 'active' and exists (select 1 from ${instrumentListings} where ${instrumentListings.instrumentId} = ${instruments.id} and ${instrumentListings.status} = 'for-sale' and ${instrumentListings.ownerId} = ${instruments.currentOwnerId}))`;

/** For a query over `instruments`: its owner lists it now (for sale or open to commissions). */
export const listedNow = () =>
  sql`exists (select 1 from ${instrumentListings} where ${instrumentListings.instrumentId} = ${instruments.id} and ${instrumentListings.ownerId} = ${instruments.currentOwnerId})`;

type Row = typeof instrumentListings.$inferSelect;

export function toListing(row: Pick<Row, 'status' | 'price' | 'currency' | 'note' | 'updatedAt'>): Listing {
  return {
    status: row.status,
    price: row.price && row.currency ? priceText(row.price, row.currency) : null,
    currency: row.price ? row.currency : null,
    note: row.note,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The current listings of these instruments, by instrument id (unlisted ones are absent). */
export async function listingsFor(db: Db, instrumentIds: string[]): Promise<Map<string, Listing>> {
  if (instrumentIds.length === 0) return new Map();
  const rows = await db
    .select({ listing: instrumentListings })
    .from(instrumentListings)
    .innerJoin(instruments, eq(instruments.id, instrumentListings.instrumentId))
    .where(and(inArray(instrumentListings.instrumentId, instrumentIds), current()));
  return new Map(rows.map(({ listing }) => [listing.instrumentId, toListing(listing)]));
}

export async function listingOf(db: Db, instrumentId: string): Promise<Listing | null> {
  return (await listingsFor(db, [instrumentId])).get(instrumentId) ?? null;
}
