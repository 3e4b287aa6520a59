import { z } from 'zod';
import { builtInSchema } from './certificates';
import { amountFieldSchema, amountFitsCurrency, currencyFieldSchema } from './currency-field';
import { listingSchema } from './listings';
import {
  INSTRUMENT_TYPES,
  INSTRUMENT_CATEGORIES,
  CONDITIONS,
  ACQUISITION_METHODS,
  SERVICE_TYPES,
  MAX_PAGE_SIZE,
  DEFAULT_PAGE_SIZE,
  MAX_SEARCH_LENGTH,
  REGISTRY_SORTS,
  INSTRUMENT_STATUSES_PUBLIC,
  categoryFits,
  wrongCategoryMessage,
} from './registry-values';
import { CONTROL_CHAR_MESSAGE, isCleanLine, isCleanText } from './text';

export * from './registry-values';

export const instrumentTypeSchema = z.enum(INSTRUMENT_TYPES, {
  message: 'Choose a type of instrument: guitar, violin, viola, cello, double bass, mandolin, banjo, …',
});
export const categorySchema = z.enum(INSTRUMENT_CATEGORIES, { message: 'Choose a category.' });
export const conditionSchema = z.enum(CONDITIONS, { message: 'Choose a condition.' });
export const methodSchema = z.enum(ACQUISITION_METHODS, {
  message: 'Choose how the instrument changes hands.',
});
export const serviceTypeSchema = z.enum(SERVICE_TYPES, { message: 'Choose a service type.' });

const allOr = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.literal('all'), z.enum(values)])
    .optional()
    .transform((v) => (v === 'all' ? undefined : v));

