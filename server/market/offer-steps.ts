import { and, eq, inArray, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { OPEN_PURCHASE_OFFER_STATUSES } from '../../contract/purchase-offers';
import { formatPrice } from '../../presentation/money';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { conversationMessages, conversations, instruments, purchaseOffers, shops, users } from '../db/schema';
import { notify, type NotificationInput } from '../notify/notifications';

// Each step of an offer is a line in the conversation between buyer and seller about the instrument (so both read
// the whole negotiation in one place) and an inbox entry, mailed by preference, for the side that must answer.
// Amounts are written in English like every mail.

export const amountText = (price: string, currency: string) => formatPrice({ price, currency }, 'en-US');

const dateText = (d: Date) =>
  d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export const openUntil = (expiresAt: Date) => `open until ${dateText(expiresAt)}`;

/** The conversation of this buyer with the seller about the instrument: opened by the first offer, then reused. */
export async function offerConversation(
  tx: Db,
  o: { buyerId: string; sellerId: string; instrumentId: string },
): Promise<string> {
  const [shop] = await tx.select({ id: shops.id }).from(shops).where(eq(shops.ownerId, o.sellerId)).limit(1);
  const [row] = await tx
    .insert(conversations)
    .values({
      starterId: o.buyerId,
      recipientId: o.sellerId,
      shopId: shop?.id ?? null,
      instrumentId: o.instrumentId,
    })
    .onConflictDoUpdate({
      target: [conversations.starterId, conversations.shopId, conversations.instrumentId],
      set: { recipientId: o.sellerId },
    })
    .returning({ id: conversations.id });
  if (!row) throw new Error('conversation upsert returned nothing');
  return row.id;
}

export interface Step {
  conversationId: string | null;
  /** Who took the step; the line is theirs. */
  actorId: string;
  line: string;
  /** Who is told, and what. */
  notices: { userId: string; title: string; body: string }[];
}

/** Writes the step's line and its inbox entries, in the caller's transaction. */
export async function recordStep(ctx: AppContext, tx: Db, step: Step): Promise<void> {
  const c = step.conversationId;
  if (c) {
    const now = new Date();
    await tx
      .insert(conversationMessages)
      .values({ conversationId: c, senderId: step.actorId, body: step.line });
    await tx.update(conversations).set({ lastMessageAt: now }).where(eq(conversations.id, c));
  }
  const items: NotificationInput[] = step.notices.map((n) => ({
    ...n,
    kind: 'purchase_offer',
    link: c ? `/messages/${c}` : '/offers',
    conversationId: c,
  }));
  await notify(ctx, tx, items);
}

export const nowOf = (ctx: Pick<AppContext, 'clock'>) => ctx.clock?.() ?? new Date();
export const isOpen = () => inArray(purchaseOffers.status, [...OPEN_PURCHASE_OFFER_STATUSES]);
export const named = (name: string) => name.trim() || 'A Luthier Registry member';

const buyer = alias(users, 'buyer');
const seller = alias(users, 'seller');

/** Names shown in notices: the instrument's and each side's public name. */
export async function namesOf(
  tx: Db,
  o: Pick<typeof purchaseOffers.$inferSelect, 'instrumentId' | 'buyerId' | 'sellerId'>,
) {
  const [row] = await tx
    .select({ instrument: instruments.name, buyer: buyer.displayName, seller: seller.displayName })
    .from(instruments)
    .innerJoin(buyer, eq(buyer.id, o.buyerId))
    .innerJoin(seller, eq(seller.id, o.sellerId))
    .where(eq(instruments.id, o.instrumentId));
  return {
    instrument: row?.instrument ?? 'an instrument',
    buyer: named(row?.buyer ?? ''),
    seller: named(row?.seller ?? ''),
  };
}

/** Other open offers on an instrument (all of them but `exceptId`), closed as declined. */
export const declineOthers = (tx: Db, instrumentId: string, exceptId: string | null, now: Date) =>
  tx
    .update(purchaseOffers)
    .set({ status: 'declined', updatedAt: now })
    .where(
      and(
        eq(purchaseOffers.instrumentId, instrumentId),
        isOpen(),
        exceptId ? ne(purchaseOffers.id, exceptId) : undefined,
      ),
    )
    .returning();
