import { sql } from 'drizzle-orm';
import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** Small key/value facts about the database itself (for example whether sample content was loaded). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An uploaded image after re-encoding. Variants are WebP at several widths; their bytes live on disk
 * (embedded default) or in media_variants (shared PostgreSQL), decided by `storage`.
 */
export const media = pgTable('media', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  ownerId: uuid('owner_id'),
  purpose: text('purpose').notNull(),
  storage: text('storage', { enum: ['fs', 'db'] }).notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  widths: integer('widths').array().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const mediaVariants = pgTable(
  'media_variants',
  {
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.mediaId, t.width] })],
);

/**
 * A document the server rendered (a dossier, a certificate, a label or a share image), kept so that it is built
 * once per content (docs/decisions/029-documents-built-once.md). `key` is the SHA-256 of everything its bytes
 * are made from; `subject` names what it is of, so older versions of it can be dropped. The bytes live on disk
 * (embedded default) or here (shared PostgreSQL), like media.
 */
export const documents = pgTable(
  'documents',
  {
    key: text('key').primaryKey(),
    subject: text('subject').notNull(),
    contentType: text('content_type').notNull(),
    /** A strong ETag: the SHA-256 of the bytes. */
    etag: text('etag').notNull(),
    storage: text('storage', { enum: ['fs', 'db'] }).notNull(),
    bytes: bytea('bytes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('documents_subject_idx').on(t.subject)],
);

/**
 * A cheap stand-in for a document's key: the hash of what identifies its content without gathering it (a
 * dossier's public passport and the log's state, not its proofs and photo), so that a stored document is found
 * with one read. Many may point at one document; they go with it.
 */
export const documentAliases = pgTable(
  'document_aliases',
  {
    alias: text('alias').primaryKey(),
    key: text('key')
      .notNull()
      .references(() => documents.key, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('document_aliases_key_idx').on(t.key)],
);
