import { sql } from 'drizzle-orm';
import { index, numeric, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { LISTING_STATUSES } from '../../../contract/listings';
import { shops, users } from './accounts';
import { instruments } from './registry';

/**
 * An owner's listing of an instrument: for sale (with an optional price in an ISO 4217 currency) or open to
 * commissions. At most one per instrument; "not listed" is no row. The price is `numeric`, an exact decimal,
 * never a float. The row is removed in the transaction that accepts the instrument's transfer, so a sold
 * instrument leaves the storefront as its ownership moves.
 */
export const instrumentListings = pgTable(
  'instrument_listings',
  {
    instrumentId: uuid('instrument_id')
      .primaryKey()
      .references(() => instruments.id, { onDelete: 'cascade' }),
    /** The owner who listed it; a listing by someone who is no longer the owner is never shown. */
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: LISTING_STATUSES }).notNull(),
    price: numeric('price', { precision: 15, scale: 3 }),
    currency: text('currency'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('instrument_listings_status_idx').on(t.status, t.updatedAt)],
);

/**
 * A conversation between a member (`starter_id`, who wrote first) and the owner of a shop (`recipient_id`),
 * optionally about one instrument. One per member, shop and instrument (or none): writing again continues it.
 * Each side's `…_read_at` says up to when they have read it; unread counts are the other side's messages after it.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    starterId: uuid('starter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: uuid('shop_id').references(() => shops.id, { onDelete: 'cascade' }),
    instrumentId: uuid('instrument_id').references(() => instruments.id, { onDelete: 'set null' }),
    starterReadAt: timestamp('starter_read_at', { withTimezone: true }),
    recipientReadAt: timestamp('recipient_read_at', { withTimezone: true }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('conversations_thread_key').on(t.starterId, t.shopId, t.instrumentId).nullsNotDistinct(),
    index('conversations_starter_idx').on(t.starterId, t.lastMessageAt),
    index('conversations_recipient_idx').on(t.recipientId, t.lastMessageAt),
  ],
);

export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('conversation_messages_conversation_idx').on(t.conversationId, t.createdAt)],
);
