// Tiles and entry bundles of C2SP tlog-tiles, read from what appends already store: a hash tile is a run of
// log_hashes rows at tree level 8·L, an entry bundle a run of log_leaves rows. One indexed range read each.
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { PASSPORT_LOG, type LogStore } from './store';
import { TILE_HEIGHT, TILE_WIDTH, type TileAddress } from './tile-path';

/** Entries are length-prefixed with a big-endian uint16. */
export const MAX_ENTRY_BYTES = 0xffff;

/** The first and past-the-last position the tile covers in its row, or null when no tree can have them. */
function span({ index, width }: TileAddress): { from: number; to: number } | null {
  const from = index * TILE_WIDTH;
  const to = from + width;
  return Number.isSafeInteger(to) ? { from, to } : null;
}

/**
 * The tile's bytes (width × 32), or null while the tree has fewer hashes at that level. Only complete subtrees
 * are stored, so a hash at level 8·L exists exactly when the tree covers it, and a partial tile never includes a
 * hash that could still change.
 */
export async function readHashTile(
  db: Db,
  address: TileAddress,
  store: LogStore = PASSPORT_LOG,
): Promise<Buffer | null> {
  const logHashes = store.hashes;
  const range = span(address);
  if (address.level === 'entries' || !range) return null;
  const level = address.level * TILE_HEIGHT;
  // Levels above 62 would cover more leaves than an index can count; there is nothing to read there.
  if (level > 62) return null;
  const rows = await db
    .select({ hash: logHashes.hash })
    .from(logHashes)
    .where(and(eq(logHashes.level, level), gte(logHashes.idx, range.from), lt(logHashes.idx, range.to)))
    .orderBy(asc(logHashes.idx));
  if (rows.length !== address.width) return null;
  return Buffer.concat(rows.map((r) => Buffer.from(r.hash, 'hex')));
}

/** Entries as a bundle: each one a big-endian uint16 length and the leaf's bytes. */
export function encodeBundle(leaves: string[]): Buffer {
  const parts: Buffer[] = [];
  for (const leaf of leaves) {
    const bytes = Buffer.from(leaf, 'utf8');
    // Every leaf the registry writes is far below this (its longest texts are a few thousand characters); one
    // that is not cannot be written in this format, and a truncated length would corrupt the whole bundle.
    if (bytes.length > MAX_ENTRY_BYTES)
      throw new Error(`a log leaf of ${bytes.length} bytes does not fit an entry bundle`);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(bytes.length);
    parts.push(length, bytes);
  }
  return Buffer.concat(parts);
}

/** The entry bundle's bytes, or null while the log has fewer entries than it holds. */
export async function readEntryBundle(
  db: Db,
  address: TileAddress,
  store: LogStore = PASSPORT_LOG,
): Promise<Buffer | null> {
  const range = span(address);
  if (address.level !== 'entries' || !range) return null;
  const leaves = await store.leaves(db, range.from, range.to);
  if (leaves.length !== address.width) return null;
  return encodeBundle(leaves);
}
