import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  ACQUISITION_METHODS,
  CATEGORIES_BY_TYPE,
  CONDITIONS,
  INSTRUMENT_CATEGORIES,
  INSTRUMENT_TYPES,
  SERVICE_TYPES,
} from '../../../contract/registry';
import { media } from './core';
import { shops, users } from './accounts';
import { certificates } from './academy';

export const INSTRUMENT_STATUSES = ['active', 'stolen', 'destroyed'] as const;
export const SERVICE_STATUSES = ['approved', 'pending', 'rejected'] as const;
/**
 * Whether a registry shop named as the servicer stands behind a record: `none` when no other shop is named (the
 * recorder's own shop, free text, or nobody), otherwise pending until that shop confirms or declines it.
 */
export const SERVICE_CLAIM_STATUSES = ['none', 'pending', 'confirmed', 'declined'] as const;
/** Who wrote a service record into the passport, shown beside a servicer nobody confirmed. */
export const SERVICE_REPORTERS = ['owner', 'maker', 'servicer'] as const;
export const TRANSFER_STATUSES = ['pending', 'accepted', 'declined', 'cancelled', 'expired'] as const;

const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Every (type, category) pair that makes sense, as SQL: the database refuses the others too. */
const TYPE_CATEGORY_PAIRS = sql.raw(
  Object.entries(CATEGORIES_BY_TYPE)
    .flatMap(([type, categories]) => categories.map((c) => `('${type}', '${c}')`))
    .join(', '),
);

