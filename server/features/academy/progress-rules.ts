import { addRanges, coveragePercent } from '../../../contract/academy-ranges';
import { AUTO_COMPLETE_PERCENT, MAX_PLAYBACK_RATE, type VideoProgressInput } from '../../../contract/academy';
import type { lessonProgress } from '../../db/schema';

type ProgressRow = typeof lessonProgress.$inferSelect;
/**
 * Seconds of coverage a save may add beyond MAX_PLAYBACK_RATE × the real time since the last save: the player's
 * position runs ahead of the request by the time it takes to arrive, and the timeupdate steps are coarse. It
 * never exceeds the real time itself, so a burst of saves adds nothing.
 */
const COVERAGE_GRACE_S = 2;
export type ProgressChange = { set: Partial<ProgressRow>; completedNow: boolean };

/**
 * What one playback save changes (docs/decisions/005-learning-progress.md), as a pure function of the stored
 * record, the save and the moment it arrives:
 * - time: the client's running total is credited only above what is stored, and never more than the real
 *   seconds since the last credit;
 * - coverage: the reported ranges are merged into the stored ones, accepting at most MAX_PLAYBACK_RATE × the
 *   real seconds since the last save of new coverage; the percent is the covered share of the lesson, and only
 *   rises; a position alone (a seek) never raises it;
 * - completion: reaching 95 percent coverage completes the lesson once.
 */
export function applySave(
  row: ProgressRow,
  durationSeconds: number,
  input: VideoProgressInput,
  now: Date,
): ProgressChange {
  const position = Math.min(input.videoProgressSeconds, durationSeconds);
  const claimed = input.eventData?.totalTime;
  const sinceCredit = Math.max(0, Math.floor((now.getTime() - row.timeCreditedAt.getTime()) / 1000));
  const credit =
    claimed === undefined
      ? 0
      : Math.max(0, Math.min(Math.floor(claimed) - row.timeSpentSeconds, sinceCredit));
  // A save whose running total is behind the stored one is late; it must not move the resume point back.
  const stale = claimed !== undefined && claimed < row.timeSpentSeconds;

  const incoming = input.eventData?.ranges ?? [];
  const sinceSave = Math.max(0, (now.getTime() - row.updatedAt.getTime()) / 1000);
  const { ranges, added } = incoming.length
    ? addRanges(
        row.watchedRanges,
        incoming,
        durationSeconds,
        sinceSave * MAX_PLAYBACK_RATE + Math.min(COVERAGE_GRACE_S, sinceSave),
      )
    : { ranges: row.watchedRanges, added: 0 };
  const progressPercent = Math.max(row.progressPercent, coveragePercent(ranges, durationSeconds));
  const completedNow = !row.completed && progressPercent >= AUTO_COMPLETE_PERCENT;
  return {
    set: {
      progressPercent,
      ...(added > 0 ? { watchedRanges: ranges } : {}),
      ...(stale ? {} : { lastPositionSeconds: position }),
      ...(credit > 0
        ? {
            timeSpentSeconds: row.timeSpentSeconds + credit,
            // Capped by the real time, the fraction of a second left over stays for the next save.
            timeCreditedAt:
              credit === sinceCredit ? new Date(row.timeCreditedAt.getTime() + credit * 1000) : now,
          }
        : {}),
      ...(completedNow ? { completed: true, completedAt: now } : {}),
    },
    completedNow,
  };
}

/**
 * Mark as Complete: a reading lesson may be completed at any time; a video lesson only once 95 percent of it has
 * been watched. Returns the reason when it may not.
 */
export function completionRefusal(row: ProgressRow, hasVideo: boolean): string | null {
  if (row.completed || !hasVideo || row.progressPercent >= AUTO_COMPLETE_PERCENT) return null;
  return `Watch at least ${AUTO_COMPLETE_PERCENT}% of the video to complete it (${Math.floor(row.progressPercent)}% watched so far).`;
}
