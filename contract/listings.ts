import { z } from 'zod';
import { amountFieldSchema, currencyFieldSchema } from './currency-field';
import { decimalsError } from './currencies';
import { CONTROL_CHAR_MESSAGE, isCleanText } from './text';

/** What an owner offers: the instrument itself, or their hands (commissions open). "Not listed" is no listing. */
export const LISTING_STATUSES = ['for-sale', 'commission-open'] as const;

export const LISTING_NOTE_MAX = 500;

/**
 * PUT /api/registry/instruments/{id}/listing. The price is a decimal amount, sent as a string ("4500.50") or a
 * JSON number, and kept exactly; it needs a currency (ISO 4217), and has at most that currency's decimals.
 */
export const listingInputSchema = z
  .object({
    status: z.enum(['for-sale', 'commission-open', 'not-listed'], {
      message: 'Choose for sale, commissions open or not listed.',
    }),
    price: amountFieldSchema.nullable().optional(),
    currency: currencyFieldSchema.nullable().optional(),
    note: z
      .string()
      .trim()
      .max(LISTING_NOTE_MAX, `At most ${LISTING_NOTE_MAX} characters.`)
      .refine(isCleanText, CONTROL_CHAR_MESSAGE)
      .transform((v) => v || null)
      .nullable()
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'not-listed' || !v.price) return;
    if (!v.currency) {
      ctx.addIssue({ code: 'custom', path: ['currency'], message: 'Choose the currency of the price.' });
      return;
    }
    const message = decimalsError(v.price, v.currency);
    if (message) ctx.addIssue({ code: 'custom', path: ['price'], message });
  });
export type ListingInput = z.input<typeof listingInputSchema>;

/** A listing as everyone sees it (the shop, the registry, the public passport). */
export const listingSchema = z.object({
  status: z.enum(LISTING_STATUSES),
  /** The exact amount with the currency's decimals ("4500.00"), or null for "price on request". */
  price: z.string().nullable(),
  currency: z.string().nullable(),
  note: z.string().nullable(),
  updatedAt: z.string(),
});
export type Listing = z.infer<typeof listingSchema>;

/** The answer to a listing change: the listing, or null once it is not listed. */
export const listingStateSchema = z.object({ listing: listingSchema.nullable() });

/**
 * GET /api/public/passports/{code}/listing: "For sale by its owner" beside the public passport. The seller's shop
 * is named only when the owner has a published shop; a private owner stays unnamed.
 */
export const publicListingSchema = z.object({
  listing: listingSchema.nullable(),
  shop: z.object({ name: z.string(), slug: z.string() }).nullable(),
  /** The instrument's id, so a signed-in visitor can ask the shop about it. */
  instrumentId: z.string(),
});
export type PublicListing = z.infer<typeof publicListingSchema>;
