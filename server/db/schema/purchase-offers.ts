import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { PURCHASE_OFFER_STATUSES } from '../../../contract/purchase-offers';
import { users } from './accounts';
import { conversations } from './market';
import { instruments, transfers } from './registry';

/**
 * A buyer's offer on a listed instrument and its counter-offers (one row, the amount on the table now). At most
 * one open or countered offer per buyer and instrument. Acceptance makes the ownership transfer (`transfer_id`);
 * the buyer's acceptance of that transfer marks the offer sold. Like listings, none of it is in the log (017).
 */
export const purchaseOffers = pgTable(
  'purchase_offers',
  {
    id: text('id').primaryKey(),
    instrumentId: uuid('instrument_id')
      .notNull()
      .references(() => instruments.id, { onDelete: 'cascade' }),
    /** The owner when the offer was made; only they answer it. */
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** An exact decimal in `currency` (at most its minor units), as the transfer records a price. */
    price: numeric('price', { precision: 15, scale: 3 }).notNull(),
    currency: text('currency').notNull(),
    listedPrice: text('listed_price'),
    listedCurrency: text('listed_currency'),
    message: text('message'),
    status: text('status', { enum: PURCHASE_OFFER_STATUSES }).notNull().default('open'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    transferId: text('transfer_id').references(() => transfers.id, { onDelete: 'set null' }),
    /** The seller's choice to show the price of a sold instrument on their storefront. */
    soldPriceShown: boolean('sold_price_shown').notNull().default(false),
    soldAt: timestamp('sold_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('purchase_offers_one_open_key')
      .on(t.instrumentId, t.buyerId)
      .where(sql`status in ('open', 'countered')`),
    index('purchase_offers_buyer_idx').on(t.buyerId, t.updatedAt),
    index('purchase_offers_seller_idx').on(t.sellerId, t.updatedAt),
    index('purchase_offers_transfer_idx').on(t.transferId),
    check('purchase_offers_price_check', sql`${t.price} > 0`),
  ],
);
