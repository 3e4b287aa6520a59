// The academy's fixed values, without Zod. The client imports them from here, so a page that needs the list of
// course levels does not download and build every schema with them; academy.ts re-exports them.

export const COURSE_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export const COURSE_CATEGORIES = ['classical', 'acoustic', 'electric', 'repair'] as const;
export const COURSE_SORTS = ['popular', 'rating', 'newest', 'price-low', 'price-high'] as const;
/** A lesson auto-completes at 95 percent. */
export const AUTO_COMPLETE_PERCENT = 95;
/** Progress is saved every 30 seconds of playback. */
export const PROGRESS_SAVE_INTERVAL_S = 30;
/** Watched coverage is accepted at up to this playback speed: a save adds at most this × real seconds. */
export const MAX_PLAYBACK_RATE = 2;
/** Share of a course (percent of its lessons completed) a learner needs before reviewing it. */
export const REVIEW_MIN_PROGRESS = 25;
/** A review can be edited this many days after it was written. */
export const REVIEW_EDIT_DAYS = 30;
export const REVIEW_TEXT_MIN = 10;
export const REVIEW_TEXT_MAX = 2000;
/** Watched ranges are kept to this resolution in seconds: their ends are rounded to the nearest multiple. */
export const RANGE_RESOLUTION_S = 0.25;
/** At most this many watched ranges are kept per lesson; more are coarsened by filling the smallest gaps. */
export const MAX_STORED_RANGES = 200;
/** At most this many ranges in one save's body. */
export const MAX_RANGES_PER_SAVE = 500;
/** A reading lesson can be marked complete once its timer has run this share of the lesson's length. */
export const READING_COMPLETE_SHARE = 0.5;

/** Seconds of reading-timer time a reading lesson needs before it can be completed. */
export const readingSecondsNeeded = (durationSeconds: number) =>
  Math.ceil(durationSeconds * READING_COMPLETE_SHARE);

const more = (n: number, unit: string) => `${n} more ${unit}${n === 1 ? '' : 's'}`;

/** What is left to read, said the way the page and the server's refusal say it: "2 more minutes", "45 more seconds". */
export const timeLeft = (seconds: number) =>
  seconds >= 60 ? more(Math.ceil(seconds / 60), 'minute') : more(Math.ceil(seconds), 'second');
