import crypto from 'node:crypto';
import { and, eq, lte } from 'drizzle-orm';
import { TRANSFER_DAYS, type Transfer } from '../../contract/registry';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { listingOf } from '../db/listings';
import { instruments, transfers } from '../db/schema';
import { recordPassportEvent, recordPassportEvents } from '../log/passport-events';
import { notify } from '../notify/notifications';
import { offerNotice } from '../notify/offer-notices';
import { conflict, isUniqueViolation } from '../plugins/errors';
import { lapseAcceptedOffer } from './purchase-sale';

// Making an offer of ownership (a transfer) and expiring overdue ones: the registry's transfers and the purchase
// offers' acceptance both make transfers through createOffer, so every rule and log event applies to both.

const DAY_MS = 24 * 60 * 60 * 1000;
type Row = typeof transfers.$inferSelect;

export const stolenConflict = () =>
  conflict(
    'This instrument is reported stolen: it cannot change hands until its owner marks it recovered.',
    'INSTRUMENT_STOLEN',
  );

export const nameOf = async (db: Db, instrumentId: string) =>
  (await db.select({ name: instruments.name }).from(instruments).where(eq(instruments.id, instrumentId)))[0]
    ?.name ?? 'an instrument';

/** Offers past their 14 days become expired when anyone reads or acts on transfers (no scheduler needed). */
export async function expireDueTransfers(db: Db, ctx?: AppContext): Promise<void> {
  await db.transaction(async (tx) => {
    const expired = await tx
      .update(transfers)
      .set({ status: 'expired', respondedAt: new Date() })
      .where(and(eq(transfers.status, 'pending'), lte(transfers.expiresAt, new Date())))
      .returning({
        id: transfers.id,
        instrumentId: transfers.instrumentId,
        fromUserId: transfers.fromUserId,
      });
    if (!expired.length) return;
    for (const t of expired) await lapseAcceptedOffer(ctx ?? {}, tx, t, 'expired');
    await recordPassportEvents(
      tx,
      expired.map((t) => ({ instrumentId: t.instrumentId, type: 'transfer_expired' as const, data: {} })),
    );
    if (!ctx) return;
    const notices = [];
    for (const t of expired)
      if (t.fromUserId)
        notices.push(offerNotice('offer_expired', t.fromUserId, await nameOf(tx, t.instrumentId), t.id));
    await notify(ctx, tx, notices);
  });
}

export async function createOffer(
  db: Db,
  offer: {
    instrumentId: string;
    fromUserId: string;
    toUserId: string | null;
    toEmail: string;
    toLabel: string;
    method: Transfer['method'];
    price: string | null;
    priceCurrency: string | null;
  },
  after?: (tx: Db, row: Row) => Promise<void>,
) {
  await expireDueTransfers(db);
  try {
    return await db.transaction(async (tx) => {
      // Checked inside the transaction: a stolen report between the route's check and here still wins.
      const [inst] = await tx
        .select({ status: instruments.status })
        .from(instruments)
        .where(eq(instruments.id, offer.instrumentId))
        .for('update');
      if (inst?.status === 'stolen') throw stolenConflict();
      // A sale of an instrument its owner lists for sale links the listing: the offer keeps what was asked.
      const listing = offer.method === 'purchase' ? await listingOf(tx, offer.instrumentId) : null;
      const listed =
        listing?.status === 'for-sale'
          ? {
              fromListing: true,
              listedPrice: listing.price,
              listedCurrency: listing.currency,
              listedNote: listing.note,
            }
          : {};
      const [row] = await tx
        .insert(transfers)
        .values({
          ...offer,
          ...listed,
          id: crypto.randomBytes(18).toString('base64url'),
          expiresAt: new Date(Date.now() + TRANSFER_DAYS * DAY_MS),
        })
        .returning();
      if (!row) throw new Error('transfer insert returned nothing');
      await recordPassportEvent(tx, {
        instrumentId: offer.instrumentId,
        actorId: offer.fromUserId,
        type: 'transfer_offered',
        data: { method: offer.method },
      });
      if (after) await after(tx, row);
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(
        'This instrument already has an open transfer offer. Cancel it first.',
        'TRANSFER_PENDING',
      );
    throw error;
  }
}
