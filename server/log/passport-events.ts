import type { Db } from '../db/client';
import { instrumentEvents } from '../db/schema';

export type PassportEventInput = typeof instrumentEvents.$inferInsert;

/**
 * The one way a passport event is written. Every caller passes the transaction that makes the change the event
 * describes, so the event (and anything recorded with it) commits or rolls back with that change.
 */
export async function recordPassportEvents(db: Db, events: PassportEventInput[]): Promise<void> {
  if (!events.length) return;
  await db.insert(instrumentEvents).values(events);
}

export async function recordPassportEvent(db: Db, event: PassportEventInput): Promise<void> {
  await recordPassportEvents(db, [event]);
}
