import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { today } from '../../db/builders/registry';
import { instrumentListings, instruments, ownershipRecords, transfers, users } from '../../db/schema';
import { conflict } from '../../plugins/errors';
import type { SessionUser } from '../../plugins/sessions';
import { recordPassportEvent } from '../../log/passport-events';
import { notify } from '../../notify/notifications';
import { offerNotice } from '../../notify/offer-notices';
import { mailOfferWithdrawn, verifiedAccountFor } from './notices';
import { closeSale, lapseAcceptedOffer } from '../../market/purchase-sale';

type Row = typeof transfers.$inferSelect;

import { expireDueTransfers, nameOf, stolenConflict } from '../../market/transfer-offer';

export { createOffer, expireDueTransfers, stolenConflict } from '../../market/transfer-offer';

/**
 * What an owner keeps for themselves on the passport row, emptied as ownership passes (their purchase price lives
 * on their own ownership record, their offers and listing are theirs alone: neither reaches the next owner).
 */
const OWNER_PRIVATE_CLEARED = { estimatedValue: null, estimatedValueCurrency: null } as const;
/** The account an offer reaches: the named account, or the one that has proven the address it was sent to. */
export const recipientAccount = (db: Db, t: Pick<Row, 'toUserId' | 'toEmail'>) =>
  t.toUserId ? Promise.resolve(t.toUserId) : verifiedAccountFor(db, t.toEmail);

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
      // The estimate is the owner's own figure: the new owner starts without the previous owner's.
      .set({ currentOwnerId: user.id, ...OWNER_PRIVATE_CLEARED, updatedAt: new Date() })
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
    await lapseAcceptedOffer(ctx, tx, t, action);
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
