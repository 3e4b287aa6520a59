// The academy's fixed values, without Zod. The client imports them from here, so a page that needs the list of
// course levels does not download and build every schema with them (issue 7 §3); academy.ts re-exports them.

export const COURSE_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export const COURSE_CATEGORIES = ['classical', 'acoustic', 'electric', 'repair'] as const;
export const COURSE_SORTS = ['popular', 'rating', 'newest', 'price-low', 'price-high'] as const;
/** Seed §9: a lesson auto-completes at 95 percent. */
export const AUTO_COMPLETE_PERCENT = 95;
/** Seed §9: progress is saved every 30 seconds of playback. */
export const PROGRESS_SAVE_INTERVAL_S = 30;
