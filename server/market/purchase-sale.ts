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
