import { z } from 'zod';
import { amountFieldSchema, amountFitsCurrency, currencyFieldSchema } from './currency-field';
import { CONTROL_CHAR_MESSAGE, isCleanText } from './text';

// A buyer's offer on a listed instrument, its counter-offers and its acceptance, which makes the ownership
// transfer with the agreed price. Amounts are exact decimals with at most their currency's minor units, as
// listings and transfers record them.

/** An offer waits this long for the other side; each counter-offer gives the other side as long again. */
export const PURCHASE_OFFER_DAYS = 7;
export const PURCHASE_OFFER_MESSAGE_MAX = 1000;

export const PURCHASE_OFFER_STATUSES = [
  /** Waiting for the seller. */
  'open',
  /** The seller proposed another price: waiting for the buyer. */
  'countered',
  /** Agreed: the ownership transfer is offered to the buyer. */
  'accepted',
  /** The buyer accepted the transfer: the instrument is theirs. */
  'sold',
  'declined',
  'withdrawn',
  'expired',
] as const;
export type PurchaseOfferStatus = (typeof PURCHASE_OFFER_STATUSES)[number];
/** The states in which an offer still waits for an answer; a buyer has at most one per instrument. */
export const OPEN_PURCHASE_OFFER_STATUSES = ['open', 'countered'] as const satisfies PurchaseOfferStatus[];

/**
 * "4,600.50", "4600.5" or a JSON number; its decimals are checked against the currency here when the offer names
 * one, and by the server against the listing's or the offer's currency otherwise.
 */
const amount = amountFieldSchema
  .refine((v) => v !== null, 'Enter an amount, such as 4500 or 4500.50.')
  .refine((v) => v === null || Number(v) > 0, 'Enter an amount above zero.')
  .transform((v) => v ?? '0');

/** POST /api/registry/instruments/{id}/purchase-offers: the listing's currency unless another is chosen. */
export const purchaseOfferInputSchema = z
  .object({
    price: amount,
    currency: currencyFieldSchema.nullable().optional(),
    message: z
      .string()
      .trim()
      .max(PURCHASE_OFFER_MESSAGE_MAX, `At most ${PURCHASE_OFFER_MESSAGE_MAX} characters.`)
      .refine(isCleanText, CONTROL_CHAR_MESSAGE)
      .transform((v) => v || null)
      .nullable()
      .optional(),
  })
  .superRefine(amountFitsCurrency('price', 'currency'));

/** POST /api/purchase-offers/{id}/counter: the seller's price, in the offer's currency. */
export const purchaseCounterSchema = z.object({ price: amount });

/** PUT /api/purchase-offers/{id}/sold-price: whether the storefront shows what a sold instrument went for. */
export const soldPriceShownSchema = z.object({ shown: z.boolean() });

export const purchaseOfferSchema = z.object({
  id: z.string(),
  instrument: z.object({ id: z.string(), name: z.string(), passportCode: z.string() }),
  /** The caller's side of this offer. */
  role: z.enum(['buyer', 'seller']),
  buyerName: z.string(),
  /** The buyer's handle, for the seller's transfer dialog to fill in (null without one). */
  buyerHandle: z.string().nullable(),
  sellerName: z.string(),
  /** The amount on the table now (the buyer's offer or the seller's counter), with the decimals of `currency`. */
  price: z.string(),
  currency: z.string(),
  /** What the listing asked when the offer was made. */
  listed: z.object({ price: z.string().nullable(), currency: z.string().nullable() }).nullable(),
  message: z.string().nullable(),
  status: z.enum(PURCHASE_OFFER_STATUSES),
  /** Who has to answer now; null once the offer is closed. */
  awaiting: z.enum(['buyer', 'seller']).nullable(),
  expiresAt: z.string(),
  conversationId: z.string().nullable(),
  /** The ownership transfer the acceptance made, for the buyer to accept. */
  transferId: z.string().nullable(),
  /** Sold: whether the seller shows the price on their storefront. */
  soldPriceShown: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PurchaseOffer = z.infer<typeof purchaseOfferSchema>;

export const purchaseOfferListQuerySchema = z.object({
  role: z.enum(['buyer', 'seller'], { message: 'Choose buyer or seller.' }),
  /** Only the offers on this instrument (the transfer dialog fills the buyer and price from one). */
  instrumentId: z.string().max(100).optional(),
});
export const purchaseOfferListSchema = z.object({ offers: z.array(purchaseOfferSchema) });

/** GET /api/profile/l/{slug}/sold: instruments the shop's owner sold through an offer, newest first. */
export const soldItemSchema = z.object({
  instrument: z.object({ name: z.string(), passportCode: z.string() }),
  soldAt: z.string(),
  /** Only when the seller chose to show it; with the decimals of `currency` ("4600.50"). */
  price: z.string().nullable(),
  currency: z.string().nullable(),
});
export const soldListSchema = z.object({ sold: z.array(soldItemSchema) });
export type SoldItem = z.infer<typeof soldItemSchema>;
