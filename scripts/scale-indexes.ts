// A large grow builds the search indexes after its rows instead of maintaining them row by row: kept up to date
// while the rows go in, the ten indexes of `instruments` (the trigram one most) and those of the rows each
// passport brings cost more than the rows themselves; built once from the finished table they are a sort each.
// Only indexes that protect nothing are dropped: primary keys, unique indexes (the passport code's, which the
// grow's ON CONFLICT relies on) and every constraint stay in force throughout. The caller drops and rebuilds
// inside one transaction, so a grow that fails leaves the indexes as they were, and no other session ever sees
// the table without them (it waits for the grow's lock instead).
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';

/** The tables a grow writes many rows to (the log's leaves keep theirs: all but one are unique). */
export const GROWN_TABLES = [
  'instruments',
  'instrument_images',
  'ownership_records',
  'instrument_events',
] as const;

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

export interface DroppedIndex {
  name: string;
  /** pg_get_indexdef: the exact CREATE INDEX statement, so the rebuilt index is the migrated one. */
  definition: string;
}

/** Drops the indexes of `tables` that back no key and no constraint; returns their definitions. */
export async function dropPlainIndexes(
  tx: Db,
  tables: readonly string[] = GROWN_TABLES,
): Promise<DroppedIndex[]> {
  const indexes = rowsOf<DroppedIndex>(
    await tx.execute(sql`
      select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i
      join pg_class c on c.oid = i.indexrelid
      join pg_class t on t.oid = i.indrelid
      join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = current_schema() and t.relname in ${sql.raw(`(${tables.map((t) => `'${t}'`).join(',')})`)}
        and not i.indisunique and not i.indisprimary and not i.indisexclusion
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
      order by t.relname, c.relname`),
  );
  for (const index of indexes) await tx.execute(sql.raw(`drop index "${index.name}"`));
  return indexes;
}

/** Builds the dropped indexes again, exactly as they were defined. */
export async function rebuildIndexes(tx: Db, indexes: readonly DroppedIndex[]): Promise<void> {
  for (const index of indexes) await tx.execute(sql.raw(index.definition));
}

/** A grow rebuilds the indexes when it at least doubles the registry (decision 025); a smaller one keeps them. */
export const rebuildsIndexes = (before: number, added: number): boolean => added >= before;

/**
 * Runs `grow` in the transaction `tx` with the plain indexes of the grown tables dropped, then builds them again,
 * with 256 MB of maintenance_work_mem for the transaction (each rebuild is one sort of the whole table). Returns the
 * milliseconds the rebuild took.
 */
export async function growWithIndexesRebuilt(tx: Db, grow: () => Promise<unknown>): Promise<number> {
  await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
  const dropped = await dropPlainIndexes(tx);
  await grow();
  const started = performance.now();
  await rebuildIndexes(tx, dropped);
  return performance.now() - started;
}
