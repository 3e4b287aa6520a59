import crypto from 'node:crypto';
import { priceText } from '../../../contract/currencies';
import { and, desc, eq, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { PURCHASE_OFFER_DAYS, type PurchaseOffer } from '../../../contract/purchase-offers';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { instruments, purchaseOffers, users } from '../../db/schema';
import { AppError, conflict, isUniqueViolation } from '../../plugins/errors';
import { isOpen, named, nowOf } from '../../market/offer-steps';
import type { SessionUser } from '../../plugins/sessions';
import { isUuid } from '../../db/uuid';

const DAY_MS = 24 * 60 * 60 * 1000;
export type OfferRow = typeof purchaseOffers.$inferSelect;

export const expiryFrom = (now: Date) => new Date(now.getTime() + PURCHASE_OFFER_DAYS * DAY_MS);
export const newOfferId = () => crypto.randomBytes(18).toString('base64url');

export const closedOffer = () => conflict('This offer is no longer open.', 'PURCHASE_OFFER_CLOSED');
export const oneOpenOffer = () =>
  conflict(
    'You already have an open offer on this instrument. Withdraw it or wait for the answer.',
    'PURCHASE_OFFER_OPEN',
  );
export const emailUnproven = () =>
  new AppError(
    403,
    'EMAIL_NOT_VERIFIED',
    'Confirm your email address first: the link is in the mail we sent you.',
  );

export { isOpen, nowOf, isUniqueViolation };

const buyer = alias(users, 'buyer');
const seller = alias(users, 'seller');

const columns = {
  offer: purchaseOffers,
  instrument: { id: instruments.id, name: instruments.name, passportCode: instruments.passportCode },
  buyerName: buyer.displayName,
  buyerHandle: buyer.handle,
  sellerName: seller.displayName,
};
type ReadRow = {
  offer: OfferRow;
  instrument: { id: string; name: string; passportCode: string };
  buyerName: string;
  buyerHandle: string | null;
  sellerName: string;
};

/** An offer as one of its two sides sees it; an open offer past its time reads as expired before the sweep. */
export function toPurchaseOffer(r: ReadRow, userId: string, now: Date): PurchaseOffer {
  const o = r.offer;
  const due = (o.status === 'open' || o.status === 'countered') && o.expiresAt <= now;
  const status = due ? 'expired' : o.status;
  return {
    id: o.id,
    instrument: r.instrument,
    role: o.buyerId === userId ? 'buyer' : 'seller',
    buyerName: named(r.buyerName),
    buyerHandle: r.buyerHandle,
    sellerName: named(r.sellerName),
    price: priceText(o.price, o.currency),
    currency: o.currency,
    listed:
      o.listedCurrency || o.listedPrice
        ? {
            price:
              o.listedPrice && o.listedCurrency ? priceText(o.listedPrice, o.listedCurrency) : o.listedPrice,
            currency: o.listedCurrency,
          }
        : null,
    message: o.message,
    status,
    awaiting: status === 'open' ? 'seller' : status === 'countered' ? 'buyer' : null,
    expiresAt: o.expiresAt.toISOString(),
    conversationId: o.conversationId,
    transferId: o.transferId,
    soldPriceShown: o.soldPriceShown,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}

function readOffers(db: Db, where: SQL | undefined) {
  return db
    .select(columns)
    .from(purchaseOffers)
    .innerJoin(instruments, eq(instruments.id, purchaseOffers.instrumentId))
    .innerJoin(buyer, eq(buyer.id, purchaseOffers.buyerId))
    .innerJoin(seller, eq(seller.id, purchaseOffers.sellerId))
    .where(where)
    .orderBy(desc(purchaseOffers.updatedAt), desc(purchaseOffers.id))
    .limit(200);
}

/** One offer, for its buyer or its seller only; anyone else gets null (answered 404). */
export async function getPurchaseOffer(ctx: AppContext, id: string, user: SessionUser) {
  const [row] = await readOffers(
    ctx.db,
    and(
      eq(purchaseOffers.id, id),
      sql`(${purchaseOffers.buyerId} = ${user.id} or ${purchaseOffers.sellerId} = ${user.id})`,
    ),
  );
  return row ? toPurchaseOffer(row, user.id, nowOf(ctx)) : null;
}

export async function listPurchaseOffers(
  ctx: AppContext,
  user: SessionUser,
  role: 'buyer' | 'seller',
  instrumentId?: string,
) {
  const side = role === 'buyer' ? eq(purchaseOffers.buyerId, user.id) : eq(purchaseOffers.sellerId, user.id);
  const rows = await readOffers(
    ctx.db,
    and(side, instrumentId ? sql`${purchaseOffers.instrumentId}::text = ${instrumentId}` : undefined),
  );
  const now = nowOf(ctx);
  return { offers: rows.map((r) => toPurchaseOffer(r, user.id, now)) };
}

/** Offers still marked open past their time become expired (on every write; reads show them expired already). */
export async function dueOffers(tx: Db, now: Date, instrumentId?: string) {
  return tx
    .update(purchaseOffers)
    .set({ status: 'expired', updatedAt: now })
    .where(
      and(
        isOpen(),
        lte(purchaseOffers.expiresAt, now),
        instrumentId ? eq(purchaseOffers.instrumentId, instrumentId) : undefined,
      ),
    )
    .returning();
}

/** The instrument an offer is made on; null for an id that names none (answered 404). */
export async function instrumentForOffer(db: Db, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      id: instruments.id,
      name: instruments.name,
      status: instruments.status,
      currentOwnerId: instruments.currentOwnerId,
    })
    .from(instruments)
    .where(eq(instruments.id, id));
  return row ?? null;
}
