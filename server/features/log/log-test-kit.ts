import type { SQL } from 'drizzle-orm';
import { fromBase64 } from '../../../contract/log/bytes';
import { leafHash, treeHash } from '../../../contract/log/merkle';
import type { Db } from '../../db/client';

/** Rows of a raw query, on either driver. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** The root of the first `size` leaves, recomputed from the leaves the API serves (not from stored hashes). */
export async function rootFromLeaves(leavesBase64: string[], size: number): Promise<Uint8Array> {
  return treeHash(await Promise.all(leavesBase64.slice(0, size).map((l) => leafHash(fromBase64(l)))));
}
