import { and, eq, inArray, or } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { purchaseOffers } from '../db/schema';
import { amountText, declineOthers, isOpen, namesOf, nowOf, recordStep } from './offer-steps';

/**
 * Called by the registry in the transaction that accepts a transfer (the sale itself): the offer that made the
 * transfer, or the buyer's open offer when the seller made the transfer by hand, is sold; every other open offer on
 * the instrument is declined and its buyer told. The registry removes the listing in the same transaction.
 */
export async function closeSale(
  ctx: AppContext,
  tx: Db,
  t: {
    id: string;
    instrumentId: string;
    buyerId: string;
    price: string | null;
    priceCurrency: string | null;
  },
): Promise<void> {
  const now = nowOf(ctx);
  const byHand =
    t.price != null && t.priceCurrency
      ? and(eq(purchaseOffers.instrumentId, t.instrumentId), eq(purchaseOffers.buyerId, t.buyerId), isOpen())
      : undefined;
  const [sold] = await tx
    .update(purchaseOffers)
    .set({
      status: 'sold',
      transferId: t.id,
      soldAt: now,
      updatedAt: now,
      ...(t.price != null && t.priceCurrency ? { price: t.price, currency: t.priceCurrency } : {}),
    })
    .where(
      or(
        and(
          eq(purchaseOffers.transferId, t.id),
          inArray(purchaseOffers.status, ['accepted', 'open', 'countered']),
        ),
        byHand,
      ),
    )
    .returning();
  if (sold) {
    const n = await namesOf(tx, sold);
    const amount = amountText(sold.price, sold.currency);
    await recordStep(ctx, tx, {
      conversationId: sold.conversationId,
      actorId: sold.buyerId,
      line: `Accepted the ownership transfer: "${n.instrument}" is sold to ${n.buyer} for ${amount}.`,
      notices: [
        {
          userId: sold.sellerId,
          title: `Sold: ${n.instrument} for ${amount}`,
          body: `${n.buyer} accepted the ownership transfer of "${n.instrument}" for ${amount}. The listing is closed as sold.`,
        },
      ],
    });
  }
  for (const other of await declineOthers(tx, t.instrumentId, sold?.id ?? null, now)) {
    const n = await namesOf(tx, other);
    const amount = amountText(other.price, other.currency);
    await recordStep(ctx, tx, {
      conversationId: other.conversationId,
      actorId: other.sellerId,
      line: `"${n.instrument}" was sold to another buyer: this offer of ${amount} is declined.`,
      notices: [
        {
          userId: other.buyerId,
          title: `${n.instrument} was sold: your offer of ${amount} is declined`,
          body: `"${n.instrument}" was sold to another buyer, so your offer of ${amount} is closed.`,
        },
      ],
    });
  }
}

/**
 * Called by the registry in the transaction that closes a transfer without a sale: the offer whose acceptance made
 * it does not stay "accepted" with nothing left to accept. It closes as what happened (the buyer declined the
 * transfer: withdrawn; its seller cancelled it, or a stolen report did: declined; nobody answered: expired), the
 * line goes into their conversation and the side that did not act is told (where the caller can notify).
 */
export async function lapseAcceptedOffer(
  ctx: Pick<AppContext, 'clock'> & Partial<AppContext>,
  tx: Db,
  t: { id: string },
  outcome: 'declined' | 'cancelled' | 'expired',
): Promise<void> {
  const status = outcome === 'declined' ? 'withdrawn' : outcome === 'cancelled' ? 'declined' : 'expired';
  const [lapsed] = await tx
    .update(purchaseOffers)
    .set({ status, updatedAt: nowOf(ctx) })
    .where(and(eq(purchaseOffers.transferId, t.id), eq(purchaseOffers.status, 'accepted')))
    .returning();
  if (!lapsed || !isContext(ctx)) return;
  const n = await namesOf(tx, lapsed);
  const amount = amountText(lapsed.price, lapsed.currency);
  const byBuyer = outcome === 'declined';
  const what =
    outcome === 'declined'
      ? `${n.buyer} declined the ownership transfer`
      : outcome === 'cancelled'
        ? `${n.seller} cancelled the ownership transfer`
        : 'Nobody accepted the ownership transfer in time';
  await recordStep(ctx, tx, {
    conversationId: lapsed.conversationId,
    actorId: byBuyer ? lapsed.buyerId : lapsed.sellerId,
    line: `${what}: the agreed sale at ${amount} did not happen, and this offer is closed.`,
    notices: (outcome === 'expired'
      ? [lapsed.buyerId, lapsed.sellerId]
      : [byBuyer ? lapsed.sellerId : lapsed.buyerId]
    ).map((userId) => ({
      userId,
      title: `No sale: ${n.instrument} at ${amount}`,
      body: `${what} of "${n.instrument}" at ${amount}. The offer is closed.`,
    })),
  });
}

const isContext = (ctx: Partial<AppContext>): ctx is AppContext => Boolean(ctx.db);