export const listQuerySchema = z.object({
  search: z
    .string()
    .optional()
    .transform((v) => v?.trim().slice(0, MAX_SEARCH_LENGTH) || undefined),
  type: allOr(INSTRUMENT_TYPES),
  category: allOr(INSTRUMENT_CATEGORIES),
  /** Absent: relevance with a search, newest without (effectiveSort). */
  sort: z.enum(REGISTRY_SORTS).optional(),
  yearFrom: z.coerce.number().int().min(0).max(9999).optional(),
  yearTo: z.coerce.number().int().min(0).max(9999).optional(),
  verified: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  status: allOr(INSTRUMENT_STATUSES_PUBLIC),
  /** Only instruments their owner lists for sale. */
  forSale: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

export const luthierSchema = z.object({
  id: z.string(),
  businessName: z.string(),
  contactName: z.string().nullable(),
  /** The profile handle (/u/{handle}) of the person behind the shop, when they have one. */
  ownerHandle: z.string().nullable(),
  location: z.string().nullable(),
  establishedYear: z.number().nullable(),
  verified: z.boolean(),
  specializations: z.array(z.string()),
  slug: z.string(),
});

export const instrumentSummarySchema = z.object({
  id: z.string(),
  passportCode: z.string(),
  name: z.string(),
  instrumentType: instrumentTypeSchema,
  category: categorySchema,
  model: z.string().nullable(),
  yearMade: z.number(),
  /** The owner's estimate (owner only, else null): whole units of `estimatedValueCurrency` (ISO 4217). */
  estimatedValue: z.number().nullable(),
  estimatedValueCurrency: z.string().nullable(),
  condition: conditionSchema.nullable(),
  verified: z.boolean(),
  status: z.enum(['active', 'stolen', 'destroyed']),
  imageUrl: z.string().nullable(),
  luthier: luthierSchema.nullable(),
  /** Its owner's listing (for sale, open to commissions); absent or null when not listed. */
  listing: listingSchema.nullable().optional(),
});
export type InstrumentSummary = z.infer<typeof instrumentSummarySchema>;
export const instrumentListSchema = z.array(instrumentSummarySchema);

// Texts up to 120 characters are names and labels: one line. Longer ones may have line breaks.
const optText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .refine(max <= 120 ? isCleanLine : isCleanText, CONTROL_CHAR_MESSAGE)
    .nullable()
    .optional();
const year = z.coerce
  .number({ message: 'Enter a year.' })
  .int('Enter a year.')
  .min(1500, 'Enter a year after 1500.')
  // Checked against today's year when it runs, not when the module loaded (a server runs across New Year).
  .refine((v) => v <= new Date().getFullYear(), 'The year cannot be in the future.');

/** Twelve digits, as a listing's price: enough for any instrument in any currency (₫, ¥, ₩ included). */
const AMOUNT_MAX = 999_999_999_999;
/** A whole amount of money (no minor units, whatever the currency), up to twelve digits; empty is none. */
const wholeAmount = (negative: string) =>
  z.coerce
    .number({ message: 'Enter an amount, such as 4500.' })
    .int('Enter a whole amount, such as 4500.')
    .min(0, negative)
    .max(AMOUNT_MAX, 'Enter at most 12 digits.')
    .nullable()
    .optional();

export const buildFieldsSchema = z.object({
  name: z
    .string({ message: 'Name is required.' })
    .trim()
    .min(1, 'Name is required.')
    .max(120)
    .refine(isCleanLine, CONTROL_CHAR_MESSAGE),
  instrumentType: instrumentTypeSchema,
  category: categorySchema,
  model: optText(120),
  serialNumber: optText(80),
  bodyWood: optText(80),
  neckWood: optText(80),
  fretboardWood: optText(80),
  finishType: optText(80),
  numberOfStrings: z.coerce
    .number()
    .int()
    .min(1, 'At least 1 string.')
    // A pedal harp has 47.
    .max(60, 'At most 60 strings.')
    .nullable()
    .optional(),
  scaleLength: z.coerce
    .number()
    .int()
    .min(100, 'Scale length is in millimetres (100 to 1200).')
    .max(1200, 'Scale length is in millimetres (100 to 1200).')
    .nullable()
    .optional(),
  description: optText(4000),
  yearMade: year,
  /** A whole amount in `estimatedValueCurrency`, which it needs. */
  estimatedValue: wholeAmount('The value cannot be negative.'),
  estimatedValueCurrency: currencyFieldSchema.nullable().optional(),
  condition: conditionSchema.nullable().optional(),
});

/** An amount needs its currency: "5000" alone could be dollars, euros or yen. */
const amountNeedsCurrency =
  <K extends string, C extends string>(amount: K, currency: C, message: string) =>
  (v: Partial<Record<K, unknown> & Record<C, unknown>>, ctx: z.RefinementCtx) => {
    if (v[amount] != null && !v[currency]) ctx.addIssue({ code: 'custom', path: [currency], message });
  };
const valueNeedsCurrency = amountNeedsCurrency(
  'estimatedValue',
  'estimatedValueCurrency',
  'Choose the currency of the estimated value.',
);

/**
 * A category must make sense for the type (CATEGORIES_BY_TYPE): "flamenco violin" is refused on the category
 * field with the type's own choices. An edit that sends only one of the two is checked by the server against the
 * instrument's other.
 */
const categoryFitsType = (v: { instrumentType?: string; category?: string }, ctx: z.RefinementCtx) => {
  if (v.instrumentType && v.category && !categoryFits(v.instrumentType, v.category))
    ctx.addIssue({ code: 'custom', path: ['category'], message: wrongCategoryMessage(v.instrumentType) });
};

export const createInstrumentSchema = buildFieldsSchema
  .extend({
    /** An email or handle of the first owner; empty means the maker keeps it. */
    firstOwner: z.string().trim().max(254).refine(isCleanLine, CONTROL_CHAR_MESSAGE).optional(),
    firstOwnerMethod: methodSchema.optional(),
    /** The maker's academy certificate for the course this instrument was built in. */
    certificateId: z.string().trim().max(32).optional(),
  })
  .superRefine(categoryFitsType)
  .superRefine(valueNeedsCurrency);
export type CreateInstrumentInput = z.input<typeof createInstrumentSchema>;

export {
  IDENTITY_FIELDS,
  OWNER_FIELDS,
  VERIFIED_FIELDS,
  VERIFIED_FIELD_NAMES,
  verificationRemovedReason,
} from './registry-values';

/**
 * A JSON merge patch of the build details: a field left out stays as it is, null clears one that may be empty, and
 * the instrument as GET answers it can be sent back (what did not change is no attempt to change it). A type and
 * category sent together must fit each other (a lone one is checked against the stored other half by the server).
 */
export const editInstrumentSchema = buildFieldsSchema
  .partial()
  .extend({
    /** Why an identity fact changes; required once the instrument has changed hands. */
    reason: z
      .string()
      .trim()
      .max(500, 'At most 500 characters.')
      .refine(isCleanText, CONTROL_CHAR_MESSAGE)
      .optional(),
  })
  .superRefine(categoryFitsType)
  .superRefine(valueNeedsCurrency);
export type EditInstrumentInput = z.input<typeof editInstrumentSchema>;

export const imageSchema = z.object({
  id: z.string(),
  url: z.string(),
  imageUrl: z.string(),
  caption: z.string().nullable(),
  isPrimary: z.boolean(),
  orderIndex: z.number(),
});
export type InstrumentImage = z.infer<typeof imageSchema>;

export const ownershipSchema = z.object({
  id: z.string(),
  ownerName: z.string(),
  /**
   * The owner's profile handle (/u/{handle}), for an owner with an account who chose to be public and has a
   * handle; null otherwise. A private owner's is never sent, not even to themselves or admins.
   */
  ownerHandle: z.string().nullable(),
  location: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  acquisitionMethod: methodSchema.nullable(),
  /** Present only for that owner and admins: the decimals of `purchaseCurrency` (ISO 4217), "4600.50". */
  purchasePrice: z.string().nullable().optional(),
  purchaseCurrency: z.string().nullable().optional(),
  ownerEmail: z.string().optional(),
});

/** Whether a registry shop named as the servicer confirmed a record: `none` when no other shop is named. */
export const serviceClaimSchema = z.enum(['none', 'pending', 'confirmed', 'declined']);

export const serviceRecordSchema = z.object({
  id: z.string(),
  servicerName: z.string(),
  /** The registry shop named as the servicer (the recorder's own or another), with its answer. */
  servicerShop: z.object({ name: z.string(), slug: z.string() }).nullable().optional(),
  claim: serviceClaimSchema.optional(),
  serviceType: serviceTypeSchema,
  description: z.string(),
  workPerformed: z.string().nullable(),
  serviceDate: z.string(),
  /** Whole units of `costCurrency` (ISO 4217); both null for anyone but the owner, the author and admins. */
  cost: z.number().nullable(),
  costCurrency: z.string().nullable(),
  notes: z.string().nullable(),
  status: z.enum(['approved', 'pending', 'rejected']),
  recordedBy: z.string().nullable(),
});

export const eventSchema = z.object({
  id: z.string(),
  type: z.string(),
  data: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});

export const verificationStatementSchema = z.object({
  adminName: z.string(),
  at: z.string(),
  note: z.string(),
});

export const instrumentDetailSchema = instrumentSummarySchema.omit({ imageUrl: true }).extend({
  serialNumber: z.string().nullable(),
  bodyWood: z.string().nullable(),
  neckWood: z.string().nullable(),
  fretboardWood: z.string().nullable(),
  finishType: z.string().nullable(),
  numberOfStrings: z.number().nullable(),
  scaleLength: z.number().nullable(),
  description: z.string().nullable(),
  currentOwner: z.object({
    name: z.string(),
    /** As an ownership record's ownerHandle: never a private owner's. */
    handle: z.string().nullable(),
    location: z.string().nullable(),
    email: z.string().optional(),
  }),
  images: z.array(imageSchema),
  ownershipHistory: z.array(ownershipSchema),
  serviceRecords: z.array(serviceRecordSchema),
  events: z.array(eventSchema),
  /** What an admin checked, who and when; null while not verified. */
  verification: verificationStatementSchema.nullable(),
  /** The maker shows it among the portfolio pieces of their storefront. */
  portfolio: z.boolean(),
  /** Its current owner's listing (for sale, open to commissions); null when not listed. */
  listing: listingSchema.nullable().optional(),
  /** Built by its maker in an academy course (their certificate); null otherwise. */
  builtIn: builtInSchema,
  /** The stolen report while the instrument is stolen; the police reference for its owner and admins only. */
  stolen: z
    .object({ date: z.string(), place: z.string(), policeReference: z.string().nullable().optional() })
    .nullable(),
  viewer: z.object({
    isMaker: z.boolean(),
    isOwner: z.boolean(),
    isAdmin: z.boolean(),
    canRecordService: z.boolean(),
    /** The instrument has changed hands: identity facts change only as a correction with a reason. */
    correctionRequired: z.boolean(),
  }),
});
export type InstrumentDetail = z.infer<typeof instrumentDetailSchema>;

/**
 * A JSON merge patch of one photo: null clears the caption; isPrimary true makes it the main photo. A photo as GET
 * answers it can be sent back: false on a photo that is not the main one changes nothing (the main photo changes
 * by choosing another).
 */
export const imagePatchSchema = z.object({
  caption: z.string().trim().max(300).refine(isCleanLine, CONTROL_CHAR_MESSAGE).nullable().optional(),
  isPrimary: z.boolean().optional(),
});
export type ImagePatchInput = z.input<typeof imagePatchSchema>;
export const imageOrderSchema = z.object({ imageIds: z.array(z.uuid()).min(1).max(50) });
export type ImageOrderInput = z.input<typeof imageOrderSchema>;

const isoDate = z.iso.date({ message: 'Enter a date (YYYY-MM-DD).' });
export const serviceInputSchema = z
  .object({
    servicerName: optText(120),
    /**
     * The servicing shop's registry handle (with or without @ or /l/), when a shop in the registry did the work:
     * the record says "reported by the owner" until that shop confirms it.
     */
    servicerShop: z
      .string()
      .trim()
      .toLowerCase()
      .max(80, 'At most 80 characters.')
      .transform((v) => v.replace(/^(?:\/?l\/|@)/, ''))
      .refine((v) => v === '' || /^[a-z0-9-]+$/.test(v), 'Enter a shop handle, such as @oak-workshop.')
      .optional(),
    serviceType: serviceTypeSchema,
    description: z
      .string({ message: 'Describe the service.' })
      .trim()
      .min(1, 'Describe the service.')
      .max(2000)
      .refine(isCleanText, CONTROL_CHAR_MESSAGE),
    workPerformed: optText(4000),
    serviceDate: isoDate,
    /** A whole amount in `costCurrency`, which it needs. */
    cost: wholeAmount('The cost cannot be negative.'),
    costCurrency: currencyFieldSchema.nullable().optional(),
    notes: optText(2000),
  })
  .superRefine(amountNeedsCurrency('cost', 'costCurrency', 'Choose the currency of the cost.'));
export type ServiceInput = z.input<typeof serviceInputSchema>;

/** The maker's choice to show an instrument they built among the portfolio pieces of their storefront. */
export const portfolioSchema = z.object({ portfolio: z.boolean() });
export type PortfolioInput = z.infer<typeof portfolioSchema>;

export const stolenReportSchema = z.object({
  date: isoDate,
  place: z
    .string({ message: 'Say where it went missing.' })
    .trim()
    .min(2, 'Say where it went missing.')
    .max(200, 'At most 200 characters.')
    .refine(isCleanLine, CONTROL_CHAR_MESSAGE),
  policeReference: optText(100),
});
export type StolenReportInput = z.input<typeof stolenReportSchema>;

export const transferOfferSchema = z
  .object({
    recipient: z
      .string({ message: 'Enter an email or handle.' })
      .trim()
      .min(3, 'Enter an email or handle.')
      .max(254)
      .refine(isCleanLine, CONTROL_CHAR_MESSAGE),
    method: methodSchema,
    /** Private to the two sides: an exact amount in `currency`, which it needs, with at most its decimals. */
    price: amountFieldSchema.nullable().optional(),
    currency: currencyFieldSchema.nullable().optional(),
  })
  .superRefine(amountNeedsCurrency('price', 'currency', 'Choose the currency of the price.'))
  .superRefine(amountFitsCurrency('price', 'currency'))
  .superRefine((v, ctx) => {
    if (v.method === 'gift' && v.price != null)
      ctx.addIssue({
        code: 'custom',
        path: ['price'],
        message: 'A gift has no price: leave the price empty, or choose how it changes hands.',
      });
  });
export type TransferOfferInput = z.input<typeof transferOfferSchema>;

export const transferSchema = z.object({
  id: z.string(),
  instrument: z.object({
    id: z.string(),
    name: z.string(),
    passportCode: z.string(),
    imageUrl: z.string().nullable(),
  }),
  direction: z.enum(['incoming', 'outgoing']),
  fromName: z.string(),
  /** The recipient as the sender typed it (sender only); recipients see "you". */
  toLabel: z.string().optional(),
  method: methodSchema,
  /** The private price the sender typed, with the decimals of `currency` ("4600.50"); both null when none. */
  price: z.string().nullable(),
  currency: z.string().nullable(),
  /** A sale of a listed instrument: what its listing asked when the offer was made. */
  listing: z
    .object({ price: z.string().nullable(), currency: z.string().nullable(), note: z.string().nullable() })
    .nullable()
    .optional(),
  status: z.enum(['pending', 'accepted', 'declined', 'cancelled', 'expired']),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type Transfer = z.infer<typeof transferSchema>;
/**
 * What the offer's mailed link shows anyone who has it (a new buyer before they have an account, or before they
 * confirmed their address): who offers which instrument, its photo and passport. Neither the recipient nor a
 * price: those are for the two sides only.
 */
export const offerPreviewSchema = z.object({
  id: z.string(),
  instrument: z.object({ name: z.string(), passportCode: z.string(), imageUrl: z.string().nullable() }),
  fromName: z.string(),
  method: methodSchema,
  status: transferSchema.shape.status,
  expiresAt: z.string(),
});
export type OfferPreview = z.infer<typeof offerPreviewSchema>;

export const transferListSchema = z.object({
  incoming: z.array(transferSchema),
  outgoing: z.array(transferSchema),
});

export const myRegistrySchema = z.object({
  owned: z.array(instrumentSummarySchema),
  registered: z.array(instrumentSummarySchema),
  shop: z
    .object({ name: z.string(), slug: z.string(), published: z.boolean(), verified: z.boolean() })
    .nullable(),
  /** Whether the caller is shown as "Private owner" (true until they choose to be named). */
  ownerPrivacy: z.boolean(),
  /** Whether they ever chose; owners who never did are private. */
  ownerPrivacyChosen: z.boolean(),
  /**
   * The currency of their latest priced offer, listing or estimated value: what a new price, value or service
   * cost defaults to.
   */
  usualCurrency: z.string().nullable(),
});

export const privacySchema = z.object({ ownerPrivacy: z.boolean() });
export type PrivacyInput = z.input<typeof privacySchema>;
/** The caller's setting: hidden or named, and whether they chose it (never choosing keeps them private). */
export const privacyStateSchema = z.object({ ownerPrivacy: z.boolean(), chosen: z.boolean() });
