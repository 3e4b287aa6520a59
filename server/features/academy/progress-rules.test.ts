import { describe, expect, it } from 'vitest';
import type { lessonProgress } from '../../db/schema';
import { timeLeft } from '../../../contract/academy-values';
import { applySave as apply, completionRefusal, type LearnerClock } from './progress-rules';

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
const video = { durationSeconds: 60, hasVideo: true };
const reading = { durationSeconds: 240, hasVideo: false };
/** A learner whose last save of any lesson was long ago: only the lesson's own budget applies. */
const idle: LearnerClock = { coverageAt: ago(3600), timeCreditedAt: ago(3600) };
const applySave = (r: Row, duration: number, input: Parameters<typeof apply>[2], at: Date) =>
  apply(r, { durationSeconds: duration, hasVideo: true }, input, at, idle);

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
      row({ watchedRanges: [[0, 40]], progressPercent: (40 / 60) * 100 }),
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

  it('Mark as Complete: reading lessons once the recorded timer ran half the length, video lessons at 95 %', () => {
    expect(completionRefusal(row({ timeSpentSeconds: 120 }), reading)).toBeNull();
    expect(completionRefusal(row({ timeSpentSeconds: 119 }), reading)).toEqual({
      message:
        'Read for 1 more second to complete this lesson: the timer has to run for at least half of its length.',
      code: 'LESSON_NOT_READ',
    });
    expect(completionRefusal(row({ timeSpentSeconds: 0, progressPercent: 100 }), reading)?.message).toMatch(
      /^Read for 2 more minutes /,
    );
    expect(completionRefusal(row({ progressPercent: 95 }), video)).toBeNull();
    expect(completionRefusal(row({ progressPercent: 94.9 }), video)).toEqual({
      message: 'Watch at least 95% of the video to complete it (94% watched so far).',
      code: 'LESSON_NOT_WATCHED',
    });
    expect(completionRefusal(row({ completed: true }), reading)).toBeNull();
    expect([timeLeft(1), timeLeft(59.2), timeLeft(60), timeLeft(61)]).toEqual([
      '1 more second',
      '60 more seconds',
      '1 more minute',
      '2 more minutes',
    ]);
  });

  it("the learner's clock caps coverage and time across lessons, and moves with each save", () => {
    // The lesson was last saved 30 s ago, but the learner saved another lesson's ranges 5 s ago.
    const busy: LearnerClock = { coverageAt: ago(5), timeCreditedAt: ago(5) };
    const input = {
      videoProgressSeconds: 60,
      eventData: { totalTime: 30, ranges: [[0, 60]] as [number, number][] },
    };
    const shared = apply(row(), video, input, now, busy);
    // 2 × 5 s plus 2 s of grace, not 2 × 30 s; 5 s of time, not 30.
    expect(shared.set.watchedRanges).toEqual([[0, 12]]);
    expect(shared.set.progressPercent).toBe(20);
    expect(shared.set.timeSpentSeconds).toBe(5);
    // The 2 s of grace are paid back: the coverage mark moves 1 s (2 s at 2×) past now.
    expect(shared.clock).toEqual({ coverageAt: new Date(now.getTime() + 1000), timeCreditedAt: now });
    // Alone, the lesson's own budget applies.
    const alone = apply(row(), video, input, now, idle);
    expect(alone.set.watchedRanges).toEqual([[0, 60]]);
    expect(alone.set.timeSpentSeconds).toBe(30);
    // A save without ranges or time leaves the clock as it was.
    expect(apply(row(), video, { videoProgressSeconds: 3 }, now, busy).clock).toEqual({});
  });

  it('saves every second claiming the whole clip add up to twice the real time plus one grace, not three times', () => {
    let record = row({ updatedAt: ago(3600) });
    let clock: LearnerClock = { coverageAt: ago(1), timeCreditedAt: ago(3600) };
    const clip = { durationSeconds: 600, hasVideo: true };
    const claim = { videoProgressSeconds: 600, eventData: { ranges: [[0, 600]] as [number, number][] } };
    for (let second = 0; second <= 60; second++) {
      const at = new Date(now.getTime() + second * 1000);
      const change = apply(record, clip, claim, at, clock);
      record = { ...record, ...change.set, updatedAt: at };
      clock = { ...clock, ...change.clock };
    }
    const covered = record.watchedRanges.reduce((sum, [a, b]) => sum + b - a, 0);
    // 61 real seconds since the mark (one before the first save, sixty between saves): at most 2 × 61 + 2.
    expect(covered).toBeGreaterThanOrEqual(2 * 61 - 2);
    expect(covered).toBeLessThanOrEqual(2 * 61 + 2);
  });

  it('a reading lesson completes by its timer only once half its length was credited', () => {
    const ranges: [number, number][] = [[0, 240]];
    const early = apply(
      row({ startedAt: ago(200), updatedAt: ago(200), timeCreditedAt: ago(100) }),
      reading,
      { videoProgressSeconds: 240, eventData: { totalTime: 100, ranges } },
      now,
      idle,
    );
    expect(early.set.progressPercent).toBe(100);
    expect(early.completedNow).toBe(false);
    const later = apply(
      row({ timeSpentSeconds: 100, progressPercent: 100, watchedRanges: ranges, timeCreditedAt: ago(20) }),
      reading,
      { videoProgressSeconds: 240, eventData: { totalTime: 120, ranges } },
      now,
      idle,
    );
    expect(later.completedNow).toBe(true);
  });

  it('coarsened gaps never raise the percent: it rises only by the new coverage accepted', () => {
    // 300 one-second fragments a second apart on a ten-minute lesson: 300 s watched, 299 gaps of 1 s.
    const fragments = Array.from({ length: 300 }, (_, i): [number, number] => [2 * i, 2 * i + 1]);
    const long = { durationSeconds: 600, hasVideo: true };
    const saved = apply(
      row({ updatedAt: ago(3600) }),
      long,
      { videoProgressSeconds: 0, eventData: { ranges: fragments } },
      now,
      idle,
    );
    expect(saved.set.watchedRanges).toHaveLength(200);
    expect(saved.set.progressPercent).toBe(50);
  });
});
