import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { logLeaves } from '../db/schema';

/**
 * A passport's events as anyone but its owner and admins sees them: its log leaves, read back. What a leaf holds
 * is the public projection of an event (public-data.ts), so these views can never show more than the log.
 */
export async function publicEventsOf(db: Db, instrumentId: string) {
  const rows = await db
    .select({ eventId: logLeaves.eventId, leaf: logLeaves.leaf })
    .from(logLeaves)
    .where(eq(logLeaves.instrumentId, instrumentId))
    .orderBy(asc(logLeaves.seq));
  return rows.map((r) => {
    const leaf = JSON.parse(r.leaf) as { type: string; data: Record<string, unknown>; at: string };
    return { id: r.eventId, type: leaf.type, data: leaf.data, createdAt: leaf.at };
  });
}

/** How many public events a passport has (its leaves). */
export async function publicEventCount(db: Db, instrumentId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(logLeaves).where(eq(logLeaves.instrumentId, instrumentId));
  return row?.n ?? 0;
}
