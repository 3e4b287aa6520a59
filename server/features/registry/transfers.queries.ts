import crypto from 'node:crypto';
import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { TRANSFER_DAYS, type Transfer } from '../../../contract/registry';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { today } from '../../db/builders/registry';
import { instrumentListings, instruments, ownershipRecords, transfers, users } from '../../db/schema';
import { listingOf } from '../../db/listings';
import { conflict, isUniqueViolation } from '../../plugins/errors';
import type { SessionUser } from '../../plugins/sessions';
import { recordPassportEvent, recordPassportEvents } from '../../log/passport-events';
import { notify } from '../../notify/notifications';
import { offerNotice } from '../../notify/offer-notices';
import { mailOfferWithdrawn, verifiedAccountFor } from './notices';
import { closeSale } from '../purchase-offers/sale';

const DAY_MS = 24 * 60 * 60 * 1000;
type Row = typeof transfers.$inferSelect;

export const stolenConflict = () =>
  conflict(
    'This instrument is reported stolen: it cannot change hands until its owner marks it recovered.',
    'INSTRUMENT_STOLEN',
  );

const nameOf = async (db: Db, instrumentId: string) =>
  (await db.select({ name: instruments.name }).from(instruments).where(eq(instruments.id, instrumentId)))[0]
    ?.name ?? 'an instrument';

/** The account an offer reaches: the named account, or the one that has proven the address it was sent to. */
export const recipientAccount = (db: Db, t: Pick<Row, 'toUserId' | 'toEmail'>) =>
  t.toUserId ? Promise.resolve(t.toUserId) : verifiedAccountFor(db, t.toEmail);

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
    price: number | null;
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

/**
 * Offers made to an account (by handle) reach it; offers made to an address reach only an account that has
 * proven that exact address, so registering someone else's address never reveals what was sent to them.
 */
export const recipientIs = (user: SessionUser) =>
  user.emailVerified
    ? or(eq(transfers.toUserId, user.id), and(isNull(transfers.toUserId), eq(transfers.toEmail, user.email)))
    : eq(transfers.toUserId, user.id);

const closed = () => conflict('This offer is no longer open.', 'TRANSFER_CLOSED');

/**
 * Acceptance moves ownership in one transaction. The conditional update on the transfer row is the arbiter:
 * of two concurrent accepts only one sees status 'pending'; the other gets 409 and changes nothing.
 */
export async function acceptTransfer(ctx: AppContext, id: string, user: SessionUser) {
  const { db } = ctx;
  await expireDueTransfers(db, ctx);
  await db.transaction(async (tx) => {
    const [t] = await tx
      .update(transfers)
      .set({ status: 'accepted', respondedAt: new Date(), toUserId: user.id })
      .where(
        and(
          eq(transfers.id, id),
          eq(transfers.status, 'pending'),
          gt(transfers.expiresAt, new Date()),
          recipientIs(user),
        ),
      )
      .returning();
    if (!t) throw closed();
    const [moved] = await tx
      .update(instruments)
      .set({ currentOwnerId: user.id, updatedAt: new Date() })
      .where(
        and(
          eq(instruments.id, t.instrumentId),
          eq(instruments.status, 'active'),
          t.fromUserId ? eq(instruments.currentOwnerId, t.fromUserId) : sql`false`,
        ),
      )
      .returning({ id: instruments.id, name: instruments.name });
    if (!moved) {
      const [now] = await tx
        .select({ status: instruments.status })
        .from(instruments)
        .where(eq(instruments.id, t.instrumentId));
      if (now?.status === 'stolen') throw stolenConflict();
      throw conflict('The instrument changed hands since this offer was made.', 'TRANSFER_STALE');
    }
    // A sold instrument leaves its previous owner's storefront as it changes hands.
    await tx.delete(instrumentListings).where(eq(instrumentListings.instrumentId, t.instrumentId));
    await closeSale(ctx, tx, { ...t, buyerId: user.id });
    await tx
      .update(ownershipRecords)
      .set({ endDate: today() })
      .where(and(eq(ownershipRecords.instrumentId, t.instrumentId), isNull(ownershipRecords.endDate)));
    const [me] = await tx.select({ location: users.location }).from(users).where(eq(users.id, user.id));
    await tx.insert(ownershipRecords).values({
      instrumentId: t.instrumentId,
      userId: user.id,
      hadAccount: true,
      ownerName: user.displayName,
      location: me?.location ?? null,
      startDate: today(),
      acquisitionMethod: t.method,
      purchasePrice: t.price,
      purchaseCurrency: t.priceCurrency,
    });
    await recordPassportEvent(tx, {
      instrumentId: t.instrumentId,
      actorId: user.id,
      type: 'transfer_accepted',
      data: { method: t.method },
    });
    if (t.fromUserId) await notify(ctx, tx, [offerNotice('offer_accepted', t.fromUserId, moved.name, t.id)]);
  });
}

/** Decline (recipient) or cancel (sender): only a pending, unexpired offer changes; the other side is told. */
export async function closeTransfer(
  ctx: AppContext,
  id: string,
  user: SessionUser,
  action: 'declined' | 'cancelled',
) {
  const { db } = ctx;
  await expireDueTransfers(db, ctx);
  const mailOnly = await db.transaction(async (tx) => {
    const who = action === 'declined' ? recipientIs(user) : eq(transfers.fromUserId, user.id);
    const [t] = await tx
      .update(transfers)
      .set({ status: action, respondedAt: new Date() })
      .where(and(eq(transfers.id, id), eq(transfers.status, 'pending'), who))
      .returning();
    if (!t) throw closed();
    await recordPassportEvent(tx, {
      instrumentId: t.instrumentId,
      actorId: user.id,
      type: action === 'declined' ? 'transfer_declined' : 'transfer_cancelled',
      data: { method: t.method },
    });
    const other = action === 'declined' ? t.fromUserId : await recipientAccount(tx, t);
    const name = await nameOf(tx, t.instrumentId);
    if (other)
      await notify(ctx, tx, [
        offerNotice(action === 'declined' ? 'offer_declined' : 'offer_cancelled', other, name, t.id),
      ]);
    // A cancelled offer to an address no account has proven: that address was told by mail, and is again.
    return !other && action === 'cancelled' ? { offer: t, name } : null;
  });
  if (mailOnly) await mailOfferWithdrawn(ctx, mailOnly.offer, mailOnly.name, 'cancelled');
}
