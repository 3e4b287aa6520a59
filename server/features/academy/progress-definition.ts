// The one definition of lesson, section and course progress that every card, ring and header shows
// (docs/decisions/005-learning-progress.md), and the unlock rule.
import type { lessonProgress } from '../../db/schema';

type ProgressRow = typeof lessonProgress.$inferSelect;
/** What the summaries read of a progress row. */
export type ProgressFields = Pick<
  ProgressRow,
  'completed' | 'progressPercent' | 'timeSpentSeconds' | 'completedAt'
>;

/** A lesson's percent as shown: completed counts as 100, otherwise its watched share rounded down. */
export const shownPercent = (p: Pick<ProgressRow, 'completed' | 'progressPercent'> | undefined) =>
  !p ? 0 : p.completed ? 100 : Math.min(100, Math.floor(p.progressPercent));
export const isDone = (p: ProgressFields | undefined) => !!p && (p.completed || p.progressPercent >= 100);
export const isStarted = (p: ProgressFields | undefined) =>
  !!p && (p.completed || p.progressPercent > 0 || p.timeSpentSeconds > 0);

/**
 * Section and course progress are the share of their lessons completed, rounded down: the same fraction as the
 * "n of m lessons completed" printed beside every ring and bar (docs/decisions/005-learning-progress.md).
 */
export function courseSummary(lessonIds: string[], progress: Map<string, ProgressFields>) {
  const rows = lessonIds.map((id) => progress.get(id));
  const total = lessonIds.length;
  const completedLessons = rows.filter(isDone).length;
  return {
    progress: total ? Math.floor((completedLessons * 100) / total) : 0,
    completedLessons,
    started: rows.some(isStarted),
    timeSpentSeconds: rows.reduce((acc, p) => acc + (p?.timeSpentSeconds ?? 0), 0),
  };
}

/**
 * A lesson is unlocked when it is the first of its course, the one before it is completed, or a free preview:
 * the rule the outline shows and the one every progress write is held to.
 */
export const isUnlocked = (
  lesson: { free: boolean },
  previous: { progress: ProgressFields | undefined } | null,
) => !previous || lesson.free || isDone(previous.progress);

/** The unlocked lessons of a course; `ordered` is the course's lessons in order. */
export function unlockedLessons<L extends { id: string; free: boolean }>(
  ordered: L[],
  progress: Map<string, ProgressFields>,
): Set<string> {
  const open = new Set<string>();
  ordered.forEach((l, i) => {
    const prev = ordered[i - 1];
    if (isUnlocked(l, prev ? { progress: progress.get(prev.id) } : null)) open.add(l.id);
  });
  return open;
}

/** The lesson to continue with: the first unlocked one in progress, else the first unlocked one not completed. */
export function nextLesson<L extends { id: string; free: boolean }>(
  ordered: L[],
  progress: Map<string, ProgressFields>,
): L | null {
  const open = unlockedLessons(ordered, progress);
  const candidates = ordered.filter((l) => open.has(l.id) && !isDone(progress.get(l.id)));
  return candidates.find((l) => isStarted(progress.get(l.id))) ?? candidates[0] ?? null;
}
