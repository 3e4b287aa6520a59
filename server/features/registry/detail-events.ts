import type { instrumentEvents } from '../../db/schema';
import { isPublicEvent, publicViewData } from '../../log/public-projection';
import type { Viewer } from './registry-view';

type EventRow = typeof instrumentEvents.$inferSelect;

const eventOut = (e: EventRow) => ({
  id: e.id,
  type: e.type,
  data: e.data,
  createdAt: e.createdAt.toISOString(),
});

/** The events anyone but the owner and admins sees: those the log holds, as the public projection shows them. */
export const publicEvents = (events: EventRow[], hide: string[]) =>
  events
    .filter((e) => isPublicEvent(e.type))
    .map((e) => eventOut({ ...e, data: publicViewData(e.data, hide) }));

/**
 * Every event for an admin; for the owner, the public ones and the offers made since the instrument became
 * theirs (an earlier owner's attempts to sell are not the new owner's to see), earlier ones as the public sees them.
 */
export function ownEvents(
  events: EventRow[],
  owners: { rec: { userId: string | null; endDate: string | null; createdAt: Date } }[],
  viewer: Viewer,
  admin: boolean,
) {
  const since = owners.findLast((o) => !o.rec.endDate && o.rec.userId === viewer?.id)?.rec.createdAt;
  const theirs = (e: EventRow) => since !== undefined && e.createdAt >= since;
  // Before it was theirs, the owner reads the history as the public does: an earlier owner's estimate, prices
  // and notes stay that owner's.
  return events
    .filter((e) => admin || isPublicEvent(e.type) || theirs(e))
    .map((e) => eventOut(admin || theirs(e) ? e : { ...e, data: publicViewData(e.data, []) }));
}
