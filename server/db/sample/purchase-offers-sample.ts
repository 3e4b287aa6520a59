import crypto from 'node:crypto';
import { and, asc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { formatPrice } from '../../../presentation/money';
import { PURCHASE_OFFER_DAYS } from '../../../contract/purchase-offers';
import type { Db } from '../client';
import {
  conversationMessages,
  conversations,
  instrumentListings,
  instruments,
  purchaseOffers,
  shops,
  users,
} from '../schema';
import type { SampleStep } from './load-sample';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Open offers on listed instruments, one per currency the sample lists in (EUR, USD, GBP, and any other), so the
 * offer flow can be seen on a fresh start: the seller finds each in their offers and in the conversation about the
 * instrument. The buyer is another sample maker (a maker buys too); the first offer is countered by its seller.
 */
async function loadOffers(db: Db): Promise<void> {
  await listInMoreCurrencies(db);
  const listings = await db
    .select({
      instrumentId: instrumentListings.instrumentId,
      ownerId: instrumentListings.ownerId,
      price: instrumentListings.price,
      currency: instrumentListings.currency,
      shopId: shops.id,
    })
    .from(instrumentListings)
    .leftJoin(shops, eq(shops.ownerId, instrumentListings.ownerId))
    .where(eq(instrumentListings.status, 'for-sale'))
    .orderBy(asc(instrumentListings.instrumentId));
  const seen = new Set<string>();
  const now = Date.now();
  // Buyers may offer in their own currency; the sample's later offers do, so three currencies show.
  const OTHER: readonly string[] = ['EUR', 'USD', 'GBP', 'JPY', 'CHF'];
  const plan: { listing: (typeof listings)[number]; buyerId: string; currency: string }[] = [];
  for (const round of [0, 1, 2]) {
    for (const listing of listings) {
      if (!listing.currency || !listing.price) continue;
      if (round > 0 && seen.size >= 3) break;
      const [buyer] = await db
        .select({ id: users.id })
        .from(users)
        .innerJoin(shops, eq(shops.ownerId, users.id))
        .where(and(ne(users.id, listing.ownerId), eq(users.role, 'luthier')))
        .orderBy(asc(users.handle))
        .offset(round)
        .limit(1);
      if (!buyer) continue;
      const currency = seen.has(listing.currency)
        ? (OTHER.find((c) => !seen.has(c)) ?? listing.currency)
        : listing.currency;
      seen.add(currency);
      plan.push({ listing, buyerId: buyer.id, currency });
    }
    if (seen.size >= 3) break;
  }
  for (const [i, { listing, buyerId, currency }] of plan.entries()) {
    const buyer = { id: buyerId };
    const countered = i === 0;
    const asked = Math.round(Number(listing.price));
    const offered = Math.max(1, Math.round(asked * 0.85));
    const counter = Math.round(asked * 0.93);
    const expiresAt = new Date(now + PURCHASE_OFFER_DAYS * DAY_MS);
    const [conversation] = await db
      .insert(conversations)
      .values({
        starterId: buyer.id,
        recipientId: listing.ownerId,
        shopId: listing.shopId,
        instrumentId: listing.instrumentId,
      })
      .onConflictDoNothing()
      .returning({ id: conversations.id });
    const amount = (n: number) => formatPrice({ price: String(n), currency }, 'en-US');
    const until = expiresAt.toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    if (conversation) {
      await db.insert(conversationMessages).values({
        conversationId: conversation.id,
        senderId: buyer.id,
        body: `Offer: ${amount(offered)}, open until ${until}.\n\nWould you take this? I can collect it in person.`,
      });
      if (countered)
        await db.insert(conversationMessages).values({
          conversationId: conversation.id,
          senderId: listing.ownerId,
          body: `Counter-offer: ${amount(counter)}, open until ${until}.`,
        });
    }
    await db.insert(purchaseOffers).values({
      id: crypto.randomBytes(18).toString('base64url'),
      instrumentId: listing.instrumentId,
      sellerId: listing.ownerId,
      buyerId: buyer.id,
      price: String(countered ? counter : offered),
      currency,
      listedPrice: listing.price,
      listedCurrency: listing.currency,
      message: 'Would you take this? I can collect it in person.',
      status: countered ? 'countered' : 'open',
      expiresAt,
      conversationId: conversation?.id ?? null,
    });
  }
}

/**
 * The registry's sample lists what its makers still own, which may be few pieces in one currency: owned pieces
 * valued in other currencies are listed too (at their estimate), until three currencies are for sale.
 */
async function listInMoreCurrencies(db: Db): Promise<void> {
  const listed = await db.select({ currency: instrumentListings.currency }).from(instrumentListings);
  const currencies = new Set(listed.map((l) => l.currency));
  const candidates = await db
    .select({
      id: instruments.id,
      ownerId: instruments.currentOwnerId,
      value: instruments.estimatedValue,
      currency: instruments.estimatedValueCurrency,
    })
    .from(instruments)
    .where(
      and(
        eq(instruments.status, 'active'),
        isNotNull(instruments.currentOwnerId),
        isNotNull(instruments.estimatedValue),
        isNotNull(instruments.estimatedValueCurrency),
        sql`not exists (select 1 from ${instrumentListings} where ${instrumentListings.instrumentId} = ${instruments.id})`,
      ),
    )
    .orderBy(asc(instruments.name));
  for (const c of candidates) {
    if (currencies.size >= 3) return;
    if (!c.ownerId || !c.currency || c.value == null || currencies.has(c.currency)) continue;
    currencies.add(c.currency);
    await db.insert(instrumentListings).values({
      instrumentId: c.id,
      ownerId: c.ownerId,
      status: 'for-sale',
      price: String(c.value),
      currency: c.currency,
      note: 'Open to offers.',
    });
  }
}

export const purchaseOffersSample: SampleStep[] = [{ name: 'market:purchase-offers', run: loadOffers }];
