import { describe, expect, it } from 'vitest';
import type { LessonProgress, ProgressSaveResponse } from '../../../contract/academy';
import {
  canMarkComplete,
  completionHint,
  currentRanges,
  initialTrackerState,
  shownPercent,
  timeSpent,
  trackerStep,
  type TrackerEffect,
  type TrackerEvent,
  type TrackerState,
} from './lesson-tracker-state';

const video = { videoUrl: '/videos/clip.webm', duration: 1 };
const reading = { videoUrl: null, duration: 1 };
const stored: LessonProgress = {
  lessonId: 'l',
  progressPercent: 0,
  timeSpent: 10,
  lastPosition: 0,
  watchedRanges: [],
  completed: false,
  completedAt: null,
  startedAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

/** Runs events in order, collecting every effect. */
function run(state: TrackerState, events: TrackerEvent[]) {
  const effects: TrackerEffect[] = [];
  let s = state;
  for (const e of events) {
    const [next, out] = trackerStep(s, e);
    s = next;
    effects.push(...out);
  }
  return { state: s, effects, saves: effects.map((e) => e.body) };
}

/** A video played from `from` for `seconds`, with a tick and a timeupdate every second (at `speed`). */
function playVideo(start: number, from: number, seconds: number, speed = 1): TrackerEvent[] {
  const events: TrackerEvent[] = [{ type: 'play', now: start }];
  for (let i = 1; i <= seconds; i++) {
    events.push({ type: 'position', seconds: from + i * speed, now: start + i * 1000 });
    events.push({ type: 'tick', now: start + i * 1000 });
  }
  return events;
}

describe('lesson tracker reducer', () => {
  it('counts real seconds while playing, not while paused, from the stored time', () => {
    const s0 = initialTrackerState(video, stored);
    const { state } = run(s0, [
      ...playVideo(0, 0, 12),
      { type: 'pause', now: 12_500 },
      // Ten minutes paused, then ticks: nothing counts.
      { type: 'tick', now: 600_000 },
      { type: 'tick', now: 601_000 },
    ]);
    expect(timeSpent(state)).toBe(22);
    expect(state.playing).toBe(false);
  });

  it('saves every 30 s of playback, on pause, each carrying the real running total', () => {
    const { saves } = run(initialTrackerState(video, stored), [
      ...playVideo(0, 0, 40),
      { type: 'pause', now: 40_000 },
    ]);
    expect(saves).toHaveLength(2);
    expect(saves[0]?.eventData?.totalTime).toBe(40);
    expect(saves[0]?.videoProgressSeconds).toBe(30);
    expect(saves[0]?.eventData?.ranges).toEqual([[0, 30]]);
    expect(saves[1]?.eventData?.totalTime).toBe(50);
    expect(saves[1]?.eventData?.ranges).toEqual([[0, 40]]);
  });

  it('a pause with nothing new sends nothing; a flush (the beacon) carries the time up to now', () => {
    const s0 = initialTrackerState(video, stored);
    expect(run(s0, [{ type: 'pause', now: 1 }]).saves).toHaveLength(0);
    const { saves } = run(s0, [...playVideo(0, 0, 5), { type: 'flush', now: 7_000 }]);
    expect(saves).toHaveLength(1);
    expect(saves[0]?.eventData?.totalTime).toBe(17);
  });

  it('a seek ends the range: seeking to the end and letting it end covers only what played', () => {
    const { state, saves } = run(initialTrackerState(video, stored), [
      ...playVideo(0, 0, 3),
      // Jumped to 0:57 while playing.
      { type: 'position', seconds: 57, now: 3_250 },
      { type: 'position', seconds: 58, now: 4_250 },
      { type: 'position', seconds: 59, now: 5_250 },
      { type: 'position', seconds: 60, now: 6_250 },
      { type: 'pause', now: 6_300 },
    ]);
    expect(currentRanges(state)).toEqual([
      [0, 3],
      [57, 60],
    ]);
    expect(shownPercent(state)).toBe(10);
    expect(canMarkComplete(state)).toBe(false);
    expect(saves.at(-1)?.videoProgressSeconds).toBe(60);
  });

  it('sends one save when the watched share reaches 95 %, and accepts 2× playback as playing', () => {
    const { state, saves } = run(initialTrackerState(video, stored), [...playVideo(0, 0, 29, 2)]);
    expect(currentRanges(state)).toEqual([[0, 58]]);
    const at95 = saves.filter((b) => (b.eventData?.progressPercent ?? 0) >= 95);
    expect(at95).toHaveLength(1);
    expect(canMarkComplete(state)).toBe(true);
  });

  it("merges the server's answer: completed shows 100 and needs no second completion save", () => {
    const s0 = initialTrackerState(video, { ...stored, watchedRanges: [[0, 20]], progressPercent: 33 });
    expect(shownPercent(s0)).toBe(33);
    const answer: ProgressSaveResponse = {
      ...stored,
      progressPercent: 100,
      completed: true,
      timeSpent: 70,
      watchedRanges: [[0, 60]],
      completedNow: true,
      certificateId: null,
    };
    const { state, saves } = run(s0, [{ type: 'saved', response: answer }, ...playVideo(10_000, 0, 5)]);
    expect(shownPercent(state)).toBe(100);
    expect(timeSpent(state)).toBe(70);
    // Five more seconds of an already complete clip: no 95 % save again, and no other save is due yet. (This was
    // `saves.every(p < 95)`, which an empty list passes whatever it checks.)
    expect(saves).toEqual([]);
  });

  it('a reading timer advances with the clock, stops at the lesson length and resumes from the record', () => {
    const s0 = initialTrackerState(reading, {
      ...stored,
      timeSpent: 30,
      lastPosition: 42,
      watchedRanges: [[0, 42]],
    });
    expect(s0.position).toBe(42);
    expect(canMarkComplete(s0)).toBe(true);
    expect(completionHint(s0)).toBeNull();
    const ticks: TrackerEvent[] = [{ type: 'play', now: 0 }];
    for (let i = 1; i <= 25; i++) ticks.push({ type: 'tick', now: i * 1000 });
    const { state, saves } = run(s0, ticks);
    expect(state.position).toBe(60);
    expect(state.playing).toBe(false);
    expect(timeSpent(state)).toBe(48);
    expect(saves.at(-1)?.eventData?.ranges).toEqual([[0, 60]]);
  });

  it('Mark as Complete on a reading lesson waits for half its length of timer, saying how long is left', () => {
    // 10 s recorded of a one-minute lesson, resumed at 0:42: 20 s more are needed, though only 18 s of the
    // lesson are left, so the timer keeps counting at the end until they are.
    const s0 = initialTrackerState(reading, { ...stored, lastPosition: 42, watchedRanges: [[0, 42]] });
    expect(canMarkComplete(s0)).toBe(false);
    expect(completionHint(s0)).toBe(
      'Read for 20 more seconds to mark it complete: the timer runs while you read.',
    );
    const ticks: TrackerEvent[] = [{ type: 'play', now: 0 }];
    for (let i = 1; i <= 19; i++) ticks.push({ type: 'tick', now: i * 1000 });
    const running = run(s0, ticks).state;
    expect(running.position).toBe(60);
    expect(running.playing).toBe(true);
    expect(completionHint(running)).toBe(
      'Read for 1 more second to mark it complete: the timer runs while you read.',
    );
    const { state } = run(running, [
      { type: 'tick', now: 20_000 },
      { type: 'tick', now: 21_000 },
    ]);
    expect(state.playing).toBe(false);
    expect(canMarkComplete(state)).toBe(true);
    expect(completionHint(state)).toBeNull();
    // Minutes when a minute or more is left.
    const long = initialTrackerState({ videoUrl: null, duration: 8 }, { ...stored, timeSpent: 61 });
    expect(completionHint(long)).toBe(
      'Read for 3 more minutes to mark it complete: the timer runs while you read.',
    );
    // A video says what is left of it.
    const clip = initialTrackerState(video, { ...stored, progressPercent: 70, watchedRanges: [[0, 42]] });
    expect(completionHint(clip)).toBe(
      'Watch the rest of the video to mark it complete (70% watched, 95% needed).',
    );
  });

  it('at rest it shows the time the server stored, which a reload would show; a running clock shows its own', () => {
    const played = run(initialTrackerState(reading, stored), [
      { type: 'play', now: 0 },
      ...Array.from({ length: 25 }, (_, i): TrackerEvent => ({ type: 'tick', now: (i + 1) * 1000 })),
      { type: 'pause', now: 25_400 },
    ]);
    expect(played.saves.at(-1)?.eventData?.totalTime).toBe(35);
    // Sent, not answered: the running count.
    expect(timeSpent(played.state)).toBe(35);
    // The server credited a second less (its own clock): that is the figure shown.
    const answer: ProgressSaveResponse = {
      ...stored,
      timeSpent: 34,
      completedNow: false,
      certificateId: null,
    };
    const answered = run(played.state, [{ type: 'saved', response: answer }]);
    expect(timeSpent(answered.state)).toBe(34);
    // Playing again, the page's clock runs on from its own count.
    const resumed = run(answered.state, [
      { type: 'play', now: 30_000 },
      { type: 'tick', now: 31_000 },
    ]);
    expect(timeSpent(resumed.state)).toBe(36);
    // A failed save leaves the unsent time shown.
    const failed = run(played.state, [{ type: 'save-failed' }]);
    expect(timeSpent(failed.state)).toBe(35);
  });

  it('a failed save is retried with the next one', () => {
    const s0 = initialTrackerState(video, stored);
    const played = run(s0, [...playVideo(0, 0, 30)]);
    expect(played.saves).toHaveLength(1);
    const { saves } = run(played.state, [{ type: 'save-failed' }, { type: 'pause', now: 30_500 }]);
    expect(saves).toHaveLength(1);
  });
});
