import { bigint, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

// The verifiable index over the transparency log (docs/decisions/032): the map (each passport's log indices) and
// the output log whose leaves commit to the index's revisions. The output log's tables have the shapes of the
// passport log's, so the same tile, proof, checkpoint and witness code serves both; they are append-only by trigger.

/** The map at the newest revision: a passport code's log indices, ascending. Written with each revision. */
export const logIndexValues = pgTable('log_index_values', {
  passportCode: text('passport_code').primaryKey(),
  /** Hex SHA-256("luthier-registry/passport:" ‖ code). */
  key: text('key').notNull(),
  indices: bigint('indices', { mode: 'number' }).array().notNull(),
});

/** One leaf per index revision: the four-line text of decision 032, and what it says, for reading. */
export const indexLeaves = pgTable('index_leaves', {
  index: bigint('index', { mode: 'number' }).primaryKey(),
  leaf: text('leaf').notNull(),
  leafHash: text('leaf_hash').notNull(),
  inputSize: bigint('input_size', { mode: 'number' }).notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const indexHashes = pgTable(
  'index_hashes',
  {
    level: smallint('level').notNull(),
    idx: bigint('idx', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.level, t.idx] })],
);

export const indexHead = pgTable('index_head', {
  id: smallint('id').primaryKey(),
  size: bigint('size', { mode: 'number' }).notNull(),
  frontier: text('frontier').notNull(),
});

export const indexCheckpoints = pgTable('index_checkpoints', {
  size: bigint('size', { mode: 'number' }).primaryKey(),
  root: text('root').notNull(),
  note: text('note').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const indexCosignatures = pgTable(
  'index_cosignatures',
  {
    size: bigint('size', { mode: 'number' }).notNull(),
    witnessKey: text('witness_key').notNull(),
    timestamp: bigint('timestamp', { mode: 'number' }).notNull(),
    line: text('line').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.size, t.witnessKey] })],
);
