import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { instrumentEvents } from '../db/schema';
import { appendEventsToLog } from './append';

export type PassportEventInput = typeof instrumentEvents.$inferInsert;

/**
 * The one way a passport event is written. Every caller passes the transaction that makes the change the event
 * describes, so the event and its transparency-log leaf commit or roll back with that change. Given a plain
 * database handle, the pair still commits together in a transaction of its own (inside a caller's transaction
 * it nests as a savepoint).
 */
export async function recordPassportEvents(db: Db, events: PassportEventInput[]): Promise<void> {
  if (!events.length) return;
  const at = new Date();
  // Inside a transaction already: no savepoint needed (two round trips fewer per event).
  const inTransaction = (fn: (tx: Db) => Promise<void>) =>
    db instanceof PgTransaction ? fn(db as unknown as Db) : db.transaction((tx) => fn(tx));
  await inTransaction(async (tx) => {
    const rows = await tx
      .insert(instrumentEvents)
      .values(events.map((e) => ({ ...e, createdAt: e.createdAt ?? at })))
      .returning({
        id: instrumentEvents.id,
        instrumentId: instrumentEvents.instrumentId,
        type: instrumentEvents.type,
        data: instrumentEvents.data,
        createdAt: instrumentEvents.createdAt,
      });
    await appendEventsToLog(tx, rows);
  });
}

export async function recordPassportEvent(db: Db, event: PassportEventInput): Promise<void> {
  await recordPassportEvents(db, [event]);
}
