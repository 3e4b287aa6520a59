import { bigint, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Witness cosignatures of the log's checkpoints, verified against the policy's key before they are kept. A witness
 * is identified by its key (name and key id), not by its policy name, which means nothing outside the policy file.
 */
export const logCosignatures = pgTable(
  'log_cosignatures',
  {
    size: bigint('size', { mode: 'number' }).notNull(),
    /** `<key name>+<8 hex key id>`: the witness key that signed. */
    witnessKey: text('witness_key').notNull(),
    /** The cosignature's own POSIX timestamp (seconds). */
    timestamp: bigint('timestamp', { mode: 'number' }).notNull(),
    /** The whole note signature line, as the witness returned it (without its newline). */
    line: text('line').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.size, t.witnessKey] })],
);

/** The last submission outcome per witness key, shared by every instance (whichever one submitted). */
export const logWitnessStatus = pgTable('log_witness_status', {
  witnessKey: text('witness_key').primaryKey(),
  /** Why the last attempt failed, in words; null after a success. */
  lastError: text('last_error'),
  /** Set when the witness refused a checkpoint as inconsistent: kept until a later cosignature, and told once. */
  inconsistentAt: timestamp('inconsistent_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
