import { describe, expect, it } from 'vitest';
import type { CourseOutline } from '../../../contract/academy';
import {
  continueLesson,
  formatMinutesSeconds,
  formatTimeSpent,
  lessonStatus,
  recentAchievement,
} from './lesson-status';

describe('lessonStatus', () => {
  it('derives completed, in progress, not started and locked', () => {
    expect(lessonStatus({ completed: true, progressPercent: 40, unlocked: false })).toBe('completed');
    expect(lessonStatus({ completed: false, progressPercent: 100, unlocked: true })).toBe('completed');
    // Locked wins over a percent watched before: the course decides what is open.
    expect(lessonStatus({ completed: false, progressPercent: 1, unlocked: false })).toBe('locked');
    expect(lessonStatus({ completed: false, progressPercent: 1, unlocked: true })).toBe('in-progress');
    expect(lessonStatus({ completed: false, progressPercent: 0, unlocked: true })).toBe('not-started');
    expect(lessonStatus({ completed: false, progressPercent: 0, unlocked: false })).toBe('locked');
  });
});

describe('formatting and percent', () => {
  it('formats time spent in minutes and seconds below an hour, hours and minutes above', () => {
    const cases: [number, string][] = [
      [0, '0m'],
      [0.9, '0m'],
      [-5, '0m'],
      [1, '1s'],
      [45, '45s'],
      [59, '59s'],
      [60, '1m'],
      [61, '1m 1s'],
      [119, '1m 59s'],
      [59 * 60, '59m'],
      [59 * 60 + 59, '59m 59s'],
      [3600, '1h 0m'],
      [3600 + 5 * 60, '1h 5m'],
      [3600 + 5 * 60 + 59, '1h 5m'],
      [2 * 3600 + 15 * 60, '2h 15m'],
      [100 * 3600, '100h 0m'],
    ];
    for (const [seconds, shown] of cases) expect(formatTimeSpent(seconds), `${seconds} s`).toBe(shown);
  });

  it('formats positions as m:ss', () => {
    expect(formatMinutesSeconds(5)).toBe('0:05');
    expect(formatMinutesSeconds(754)).toBe('12:34');
  });
});

describe('outline helpers', () => {
  const lesson = (id: string, extra: Partial<CourseOutline['sections'][number]['lessons'][number]> = {}) => ({
    id,
    title: id,
    duration: 1,
    progressPercent: 0,
    completed: false,
    completedAt: null,
    free: false,
    unlocked: false,
    ...extra,
  });
  const outline = (lessons: ReturnType<typeof lesson>[]): CourseOutline => ({
    course: {
      id: 'c',
      slug: 'c',
      title: 'C',
      instructor: 'I',
      instructorHandle: null,
      coverImageUrl: null,
      overallProgress: 0,
      completedLessons: 0,
      totalLessons: lessons.length,
      timeSpent: 0,
      timeSpentSeconds: 0,
      description: '',
      enrolled: true,
      certificateId: null,
    },
    sections: [
      {
        id: 's',
        title: 'S',
        description: '',
        orderIndex: 1,
        completedLessons: 0,
        totalLessons: 0,
        progressPercent: 0,
        lessons,
      },
    ],
    streakDays: 0,
    resources: [],
  });

  it('continues the first lesson in progress, else the first unlocked one', () => {
    const o = outline([
      lesson('a', {
        completed: true,
        completedAt: '2026-01-01T00:00:00Z',
        progressPercent: 100,
        unlocked: true,
      }),
      lesson('b', { unlocked: true }),
      lesson('c', { progressPercent: 30, unlocked: true }),
    ]);
    expect(continueLesson(o)?.id).toBe('c');
    expect(continueLesson(outline([lesson('x', { unlocked: true })]))?.id).toBe('x');
    expect(continueLesson(outline([lesson('y')]))).toBeNull();
  });

  it('names the most recently completed lesson as the achievement', () => {
    const o = outline([
      lesson('a', { completed: true, completedAt: '2026-01-02T00:00:00Z' }),
      lesson('b', { completed: true, completedAt: '2026-01-03T00:00:00Z' }),
    ]);
    expect(recentAchievement(o)?.id).toBe('b');
    expect(recentAchievement(outline([lesson('c')]))).toBeNull();
  });
});
