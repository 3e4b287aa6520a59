import { addRanges, coveragePercent } from '../../../contract/academy-ranges';
import {
  AUTO_COMPLETE_PERCENT,
  MAX_PLAYBACK_RATE,
  readingSecondsNeeded,
  timeLeft,
  type VideoProgressInput,
} from '../../../contract/academy';
import type { learningClocks, lessonProgress } from '../../db/schema';

type ProgressRow = typeof lessonProgress.$inferSelect;
export type LearnerClock = Pick<typeof learningClocks.$inferSelect, 'coverageAt' | 'timeCreditedAt'>;
/** What the rules need to know of the lesson. */
export type LessonFacts = { durationSeconds: number; hasVideo: boolean };
/**
 * Seconds of coverage a save may add beyond MAX_PLAYBACK_RATE × the real time since the last save: the player's
 * position runs ahead of the request by the time it takes to arrive, and the timeupdate steps are coarse. It
 * never exceeds the real time itself, so a burst of saves adds nothing; and grace a save uses is paid back (the
 * learner's coverage mark moves past now by it, see coverageMark), so saves every second cannot add up to more
 * than MAX_PLAYBACK_RATE × the real time plus one grace.
 */
const COVERAGE_GRACE_S = 2;
export type ProgressChange = {
  set: Partial<ProgressRow>;
  completedNow: boolean;
  clock?: Partial<LearnerClock>;
};

const secondsSince = (now: Date, then: Date) => Math.max(0, (now.getTime() - then.getTime()) / 1000);
const coverageBudget = (seconds: number) => seconds * MAX_PLAYBACK_RATE + Math.min(COVERAGE_GRACE_S, seconds);
/**
 * The learner's coverage mark after a save that added `added` seconds `since` seconds after the last one: now, or,
 * when the save used grace beyond MAX_PLAYBACK_RATE × since, past now by the time that grace takes at that rate.
 */
const coverageMark = (added: number, since: number, now: Date) => {
  const excess = added - since * MAX_PLAYBACK_RATE;
  return excess > 0 ? new Date(now.getTime() + (excess / MAX_PLAYBACK_RATE) * 1000) : now;
};
/** Percents are kept to a billionth, so sums of shares do not miss the completion mark by a rounding error. */
const tidy = (percent: number) => Math.round(percent * 1e9) / 1e9;

/**
 * Moves a credit mark: when the real time since it was the cap, by exactly the seconds credited (the fraction of
 * a second left over stays for the next save); otherwise to now (idle time is not banked).
 */
const moveMark = (mark: Date, credit: number, since: number, now: Date) =>
  credit === since ? new Date(mark.getTime() + credit * 1000) : now;

/**
 * What one playback save changes (docs/decisions/005-learning-progress.md), as a pure function of the stored
 * record, the learner's clock, the save and the moment it arrives:
 * - time: the client's running total is credited only above what is stored, and never more than the real
 *   seconds since the last credit, on this lesson and on any lesson of the learner;
 * - coverage: the reported ranges are normalised and merged into the stored ones, accepting at most
 *   MAX_PLAYBACK_RATE × the real seconds since the last save of this lesson, and since the learner's last save of
 *   ranges on any lesson, of new coverage; the percent only rises, by the new coverage accepted (gaps filled to
 *   keep the stored ranges few never count); a position alone (a seek) never raises it;
 * - completion: reaching 95 percent coverage completes the lesson once (a reading lesson also needs its timer
 *   to have run half its length).
 */
export function applySave(
  row: ProgressRow,
  lesson: LessonFacts,
  input: VideoProgressInput,
  now: Date,
  clock: LearnerClock,
): ProgressChange {
  const duration = lesson.durationSeconds;
  const position = Math.min(input.videoProgressSeconds, duration);
  const claimed = input.eventData?.totalTime;
  const lessonSince = Math.floor(secondsSince(now, row.timeCreditedAt));
  const learnerSince = Math.floor(secondsSince(now, clock.timeCreditedAt));
  const credit =
    claimed === undefined
      ? 0
      : Math.max(0, Math.min(Math.floor(claimed) - row.timeSpentSeconds, lessonSince, learnerSince));
  // A save whose running total is behind the stored one is late; it must not move the resume point back.
  const stale = claimed !== undefined && claimed < row.timeSpentSeconds;

  const incoming = input.eventData?.ranges ?? [];
  const budget = Math.min(
    coverageBudget(secondsSince(now, row.updatedAt)),
    coverageBudget(secondsSince(now, clock.coverageAt)),
  );
  const { ranges, added } = incoming.length
    ? addRanges(row.watchedRanges, incoming, duration, budget)
    : { ranges: row.watchedRanges, added: 0 };
  const watched = duration > 0 ? row.progressPercent + (added * 100) / duration : 0;
  const progressPercent = Math.max(
    row.progressPercent,
    tidy(Math.min(coveragePercent(ranges, duration), watched)),
  );
  const timeSpentSeconds = row.timeSpentSeconds + credit;
  const completedNow =
    !row.completed &&
    progressPercent >= AUTO_COMPLETE_PERCENT &&
    (lesson.hasVideo || timeSpentSeconds >= readingSecondsNeeded(duration));
  return {
    set: {
      progressPercent,
      // Stored normalised (and within the cap) whenever ranges arrive, so an old long list shrinks too.
      ...(incoming.length ? { watchedRanges: ranges } : {}),
      ...(stale ? {} : { lastPositionSeconds: position }),
      ...(credit > 0
        ? { timeSpentSeconds, timeCreditedAt: moveMark(row.timeCreditedAt, credit, lessonSince, now) }
        : {}),
      ...(completedNow ? { completed: true, completedAt: now } : {}),
    },
    completedNow,
    clock: {
      ...(incoming.length
        ? { coverageAt: coverageMark(added, secondsSince(now, clock.coverageAt), now) }
        : {}),
      ...(credit > 0 ? { timeCreditedAt: moveMark(clock.timeCreditedAt, credit, learnerSince, now) } : {}),
    },
  };
}

/**
 * Mark as Complete: a reading lesson once its timer has run half the lesson's length (the time the server
 * recorded, not what the page claims); a video lesson once 95 percent of it has been watched. Returns the reason
 * when it may not, with its error code.
 */
export function completionRefusal(
  row: ProgressRow,
  lesson: LessonFacts,
): { message: string; code: 'LESSON_NOT_WATCHED' | 'LESSON_NOT_READ' } | null {
  if (row.completed) return null;
  if (!lesson.hasVideo) {
    const left = readingSecondsNeeded(lesson.durationSeconds) - row.timeSpentSeconds;
    if (left <= 0) return null;
    return {
      message: `Read for ${timeLeft(left)} to complete this lesson: the timer has to run for at least half of its length.`,
      code: 'LESSON_NOT_READ',
    };
  }
  if (row.progressPercent >= AUTO_COMPLETE_PERCENT) return null;
  return {
    message: `Watch at least ${AUTO_COMPLETE_PERCENT}% of the video to complete it (${Math.floor(row.progressPercent)}% watched so far).`,
    code: 'LESSON_NOT_WATCHED',
  };
}
