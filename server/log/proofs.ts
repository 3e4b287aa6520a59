// Proofs and roots at any tree size, read from stored complete-subtree hashes: O(log n) rows in one query.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { PASSPORT_LOG, type LogStore } from './store';
import {
  consistencyRanges,
  decompose,
  foldRight,
  inclusionRanges,
  subtreeKey,
  type Range,
  type Subtree,
} from './tree';

const QUERY_BATCH = 500;

async function readSubtrees(db: Db, subtrees: Subtree[], store: LogStore): Promise<Map<string, string>> {
  const unique = [...new Map(subtrees.map((s) => [subtreeKey(s), s])).values()];
  const found = new Map<string, string>();
  for (let i = 0; i < unique.length; i += QUERY_BATCH) {
    const batch = unique.slice(i, i + QUERY_BATCH);
    // A join with unnested key arrays: one index probe per key, a plan that does not grow with the list.
    const levels = `{${batch.map((s) => s.level).join(',')}}`;
    const idxs = `{${batch.map((s) => s.idx).join(',')}}`;
    const result: unknown = await db.execute(
      sql`select h.level, h.idx::text as idx, h.hash from unnest(${levels}::smallint[], ${idxs}::bigint[]) as k(level, idx)
          join ${sql.raw(store.hashTable)} h on h.level = k.level and h.idx = k.idx`,
    );
    for (const r of (result as { rows: { level: number; idx: string; hash: string }[] }).rows)
      found.set(subtreeKey({ level: Number(r.level), idx: Number(r.idx) }), r.hash);
  }
  for (const s of unique)
    if (!found.has(subtreeKey(s))) throw new Error(`stored hash ${subtreeKey(s)} is missing from the log`);
  return found;
}

/** Hex hashes of the given ranges (each an RFC 6962 subtree), in one read. */
async function rangeHashes(db: Db, ranges: Range[], store: LogStore): Promise<string[]> {
  const parts = ranges.map((r) => decompose(r.lo, r.hi));
  const hashes = await readSubtrees(db, parts.flat(), store);
  return parts.map((p) => foldRight(p.map((s) => hashes.get(subtreeKey(s))!)));
}

/** Hex audit paths for several leaves against one tree size, leaf level first (one read for all). */
export async function inclusionProofs(
  db: Db,
  indexes: number[],
  size: number,
  store: LogStore = PASSPORT_LOG,
): Promise<string[][]> {
  const shapes = indexes.map((i) => inclusionRanges(i, size));
  const flat = await rangeHashes(db, shapes.flat(), store);
  let at = 0;
  return shapes.map((s) => flat.slice(at, (at += s.length)));
}

export async function consistencyProof(
  db: Db,
  from: number,
  to: number,
  store: LogStore = PASSPORT_LOG,
): Promise<string[]> {
  return rangeHashes(db, consistencyRanges(from, to), store);
}

/** The root hash (hex) of the tree of the given size. */
export async function rootAt(db: Db, size: number, store: LogStore = PASSPORT_LOG): Promise<string> {
  const [root] = await rangeHashes(db, [{ lo: 0, hi: size }], store);
  return root!;
}
