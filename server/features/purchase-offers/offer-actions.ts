import { and, eq, gt, or } from 'drizzle-orm';
import { decimalsError } from '../../../contract/currencies';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { listingOf } from '../../db/listings';
import { instruments, purchaseOffers, users } from '../../db/schema';
import { badRequest, conflict, forbidden } from '../../plugins/errors';
import type { SessionUser } from '../../plugins/sessions';
import { notify } from '../../notify/notifications';
import { offerNotice } from '../../notify/offer-notices';
import { createOffer } from '../../market/transfer-offer';
import {
  closedOffer,
  dueOffers,
  emailUnproven,
  expiryFrom,
  isOpen,
  isUniqueViolation,
  newOfferId,
  nowOf,
  oneOpenOffer,
  type OfferRow,
} from './purchase-offers.queries';
import { amountText, namesOf, offerConversation, openUntil, recordStep } from '../../market/offer-steps';

/** Offers past their time are closed as expired, and both sides told (before any write, and every minute). */
export async function expireDueOffers(ctx: AppContext, instrumentId?: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    for (const o of await dueOffers(tx, nowOf(ctx), instrumentId)) {
      const n = await namesOf(tx, o);
      const amount = amountText(o.price, o.currency);
      const title = `The offer of ${amount} for ${n.instrument} expired`;
      const body = `Nobody answered the offer of ${amount} for "${n.instrument}" in time. It is closed.`;
      await recordStep(ctx, tx, {
        conversationId: o.conversationId,
        actorId: o.status === 'countered' ? o.sellerId : o.buyerId,
        line: `This offer of ${amount} expired without an answer.`,
        notices: [o.buyerId, o.sellerId].map((userId) => ({ userId, title, body })),
      });
    }
  });
}

/** An amount with more decimals than its currency has (¥4500.50) is refused on the price field. */
function refuseExtraDecimals(price: string, currency: string) {
  const message = decimalsError(price, currency);
  if (message) throw badRequest(message, { price: message });
}

