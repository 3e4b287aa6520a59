import type { CourseOutline, OutlineLesson } from '../../../contract/academy';

export type LessonStatus = 'completed' | 'in-progress' | 'not-started' | 'locked';

/**
 * Seed §4: completed when the record says so or the percent reached 100; above 0 and not completed is in
 * progress; otherwise not started, which is Start when unlocked (product.md §1) and Locked when not.
 */
export function lessonStatus(
  lesson: Pick<OutlineLesson, 'completed' | 'progressPercent' | 'unlocked'>,
): LessonStatus {
  if (lesson.completed || lesson.progressPercent >= 100) return 'completed';
  if (lesson.progressPercent > 0) return 'in-progress';
  return lesson.unlocked ? 'not-started' : 'locked';
}

/** "Xh Ym" from minutes (seed: time spent in hours and minutes). */
export function formatHoursMinutes(minutes: number): string {
  const m = Math.max(0, Math.floor(minutes));
  return `${Math.floor(m / 60)}h ${m % 60}m`;
}

/** "m:ss" from seconds. */
export function formatMinutesSeconds(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Seed §4: percent = playback seconds / (duration minutes × 60), capped at 100. */
export function playbackPercent(seconds: number, durationMinutes: number): number {
  if (durationMinutes <= 0) return 0;
  return Math.min(100, (seconds / (durationMinutes * 60)) * 100);
}

export function allLessons(outline: CourseOutline): OutlineLesson[] {
  return outline.sections.flatMap((s) => s.lessons);
}

/** The Continue Learning lesson: the first in progress, else the first unlocked one not yet completed. */
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
