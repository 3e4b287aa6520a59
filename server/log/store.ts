// The two logs the registry publishes in the same formats: the passport log (decision 010) and the verifiable
// index's output log (decision 032). Their tables have the same shapes, so the tile, proof, checkpoint and witness
// code takes the store it works on rather than being copied.
import { and, asc, gte, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  indexCheckpoints,
  indexCosignatures,
  indexHashes,
  indexHead,
  indexLeaves,
  logCheckpoints,
  logCosignatures,
  logHashes,
  logHead,
  logLeaves,
} from '../db/schema';

export interface LogStore {
  /** The path under PUBLIC_URL and the last part of the origin: `log` or `index`. */
  name: 'log' | 'index';
  /** The hash table's name, for the raw proof query. */
  hashTable: 'log_hashes' | 'index_hashes';
  hashes: typeof logHashes;
  head: typeof logHead;
  checkpoints: typeof logCheckpoints;
  cosignatures: typeof logCosignatures;
  /** The leaves [from, to) in order, as UTF-8 text. */
  leaves(db: Db, from: number, to: number): Promise<string[]>;
}

export const PASSPORT_LOG: LogStore = {
  name: 'log',
  hashTable: 'log_hashes',
  hashes: logHashes,
  head: logHead,
  checkpoints: logCheckpoints,
  cosignatures: logCosignatures,
  async leaves(db, from, to) {
    const rows = await db
      .select({ leaf: logLeaves.leaf })
      .from(logLeaves)
      .where(and(gte(logLeaves.index, from), lt(logLeaves.index, to)))
      .orderBy(asc(logLeaves.index));
    return rows.map((r) => r.leaf);
  },
};

// The output log's tables are declared separately (drizzle needs one object per table) with identical columns.
export const INDEX_LOG: LogStore = {
  name: 'index',
  hashTable: 'index_hashes',
  hashes: indexHashes as unknown as typeof logHashes,
  head: indexHead as unknown as typeof logHead,
  checkpoints: indexCheckpoints as unknown as typeof logCheckpoints,
  cosignatures: indexCosignatures as unknown as typeof logCosignatures,
  async leaves(db, from, to) {
    const rows = await db
      .select({ leaf: indexLeaves.leaf })
      .from(indexLeaves)
      .where(and(gte(indexLeaves.index, from), lt(indexLeaves.index, to)))
      .orderBy(asc(indexLeaves.index));
    return rows.map((r) => r.leaf);
  },
};

export const LOGS = [PASSPORT_LOG, INDEX_LOG] as const;
