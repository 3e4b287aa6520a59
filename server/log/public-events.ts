import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { logLeaves } from '../db/schema';

/** How many public events a passport has (its leaves). */
export async function publicEventCount(db: Db, instrumentId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(logLeaves)
    .where(eq(logLeaves.instrumentId, instrumentId));
  return row?.n ?? 0;
}
