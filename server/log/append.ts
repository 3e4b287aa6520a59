// Appends passport events to the transparency log inside the caller's transaction.
import { eq, inArray, sql } from 'drizzle-orm';
import { encodeLeaf } from '../../contract/log/leaf';
import type { Db } from '../db/client';
import { instruments, logHashes, logHead, logLeaves, logSalts } from '../db/schema';
import { publicEventData } from './public-data';
import { PASSPORT_LOG, type LogStore } from './store';
import { isPublicEvent } from './public-projection';
import { appendToFrontier, formatFrontier, leafHashHex, parseFrontier } from './tree';

export interface LoggedEvent {
  id: string;
  instrumentId: string;
  type: string;
  data: Record<string, unknown>;
  createdAt: Date;
}

/** Rows per INSERT statement (PostgreSQL allows 65,535 parameters). */
const CHUNK = 1000;

/**
 * One leaf per public event, in the given order (an owner's offers and their fate are never leaves). The head
 * row is locked first (SELECT … FOR UPDATE), so concurrent appends queue: each gets the next index, none share
 * one, and a rolled-back transaction leaves no gap.
 */
export async function appendEventsToLog(tx: Db, all: LoggedEvent[]): Promise<void> {
  const events = all.filter((e) => isPublicEvent(e.type));
  if (!events.length) return;
  const [head] = await tx.select().from(logHead).where(eq(logHead.id, 1)).for('update');
  if (!head) throw new Error('transparency log head row is missing (migrations not applied?)');
  const ids = [...new Set(events.map((e) => e.instrumentId))];
  // Each passport's code and newest leaf (its seq and hash continue the chain), in one query after the lock.
  const newest = (column: string) =>
    sql.raw(
      `(select l.${column} from log_leaves l where l.passport_code = instruments.passport_code order by l.seq desc limit 1)`,
    );
  const found = await tx
    .select({
      id: instruments.id,
      code: instruments.passportCode,
      seq: sql<number | null>`${newest('seq')}`,
      hash: sql<string | null>`${newest('leaf_hash')}`,
    })
    .from(instruments)
    .where(inArray(instruments.id, ids));
  const codes = new Map(found.map((r) => [r.id, r.code]));
  const last = new Map<string, { seq: number; hash: string }>();
  for (const r of found) if (r.hash !== null) last.set(r.code, { seq: Number(r.seq), hash: r.hash });
  const leaves: (typeof logLeaves.$inferInsert)[] = [];
  const salts: (typeof logSalts.$inferInsert)[] = [];
  for (const [i, event] of events.entries()) {
    const code = codes.get(event.instrumentId);
    if (!code) throw new Error(`passport event for unknown instrument ${event.instrumentId}`);
    const prev = last.get(code);
    const index = head.size + i;
    const { data, secrets } = await publicEventData(event.data);
    const seq = prev ? prev.seq + 1 : 0;
    const leaf = encodeLeaf({
      passport: code,
      seq,
      type: event.type,
      data,
      at: event.createdAt.toISOString(),
      prev: prev?.hash ?? null,
    });
    const leafHash = leafHashHex(leaf);
    last.set(code, { seq, hash: leafHash });
    leaves.push({
      index,
      eventId: event.id,
      instrumentId: event.instrumentId,
      passportCode: code,
      seq,
      leaf,
      leafHash,
    });
    for (const s of secrets) salts.push({ leafIndex: index, path: s.path, salt: s.salt });
  }
  const next = appendToFrontier(
    parseFrontier(head.frontier),
    head.size,
    leaves.map((l) => l.leafHash),
  );
  for (let i = 0; i < leaves.length; i += CHUNK)
    await tx.insert(logLeaves).values(leaves.slice(i, i + CHUNK));
  for (let i = 0; i < next.stored.length; i += CHUNK)
    await tx.insert(logHashes).values(next.stored.slice(i, i + CHUNK));
  for (let i = 0; i < salts.length; i += CHUNK) await tx.insert(logSalts).values(salts.slice(i, i + CHUNK));
  await tx
    .update(logHead)
    .set({ size: next.size, frontier: formatFrontier(next.frontier) })
    .where(eq(logHead.id, 1));
}

/** The current tree size and right edge (not locked). */
export async function readHead(
  db: Db,
  store: LogStore = PASSPORT_LOG,
): Promise<{ size: number; frontier: string[] }> {
  const [head] = await db.select().from(store.head).where(eq(store.head.id, 1));
  return { size: head?.size ?? 0, frontier: parseFrontier(head?.frontier ?? '') };
}