/** A buyer's offer on an instrument its owner lists for sale; the listing's currency unless another is given. */
export async function makePurchaseOffer(
  ctx: AppContext,
  instrument: { id: string; name: string; currentOwnerId: string | null },
  user: SessionUser,
  input: { price: string; currency?: string | null; message?: string | null },
) {
  if (!user.emailVerified) throw emailUnproven();
  if (instrument.currentOwnerId === user.id) throw forbidden('You own this instrument.');
  const listing = await listingOf(ctx.db, instrument.id);
  if (listing?.status !== 'for-sale' || !instrument.currentOwnerId)
    throw conflict('This instrument is not listed for sale.', 'NOT_FOR_SALE');
  const currency = input.currency ?? listing.currency;
  if (!currency) {
    const message = 'Choose the currency of your offer.';
    throw badRequest(message, { currency: message });
  }
  refuseExtraDecimals(input.price, currency);
  const sellerId = instrument.currentOwnerId;
  await expireDueOffers(ctx, instrument.id);
  const now = nowOf(ctx);
  try {
    return await ctx.db.transaction(async (tx) => {
      const conversationId = await offerConversation(tx, {
        buyerId: user.id,
        sellerId,
        instrumentId: instrument.id,
      });
      const [row] = await tx
        .insert(purchaseOffers)
        .values({
          id: newOfferId(),
          instrumentId: instrument.id,
          sellerId,
          buyerId: user.id,
          price: input.price,
          currency,
          listedPrice: listing.price,
          listedCurrency: listing.currency,
          message: input.message ?? null,
          expiresAt: expiryFrom(now),
          conversationId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('purchase offer insert returned nothing');
      const amount = amountText(row.price, row.currency);
      const n = await namesOf(tx, row);
      await recordStep(ctx, tx, {
        conversationId,
        actorId: user.id,
        line: `Offer: ${amount} for "${instrument.name}", ${openUntil(row.expiresAt)}.${
          row.message ? `\n\n${row.message}` : ''
        }`,
        notices: [
          {
            userId: sellerId,
            title: `Offer of ${amount} for ${instrument.name}`,
            body: `${n.buyer} offers ${amount} for "${instrument.name}". Accept, counter or decline it; it is ${openUntil(row.expiresAt)}.`,
          },
        ],
      });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw oneOpenOffer();
    throw error;
  }
}

type Action = 'accept' | 'decline' | 'counter' | 'withdraw';

/** Who may take which step: the seller answers an open offer, the buyer answers a counter-offer. */
function allowed(o: OfferRow, userId: string, action: Action): boolean {
  const seller = o.sellerId === userId;
  if (action === 'withdraw') return !seller;
  if (action === 'decline') return seller;
  if (action === 'counter') return seller && o.status === 'open';
  return seller ? o.status === 'open' : o.status === 'countered';
}

/** The offer for one of its two sides, open and theirs to answer now; otherwise the error the route answers. */
async function openForStep(ctx: AppContext, id: string, user: SessionUser, action: Action) {
  await expireDueOffers(ctx);
  const [o] = await ctx.db
    .select()
    .from(purchaseOffers)
    .where(
      and(
        eq(purchaseOffers.id, id),
        or(eq(purchaseOffers.buyerId, user.id), eq(purchaseOffers.sellerId, user.id)),
      ),
    );
  if (!o) return null;
  if (o.status !== 'open' && o.status !== 'countered') throw closedOffer();
  if (!allowed(o, user.id, action))
    throw forbidden(
      o.status === 'open'
        ? 'The seller answers this offer.'
        : 'The buyer answers this counter-offer (accept it or withdraw).',
    );
  return o;
}

/** Changes the offer only if nobody else changed it first (the status and its time are the guard). */
const stillAsRead = (o: OfferRow, now: Date) =>
  and(
    eq(purchaseOffers.id, o.id),
    eq(purchaseOffers.status, o.status),
    gt(purchaseOffers.expiresAt, now),
    isOpen(),
  );

export async function counterPurchaseOffer(ctx: AppContext, id: string, user: SessionUser, price: string) {
  const o = await openForStep(ctx, id, user, 'counter');
  if (!o) return null;
  refuseExtraDecimals(price, o.currency);
  const now = nowOf(ctx);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(purchaseOffers)
      .set({ status: 'countered', price, expiresAt: expiryFrom(now), updatedAt: now })
      .where(stillAsRead(o, now))
      .returning();
    if (!row) throw closedOffer();
    const n = await namesOf(tx, row);
    const amount = amountText(price, row.currency);
    await recordStep(ctx, tx, {
      conversationId: row.conversationId,
      actorId: user.id,
      line: `Counter-offer: ${amount} for "${n.instrument}", ${openUntil(row.expiresAt)}.`,
      notices: [
        {
          userId: row.buyerId,
          title: `Counter-offer of ${amount} for ${n.instrument}`,
          body: `${n.seller} answers your offer with ${amount} for "${n.instrument}". Accept it or withdraw; it is ${openUntil(row.expiresAt)}.`,
        },
      ],
    });
  });
  return o;
}

/** Decline (seller) or withdraw (buyer): the offer closes and the other side is told. */
export async function closePurchaseOffer(
  ctx: AppContext,
  id: string,
  user: SessionUser,
  action: 'decline' | 'withdraw',
) {
  const o = await openForStep(ctx, id, user, action);
  if (!o) return null;
  const now = nowOf(ctx);
  await ctx.db.transaction(async (tx) => {
    const status = action === 'decline' ? 'declined' : 'withdrawn';
    const [row] = await tx
      .update(purchaseOffers)
      .set({ status, updatedAt: now })
      .where(stillAsRead(o, now))
      .returning();
    if (!row) throw closedOffer();
    const n = await namesOf(tx, row);
    const amount = amountText(row.price, row.currency);
    const other = action === 'decline' ? row.buyerId : row.sellerId;
    await recordStep(ctx, tx, {
      conversationId: row.conversationId,
      actorId: user.id,
      line: action === 'decline' ? `Declined the offer of ${amount}.` : `Withdrew the offer of ${amount}.`,
      notices: [
        {
          userId: other,
          title: `The offer of ${amount} for ${n.instrument} was ${status}`,
          body:
            action === 'decline'
              ? `${n.seller} declined your offer of ${amount} for "${n.instrument}".`
              : `${n.buyer} withdrew their offer of ${amount} for "${n.instrument}".`,
        },
      ],
    });
  });
  return o;
}

/**
 * Acceptance makes the ownership transfer to the buyer with the agreed price, through the registry's own offer
 * (stolen check, one pending transfer, the listing's asked price, the `transfer_offered` leaf). The offer is
 * marked accepted in the same transaction, so a race with a withdrawal leaves either both or neither.
 */
export async function acceptPurchaseOffer(ctx: AppContext, id: string, user: SessionUser) {
  const o = await openForStep(ctx, id, user, 'accept');
  if (!o) return null;
  const [inst] = await ctx.db
    .select({ ownerId: instruments.currentOwnerId, name: instruments.name })
    .from(instruments)
    .where(eq(instruments.id, o.instrumentId));
  if (inst?.ownerId !== o.sellerId)
    throw conflict('The instrument changed hands since this offer was made.', 'TRANSFER_STALE');
  const [buyer] = await ctx.db
    .select({ email: users.email, handle: users.handle, name: users.displayName })
    .from(users)
    .where(eq(users.id, o.buyerId));
  if (!buyer) return null;
  const now = nowOf(ctx);
  await createOffer(
    ctx.db,
    {
      instrumentId: o.instrumentId,
      fromUserId: o.sellerId,
      toUserId: o.buyerId,
      toEmail: buyer.email,
      // Shown back to the seller: the buyer's handle or name, never their address.
      toLabel: buyer.handle ? `@${buyer.handle}` : buyer.name,
      method: 'purchase',
      price: o.price,
      priceCurrency: o.currency,
    },
    async (tx, transfer) => acceptedStep(ctx, tx, o, user, transfer.id, now),
  );
  return o;
}

async function acceptedStep(
  ctx: AppContext,
  tx: Db,
  o: OfferRow,
  user: SessionUser,
  transferId: string,
  now: Date,
) {
  const [row] = await tx
    .update(purchaseOffers)
    .set({ status: 'accepted', transferId, updatedAt: now })
    .where(stillAsRead(o, now))
    .returning();
  if (!row) throw closedOffer();
  const n = await namesOf(tx, row);
  const amount = amountText(row.price, row.currency);
  const price = { amount: row.price, currency: row.currency };
  // The buyer's answer is now the transfer's: its inbox entry names the amount and links to it.
  await notify(ctx, tx, [offerNotice('offer_received', row.buyerId, n.instrument, transferId, price)]);
  const bySeller = user.id === row.sellerId;
  await recordStep(ctx, tx, {
    conversationId: row.conversationId,
    actorId: user.id,
    line: `${bySeller ? 'Accepted the offer' : 'Accepted the counter-offer'} of ${amount}. The ownership transfer is offered to ${n.buyer}: the sale completes when they accept it.`,
    notices: bySeller
      ? []
      : [
          {
            userId: row.sellerId,
            title: `${n.buyer} accepted ${amount} for ${n.instrument}`,
            body: `${n.buyer} accepted your counter-offer of ${amount} for "${n.instrument}". The ownership transfer is offered to them; the sale completes when they accept it.`,
          },
        ],
  });
}
