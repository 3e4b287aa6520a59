import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// The registry-wide transparency log (docs/decisions/010). Leaves, stored hashes and checkpoints are append-only:
// a trigger in the custom migration transparency-log refuses UPDATE and DELETE on them. Nothing references
// instruments, so deleting a passport never removes its history from the log.

/** One leaf per passport event, in log order. */
export const logLeaves = pgTable(
  'log_leaves',
  {
    index: bigint('index', { mode: 'number' }).primaryKey(),
    /** The instrument_events row this leaf records (no foreign key: the log outlives deleted rows). */
    eventId: uuid('event_id').notNull(),
    instrumentId: uuid('instrument_id').notNull(),
    passportCode: text('passport_code').notNull(),
    /** Position within the passport's own chain, from 0. */
    seq: integer('seq').notNull(),
    /** The leaf bytes as UTF-8 text: RFC 8785 canonical JSON. */
    leaf: text('leaf').notNull(),
    /** Hex SHA-256(0x00 ‖ leaf). */
    leafHash: text('leaf_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('log_leaves_passport_seq_key').on(t.passportCode, t.seq),
    uniqueIndex('log_leaves_event_key').on(t.eventId),
    index('log_leaves_instrument_idx').on(t.instrumentId),
  ],
);

/**
 * Hashes of every complete subtree: (level, idx) covers leaves [idx·2^level, (idx+1)·2^level). Level 0 is the
 * leaf hashes. Any proof at any size needs O(log n) of these rows.
 */
export const logHashes = pgTable(
  'log_hashes',
  {
    level: smallint('level').notNull(),
    idx: bigint('idx', { mode: 'number' }).notNull(),
    /** Hex SHA-256. */
    hash: text('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.level, t.idx] })],
);

/** The single row every append locks: the tree size and the roots of its complete subtrees (the right edge). */
export const logHead = pgTable('log_head', {
  id: smallint('id').primaryKey(),
  size: bigint('size', { mode: 'number' }).notNull(),
  /** Hex hashes of the complete subtrees, largest first, concatenated (one per set bit of size). */
  frontier: text('frontier').notNull(),
});

/** Salts of the commitments that stand for private values in leaves; never served publicly. */
export const logSalts = pgTable(
  'log_salts',
  {
    leafIndex: bigint('leaf_index', { mode: 'number' }).notNull(),
    /** JSON path of the value inside the leaf's data, such as `changes.0.to`. */
    path: text('path').notNull(),
    /** Hex, 32 random bytes. */
    salt: text('salt').notNull(),
  },
  (t) => [primaryKey({ columns: [t.leafIndex, t.path] })],
);

/** Signed checkpoints, one per tree size that was asked for. */
export const logCheckpoints = pgTable('log_checkpoints', {
  size: bigint('size', { mode: 'number' }).primaryKey(),
  /** Base64 root hash. */
  root: text('root').notNull(),
  /** The whole signed note. */
  note: text('note').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The signing key generated on first start when LOG_SIGNING_KEY is not set (one row). */
export const logSigningKeys = pgTable('log_signing_keys', {
  id: smallint('id').primaryKey(),
  /** Base64 of the 32-byte Ed25519 seed. */
  seed: text('seed').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});
