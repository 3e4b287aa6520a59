import type { CourseOutline, OutlineLesson } from '../../../contract/academy';

export type LessonStatus = 'completed' | 'in-progress' | 'not-started' | 'locked';

/**
 * Completed when the record says so or the percent reached 100. A lesson the course has not unlocked yet (not
 * the first, the one before not completed, not a free preview) is Locked, whatever was watched of it; an
 * unlocked one is in progress above 0 percent, otherwise not started (Start).
 */
export function lessonStatus(
  lesson: Pick<OutlineLesson, 'completed' | 'progressPercent' | 'unlocked'>,
): LessonStatus {
  if (lesson.completed || lesson.progressPercent >= 100) return 'completed';
  if (!lesson.unlocked) return 'locked';
  return lesson.progressPercent > 0 ? 'in-progress' : 'not-started';
}

/**
 * Time spent, from seconds: hours and minutes from an hour on ("1h 5m", the seed's h m), minutes and seconds
 * below ("1m", "1m 1s", "45s"), so a short course never shows "0h 0m" after real watching. Nothing yet is "0m".
 * Every place that shows time spent (the /learn stats, the course outline) uses this.
 */
export function formatTimeSpent(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s >= 3600) return `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m`;
  const m = Math.floor(s / 60);
  const rest = s % 60;
  if (m === 0) return rest === 0 ? '0m' : `${rest}s`;
  return rest === 0 ? `${m}m` : `${m}m ${rest}s`;
}

/** "m:ss" from seconds. */
export function formatMinutesSeconds(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export function allLessons(outline: CourseOutline): OutlineLesson[] {
  return outline.sections.flatMap((s) => s.lessons);
}

/** The Continue Learning lesson: the first unlocked one in progress, else the first unlocked one not completed. */
export function continueLesson(outline: CourseOutline): OutlineLesson | null {
  const lessons = allLessons(outline);
  return (
    lessons.find((l) => lessonStatus(l) === 'in-progress') ??
    lessons.find((l) => lessonStatus(l) === 'not-started') ??
    null
  );
}

/** The most recently completed lesson, shown as the recent achievement. */
export function recentAchievement(outline: CourseOutline): OutlineLesson | null {
  return (
    allLessons(outline)
      .filter((l) => l.completedAt)
      .sort((a, b) => (b.completedAt ?? '').localeCompare(a.completedAt ?? ''))[0] ?? null
  );
}
