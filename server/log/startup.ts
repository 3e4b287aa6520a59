// Run once per start, before sample content: the signing key, then any events written before the log existed.
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { instrumentEvents, logHead } from '../db/schema';
import type { Env } from '../env';
import { appendEventsToLog } from './append';
import { OWNER_ONLY_EVENTS } from './public-projection';
import { loadLogSigner } from './signing';

const BATCH = 1000;

/**
 * Appends, in creation order, the public passport events that have no leaf yet (a database from before the log).
 * An owner's offers never get one.
 */
export async function appendUnloggedEvents(db: Db): Promise<number> {
  let total = 0;
  for (;;) {
    const appended = await db.transaction(async (tx) => {
      // Lock first, so a second instance starting at the same time waits and then finds these events logged.
      await tx.select({ id: logHead.id }).from(logHead).where(eq(logHead.id, 1)).for('update');
      const rows = await tx
        .select({
          id: instrumentEvents.id,
          instrumentId: instrumentEvents.instrumentId,
          type: instrumentEvents.type,
          data: instrumentEvents.data,
          createdAt: instrumentEvents.createdAt,
        })
        .from(instrumentEvents)
        .where(
          and(
            notInArray(instrumentEvents.type, [
              ...OWNER_ONLY_EVENTS,
            ] as (typeof instrumentEvents.$inferSelect)['type'][]),
            sql`not exists (select 1 from log_leaves l where l.event_id = ${instrumentEvents.id})`,
          ),
        )
        .orderBy(asc(instrumentEvents.createdAt), asc(instrumentEvents.id))
        .limit(BATCH);
      await appendEventsToLog(tx, rows);
      return rows.length;
    });
    total += appended;
    if (appended < BATCH) return total;
  }
}

export async function prepareTransparencyLog(db: Db, env: Env): Promise<{ backfilled: number }> {
  await loadLogSigner(db, env);
  return { backfilled: await appendUnloggedEvents(db) };
}
