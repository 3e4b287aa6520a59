import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { HANDLE_SKELETON_SQL } from '../../../contract/handles';
import { media } from './core';

export const users = pgTable(
  'users',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    displayName: text('display_name').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    role: text('role', { enum: ['user', 'luthier', 'admin'] })
      .notNull()
      .default('user'),
    handle: text('handle'),
    /** The handle's skeleton (contract/handles.ts): look-alike handles are found by it. */
    handleSkeleton: text('handle_skeleton').generatedAlwaysAs(sql.raw(HANDLE_SKELETON_SQL('handle'))),
    bio: text('bio'),
    location: text('location'),
    experience: text('experience'),
    interests: text('interests')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    favoriteStyles: text('favorite_styles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    specialties: text('specialties')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    avatarMediaId: uuid('avatar_media_id').references(() => media.id, { onDelete: 'set null' }),
    onboardingComplete: boolean('onboarding_complete').notNull().default(false),
    timeZone: text('time_zone').notNull().default('UTC'),
    /**
     * Whether the person's name is hidden on passports they own: true chose "Private owner", false chose to be
     * named, null never chose, which counts as private (owners are private until they choose).
     */
    ownerPrivacy: boolean('owner_privacy'),
    /**
     * The currency a new amount starts in before the person has priced anything (then their latest price's
     * decides): set at onboarding from their shop's country. Null: none known, US dollars.
     */
    usualCurrency: text('usual_currency'),
    /** When `email` was proven by a link sent to it; null until then. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** The last sign-in with the password (registering signs in without one); null until the first. */
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /**
     * Raised by a password change, a reset and "sign out everywhere": every mailed link carries the value it was
     * issued under and works only while it is still the account's, so no link outlives the password it was
     * asked for with.
     */
    credentialsEpoch: integer('credentials_epoch').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_handle_key').on(t.handle),
    index('users_handle_skeleton_idx').on(t.handleSkeleton),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token, hex; the token itself is never stored. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /**
     * The credentials epoch the session was made under: a sign-in that checked the old password while a reset
     * was committing cannot leave a session that outlives it.
     */
    epoch: integer('epoch').notNull().default(0),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The account's credentials epoch when the link was made; a different current value voids it. */
    epoch: integer('epoch').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/**
 * The way back after an email change: a link mailed to the previous address that restores it for 7 days. It
 * carries no credentials epoch on purpose: whoever changed the address may also change the password or sign
 * everyone out, and neither may take the owner's way back away. While it lasts the previous address stays
 * held for its owner.
 */
export const emailChangeUndos = pgTable(
  'email_change_undos',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    previousEmail: text('previous_email').notNull(),
    newEmail: text('new_email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_change_undos_user_idx').on(t.userId),
    index('email_change_undos_previous_idx').on(t.previousEmail),
  ],
);

/**
 * Handle reservations during onboarding and renamed handles (user and expiry set), deleted accounts' handles (expiry
 * set, no user) and permanent reserved words (both null).
 */
export const handleHolds = pgTable(
  'handle_holds',
  {
    handle: text('handle').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /**
     * `reservation`: 15 minutes while a person picks a handle. `renamed`: a handle its owner left, held for them
     * for 180 days while /u/{handle} and /l/{handle} redirect to their new one. `deleted`: a deleted account's
     * handle or held old handle, held by nobody (no user) for 180 days and redirecting nowhere.
     */
    kind: text('kind', { enum: ['reservation', 'renamed', 'deleted'] })
      .notNull()
      .default('reservation'),
    skeleton: text('skeleton').generatedAlwaysAs(sql.raw(HANDLE_SKELETON_SQL('handle'))),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('handle_holds_skeleton_idx').on(t.skeleton), index('handle_holds_user_idx').on(t.userId)],
);

/** A luthier's public page and the maker entity of registry passports. Its slug is the owner's handle. */
export const shops = pgTable(
  'shops',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    contactName: text('contact_name'),
    location: text('location'),
    establishedYear: integer('established_year'),
    bio: text('bio'),
    workshopBio: text('workshop_bio'),
    specializations: text('specializations')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The storefront's cover image (an upload, variants in `media`) and the words that describe it. */
    coverMediaId: uuid('cover_media_id').references(() => media.id, { onDelete: 'set null' }),
    coverAlt: text('cover_alt'),
    /** Shipping, returns and commissions, in the maker's words (plain text). */
    policies: text('policies'),
    published: boolean('published').notNull().default(false),
    verified: boolean('verified').notNull().default(false),
    /** Who verified the shop, when, and what they checked; cleared with the badge. */
    verifiedById: uuid('verified_by_id').references(() => users.id, { onDelete: 'set null' }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    verificationNote: text('verification_note'),
    /** Why the badge was taken away without an admin (a rename), for the admins' queue; cleared when verified. */
    recheckReason: text('recheck_reason'),
    handleSkeleton: text('slug_skeleton').generatedAlwaysAs(sql.raw(HANDLE_SKELETON_SQL('slug'))),
    /**
     * How many passports name this shop as their maker, kept by triggers on instruments (migration
     * shop_instrument_count): the directory and the shop page read it instead of counting a maker's passports.
     */
    instrumentCount: integer('instrument_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shops_owner_key').on(t.ownerId),
    uniqueIndex('shops_slug_key').on(t.slug),
    index('shops_slug_skeleton_idx').on(t.handleSkeleton),
  ],
);
