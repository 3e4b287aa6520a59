import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { NotificationKind } from '../../../contract/notifications';
import { shops, users } from './accounts';
import { serviceRecords } from './registry';
import { conversations } from './market';

/**
 * A person's inbox. `mail_pending` marks rows whose mail has not been sent yet (sent once the insert commits).
 * A message between a shop and a member (`shop_message`, `shop_reply`) also keeps, server-side only, who wrote it
 * (`counterpart_user_id`, the person a reply goes to) and the shop the conversation is about (`shop_id`); neither
 * is ever sent to the client.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    counterpartUserId: uuid('counterpart_user_id').references(() => users.id, { onDelete: 'set null' }),
    shopId: uuid('shop_id').references(() => shops.id, { onDelete: 'set null' }),
    /** A service record naming the recipient's shop as its servicer: the entry offers Confirm and Decline. */
    serviceRecordId: uuid('service_record_id').references(() => serviceRecords.id, { onDelete: 'set null' }),
    /** A message in a conversation: the conversation it belongs to (its Reply writes there; reading it reads this). */
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'cascade' }),
    mailPending: boolean('mail_pending').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_mail_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.mailPending}`),
  ],
);

/** Mail on/off per kind; a missing row means mail on. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    mail: boolean('mail').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * Links that prove an address: sign-up verification and email changes. Only the token's SHA-256 is stored;
 * `email` is the address the link was sent to, which a successful use proves (and, for a change, sets).
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    purpose: text('purpose', { enum: ['verify', 'change'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The account's credentials epoch when the link was made; a different current value voids it. */
    epoch: integer('epoch').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_tokens_user_idx').on(t.userId)],
);
