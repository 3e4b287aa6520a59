import { describe, expect, it } from 'vitest';
import type { lessonProgress } from '../../db/schema';
import { applySave, completionRefusal } from './progress-rules';

type Row = typeof lessonProgress.$inferSelect;
const now = new Date('2026-11-23T12:00:00Z');
const ago = (s: number) => new Date(now.getTime() - s * 1000);
const row = (extra: Partial<Row> = {}): Row => ({
  userId: 'u',
  lessonId: 'l',
  courseId: 'c',
  progressPercent: 0,
  timeSpentSeconds: 0,
  lastPositionSeconds: 0,
  watchedRanges: [],
  completed: false,
  completedAt: null,
  startedAt: ago(600),
  updatedAt: ago(30),
  timeCreditedAt: ago(30),
  ...extra,
});

describe('applySave', () => {
  it('capped by real time, the leftover fraction of a second carries to the next save', () => {
    const first = applySave(
      row({ timeCreditedAt: ago(5.9) }),
      60,
      { videoProgressSeconds: 5, eventData: { totalTime: 100 } },
      now,
    );
    expect(first.set.timeSpentSeconds).toBe(5);
    expect(first.set.timeCreditedAt?.getTime()).toBe(ago(0.9).getTime());
    // A claim below the real time credits the claim and moves the mark to now (idle time is not banked).
    const second = applySave(
      row({ timeCreditedAt: ago(20) }),
      60,
      { videoProgressSeconds: 5, eventData: { totalTime: 8 } },
      now,
    );
    expect(second.set.timeSpentSeconds).toBe(8);
    expect(second.set.timeCreditedAt).toEqual(now);
  });

  it('coverage: the percent is the merged share, only rises, and a position alone never raises it', () => {
    const base = row({ progressPercent: 50, watchedRanges: [[0, 30]] });
    expect(applySave(base, 60, { videoProgressSeconds: 60 }, now).set.progressPercent).toBe(50);
    const more = applySave(base, 60, { videoProgressSeconds: 45, eventData: { ranges: [[25, 45]] } }, now);
    expect(more.set.watchedRanges).toEqual([[0, 45]]);
    expect(more.set.progressPercent).toBe(75);
    expect(more.completedNow).toBe(false);
    const done = applySave(
      row({ watchedRanges: [[0, 40]] }),
      60,
      { videoProgressSeconds: 58, eventData: { ranges: [[40, 58]] } },
      now,
    );
    expect(done.completedNow).toBe(true);
    expect(
      applySave(
        row({ completed: true, progressPercent: 100 }),
        60,
        { videoProgressSeconds: 60, eventData: { ranges: [[0, 60]] } },
        now,
      ).completedNow,
    ).toBe(false);
  });

  it('Mark as Complete: reading lessons always, video lessons at 95 % watched', () => {
    expect(completionRefusal(row(), false)).toBeNull();
    expect(completionRefusal(row({ progressPercent: 95 }), true)).toBeNull();
    expect(completionRefusal(row({ progressPercent: 94.9 }), true)).toBe(
      'Watch at least 95% of the video to complete it (94% watched so far).',
    );
  });
});
