import type { SQL } from 'drizzle-orm';
import { fromBase64 } from '../../../contract/log/bytes';
import { leafHash, treeHash } from '../../../contract/log/merkle';
import type { Db } from '../../db/client';
import { recordPassportEvents } from '../../log/passport-events';

/** Rows of a raw query, on either driver. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** The root of the first `size` leaves, recomputed from the leaves the API serves (not from stored hashes). */
export async function rootFromLeaves(leavesBase64: string[], size: number): Promise<Uint8Array> {
  return treeHash(await Promise.all(leavesBase64.slice(0, size).map((l) => leafHash(fromBase64(l)))));
}

/**
 * Appends `count` photo events (captions `photo <n>` from `first` on), round-robin over the instruments, in one
 * transaction through the app's own path: hundreds of real, chained leaves in a second or two.
 */
export async function appendPhotos(
  db: Db,
  instrumentIds: string[],
  first: number,
  count: number,
): Promise<void> {
  await recordPassportEvents(
    db,
    Array.from({ length: count }, (_, k) => ({
      instrumentId: instrumentIds[(first + k) % instrumentIds.length]!,
      type: 'photo_added' as const,
      data: { caption: `photo ${first + k}` },
    })),
  );
}
