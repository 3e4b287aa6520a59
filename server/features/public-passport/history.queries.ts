import { asc, eq } from 'drizzle-orm';
import { describePassportEvent, eventDay } from '../../../presentation/passport-history';
import type { PublicPassport } from '../../../contract/public-passport';
import type { Db } from '../../db/client';
import { instrumentEvents, logLeaves } from '../../db/schema';
import { isPublicEvent, publicViewData } from '../../log/public-projection';

/**
 * The passport's whole public history in plain words, from the events the log holds (offers are the owner's
 * business and never shown): oldest first by the day each happened, the log's order within a day. Free text is
 * shown without the names of private owners, and secret values (prices, notes) never.
 */
export async function publicHistory(
  db: Db,
  instrumentId: string,
  hide: string[],
): Promise<PublicPassport['history']> {
  const rows = await db
    .select({ type: instrumentEvents.type, data: instrumentEvents.data, at: instrumentEvents.createdAt })
    .from(instrumentEvents)
    // Only what the log holds is shown, in the log's order.
    .innerJoin(logLeaves, eq(logLeaves.eventId, instrumentEvents.id))
    .where(eq(instrumentEvents.instrumentId, instrumentId))
    .orderBy(asc(logLeaves.seq));
  const out: PublicPassport['history'] = [];
  for (const row of rows) {
    if (!isPublicEvent(row.type)) continue;
    const data = publicViewData(row.data, hide);
    const text = describePassportEvent(row.type, data);
    if (text) out.push({ date: eventDay(row.type, data, row.at.toISOString()), type: row.type, text });
  }
  // A stable sort: events of one day keep the log's order.
  return out
    .map((e, i) => ({ e, i }))
    .sort((a, b) => a.e.date.localeCompare(b.e.date) || a.i - b.i)
    .map((x) => x.e);
}