/** A passport. Searchable text is a generated column so every write path keeps it current. */
export const instruments = pgTable(
  'instruments',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    passportCode: text('passport_code').notNull(),
    name: text('name').notNull(),
    instrumentType: text('instrument_type', { enum: INSTRUMENT_TYPES }).notNull(),
    category: text('category', { enum: INSTRUMENT_CATEGORIES }).notNull(),
    model: text('model'),
    serialNumber: text('serial_number'),
    bodyWood: text('body_wood'),
    neckWood: text('neck_wood'),
    fretboardWood: text('fretboard_wood'),
    finishType: text('finish_type'),
    numberOfStrings: integer('number_of_strings'),
    /** Millimetres. */
    scaleLength: integer('scale_length'),
    description: text('description'),
    yearMade: integer('year_made').notNull(),
    /**
     * The owner's estimate, in whole units of `estimated_value_currency` (ISO 4217), as transfer prices (0031);
     * values from before currencies were recorded are USD, what they were shown as.
     */
    estimatedValue: bigint('estimated_value', { mode: 'number' }),
    estimatedValueCurrency: text('estimated_value_currency'),
    condition: text('condition', { enum: CONDITIONS }),
    verified: boolean('verified').notNull().default(false),
    /** Who verified it, when, and what they checked; cleared with the badge. */
    verifiedById: uuid('verified_by_id').references(() => users.id, { onDelete: 'set null' }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    verificationNote: text('verification_note'),
    status: text('status', { enum: INSTRUMENT_STATUSES }).notNull().default('active'),
    /** The owner's stolen report: when and where it went missing; the police reference is private. */
    stolenOn: date('stolen_on'),
    stolenPlace: text('stolen_place'),
    stolenPoliceReference: text('stolen_police_reference'),
    makerShopId: uuid('maker_shop_id').references(() => shops.id, { onDelete: 'set null' }),
    /** The maker's shop name, kept when their account closed, so the passport still says who made it. */
    formerMakerName: text('former_maker_name'),
    /** Why the badge was taken away without an admin (a correction), for the admins' queue; cleared when verified. */
    recheckReason: text('recheck_reason'),
    /** The maker shows it among the portfolio pieces on their storefront. */
    portfolio: boolean('portfolio').notNull().default(false),
    /** Built by its maker in an academy course: the certificate they earned there. */
    builtInCertificateId: text('built_in_certificate_id').references(() => certificates.id, {
      onDelete: 'set null',
    }),
    currentOwnerId: uuid('current_owner_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The passport's search document, folded by search_fold (lower case, no accents, one apostrophe): its own
     * words plus its type, category and maker (shop name, the person's name, the shop's place). Kept by triggers
     * (migration forgiving_search, docs/decisions/030), since a generated column cannot read the maker's rows.
     */
    searchText: text('search_text'),
    createdAt: created(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('instruments_passport_code_key').on(t.passportCode),
    index('instruments_created_idx').on(t.createdAt, t.id),
    index('instruments_type_created_idx').on(t.instrumentType, t.createdAt),
    index('instruments_category_created_idx').on(t.category, t.createdAt),
    // A maker's passports newest first (the shop page walks it). The registry's maker search counts a maker's
    // passports from it alone (an index-only scan: the year is there for the year sort), so counting up to the
    // cap reads 1,001 index entries however many passports the maker has.
    index('instruments_maker_created_idx').on(t.makerShopId, t.createdAt, t.id, t.yearMade),
    // The registry sorted by year, a page at a time (ties newest first): without them every page sorted the
    // whole registry (over a second at a million passports). One per direction, as the ties stay newest first.
    index('instruments_year_desc_idx').on(t.yearMade, t.createdAt, t.id),
    index('instruments_year_asc_idx').on(
      t.yearMade,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('instruments_owner_idx').on(t.currentOwnerId),
    index('instruments_certificate_idx').on(t.builtInCertificateId),
    index('instruments_unverified_idx')
      .on(t.createdAt)
      .where(sql`verified = false`),
    check('instruments_type_category_check', sql`(instrument_type, category) in (${TYPE_CATEGORY_PAIRS})`),
    check(
      'instruments_estimated_value_currency_check',
      sql`(${t.estimatedValue} is null) = (${t.estimatedValueCurrency} is null) and ${t.estimatedValueCurrency} ~ '^[A-Z]{3}$'`,
    ),
    // The trigram GIN index on search_text lives in the custom migration registry-search (it needs pg_trgm).
  ],
);

/** A photo: an uploaded media item, or a static drawing shipped with the app (sample content). */
export const instrumentImages = pgTable(
  'instrument_images',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    instrumentId: uuid('instrument_id')
      .notNull()
      .references(() => instruments.id, { onDelete: 'cascade' }),
    mediaId: uuid('media_id').references(() => media.id, { onDelete: 'cascade' }),
    staticUrl: text('static_url'),
    caption: text('caption'),
    isPrimary: boolean('is_primary').notNull().default(false),
    orderIndex: integer('order_index').notNull().default(0),
    createdAt: created(),
  },
  (t) => [index('instrument_images_instrument_idx').on(t.instrumentId, t.orderIndex)],
);

export const ownershipRecords = pgTable(
  'ownership_records',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    instrumentId: uuid('instrument_id')
      .notNull()
      .references(() => instruments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** True when the owner was an account; once that account is deleted the name shows as "Former owner". */
    hadAccount: boolean('had_account').notNull().default(false),
    ownerName: text('owner_name').notNull(),
    location: text('location'),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    /** Null for the maker's own first record (built, not acquired). */
    acquisitionMethod: text('acquisition_method', { enum: ACQUISITION_METHODS }),
    /**
     * An exact decimal in `purchase_currency` (ISO 4217), as a listing's price (numeric(15, 3), at most the
     * currency's minor units); rows from before currencies were recorded are USD.
     */
    purchasePrice: numeric('purchase_price', { precision: 15, scale: 3 }),
    purchaseCurrency: text('purchase_currency'),
    createdAt: created(),
  },
  (t) => [
    index('ownership_records_instrument_idx').on(t.instrumentId, t.startDate),
    index('ownership_records_user_idx').on(t.userId),
    check(
      'ownership_records_purchase_currency_check',
      sql`(${t.purchasePrice} is null) = (${t.purchaseCurrency} is null)`,
    ),
  ],
);

export const serviceRecords = pgTable(
  'service_records',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    instrumentId: uuid('instrument_id')
      .notNull()
      .references(() => instruments.id, { onDelete: 'cascade' }),
    servicerName: text('servicer_name').notNull(),
    servicerShopId: uuid('servicer_shop_id').references(() => shops.id, { onDelete: 'set null' }),
    recordedById: uuid('recorded_by_id').references(() => users.id, { onDelete: 'set null' }),
    serviceType: text('service_type', { enum: SERVICE_TYPES }).notNull(),
    description: text('description').notNull(),
    workPerformed: text('work_performed'),
    serviceDate: date('service_date').notNull(),
    /** Whole units of `cost_currency` (ISO 4217); costs from before currencies were recorded are USD. */
    cost: bigint('cost', { mode: 'number' }),
    costCurrency: text('cost_currency'),
    notes: text('notes'),
    status: text('status', { enum: SERVICE_STATUSES }).notNull().default('approved'),
    claimStatus: text('claim_status', { enum: SERVICE_CLAIM_STATUSES }).notNull().default('none'),
    reportedBy: text('reported_by', { enum: SERVICE_REPORTERS }).notNull().default('owner'),
    createdAt: created(),
  },
  (t) => [
    index('service_records_instrument_idx').on(t.instrumentId, t.serviceDate),
    check(
      'service_records_cost_currency_check',
      sql`(${t.cost} is null) = (${t.costCurrency} is null) and ${t.costCurrency} ~ '^[A-Z]{3}$'`,
    ),
    index('service_records_claim_idx')
      .on(t.servicerShopId)
      .where(sql`claim_status = 'pending'`),
  ],
);

/** An ownership offer; its id is opaque and unguessable because it appears in the mailed link. */
export const transfers = pgTable(
  'transfers',
  {
    id: text('id').primaryKey(),
    instrumentId: uuid('instrument_id')
      .notNull()
      .references(() => instruments.id, { onDelete: 'cascade' }),
    fromUserId: uuid('from_user_id').references(() => users.id, { onDelete: 'set null' }),
    toUserId: uuid('to_user_id').references(() => users.id, { onDelete: 'set null' }),
    toEmail: text('to_email').notNull(),
    /** What the sender typed (an email or @handle), shown back to the sender only. */
    toLabel: text('to_label').notNull(),
    method: text('method', { enum: ACQUISITION_METHODS }).notNull(),
    /** The private price the sender typed, an exact decimal in `price_currency`; older offers are USD. */
    price: numeric('price', { precision: 15, scale: 3 }),
    priceCurrency: text('price_currency'),
    /**
     * A sale of a listed instrument: the listing's price and currency when the offer was made (the listing row
     * itself goes when the offer is accepted), so the offer shows what was asked.
     */
    fromListing: boolean('from_listing').notNull().default(false),
    listedPrice: numeric('listed_price', { precision: 15, scale: 3 }),
    listedCurrency: text('listed_currency'),
    listedNote: text('listed_note'),
    status: text('status', { enum: TRANSFER_STATUSES }).notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [
    index('transfers_instrument_idx').on(t.instrumentId),
    index('transfers_from_idx').on(t.fromUserId, t.createdAt),
    index('transfers_to_user_idx').on(t.toUserId, t.createdAt),
    index('transfers_to_email_idx').on(t.toEmail, t.createdAt),
    index('transfers_pending_expiry_idx')
      .on(t.expiresAt)
      .where(sql`status = 'pending'`),
    uniqueIndex('transfers_one_pending_key')
      .on(t.instrumentId)
      .where(sql`status = 'pending'`),
    check('transfers_price_currency_check', sql`(${t.price} is null) = (${t.priceCurrency} is null)`),
  ],
);

export const EVENT_TYPES = [
  'created',
  'edited',
  'corrected',
  'photo_added',
  'photo_removed',
  'photo_caption_changed',
  'photo_primary_changed',
  'photos_reordered',
  'service_recorded',
  'service_approved',
  'service_rejected',
  'service_confirmed',
  'service_declined',
  'transfer_offered',
  'transfer_accepted',
  'transfer_declined',
  'transfer_cancelled',
  'transfer_expired',
  'verified',
  'unverified',
  'reported_stolen',
  'recovered',
] as const;

/** The append-only provenance log: rows are inserted, never updated or deleted by the application. */
export const instrumentEvents = pgTable(
  'instrument_events',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    instrumentId: uuid('instrument_id')
      .notNull()
      .references(() => instruments.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type', { enum: EVENT_TYPES }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: created(),
  },
  (t) => [
    index('instrument_events_instrument_idx').on(t.instrumentId, t.createdAt),
    // /check reads the serial numbers a passport carried before a change: only these few events.
    index('instrument_events_changes_idx')
      .on(t.createdAt)
      .where(sql`type in ('corrected', 'edited')`),
  ],
);

/**
 * The words of the passports' search documents (letters only, four or more), for forgiving a misspelt word: a
 * word typed is looked up here by trigram similarity (a GIN index in migration forgiving_search), and its close
 * neighbours are then searched like the word itself (docs/decisions/030). Filled by a trigger on instruments;
 * never emptied (a stale word only widens a misspelt search to a word nobody has).
 */
export const searchWords = pgTable('search_words', {
  word: text('word').primaryKey(),
});
