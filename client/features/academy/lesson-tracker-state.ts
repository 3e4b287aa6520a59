import { coveragePercent, mergeRanges, type Range } from '../../../contract/academy-ranges';
import type { LessonProgress, ProgressSaveResponse, VideoProgressInput } from '../../../contract/academy';
import {
  AUTO_COMPLETE_PERCENT,
  PROGRESS_SAVE_INTERVAL_S,
  readingSecondsNeeded,
  timeLeft,
} from '../../../contract/academy-values';

/**
 * One lesson view as a pure state machine: the hook feeds it the player's events and a clock, and carries out
 * the effects it asks for. Nothing here reads a timer, so every rule is tested with plain numbers.
 */
export interface TrackerState {
  kind: 'video' | 'reading';
  durationSeconds: number;
  /** Time spent stored when the page opened; the session adds the real seconds of this visit to it. */
  base: number;
  session: number;
  /** Playback (or timer) seconds since the last save; a save is due at 30. */
  sinceSave: number;
  playing: boolean;
  /** Wall-clock milliseconds of the last tick while playing. */
  lastTick: number | null;
  position: number;
  /** Where the range being played now started, while playing. */
  rangeStart: number | null;
  /** Wall-clock milliseconds of the last position report, to tell a seek from playback. */
  positionAt: number | null;
  watched: Range[];
  server: { progressPercent: number; completed: boolean; timeSpent: number };
  /** Something not yet sent: time, position or ranges. */
  dirty: boolean;
  /** Saves sent and not yet answered (a beacon is never answered: it keeps this above zero). */
  inFlight: number;
  /** A save was sent for the 95 % mark; do not send another for it. */
  completionSaveSent: boolean;
}

export type TrackerEvent =
  | { type: 'play'; now: number }
  | { type: 'pause'; now: number }
  | { type: 'tick'; now: number }
  | { type: 'position'; seconds: number; now: number }
  | { type: 'flush'; now: number }
  | { type: 'saved'; response: ProgressSaveResponse }
  | { type: 'save-failed' };

export type TrackerEffect = { type: 'save'; body: VideoProgressInput };

/** A tick never adds more than this: a machine asleep while "playing" is not study time. */
const MAX_TICK_S = 60;

export function initialTrackerState(
  lesson: { videoUrl: string | null; duration: number },
  progress: LessonProgress | null,
): TrackerState {
  return {
    kind: lesson.videoUrl ? 'video' : 'reading',
    durationSeconds: lesson.duration * 60,
    base: progress?.timeSpent ?? 0,
    session: 0,
    sinceSave: 0,
    playing: false,
    lastTick: null,
    position: progress && !progress.completed ? progress.lastPosition : 0,
    rangeStart: null,
    positionAt: null,
    watched: mergeRanges(progress?.watchedRanges ?? []),
    server: {
      progressPercent: progress?.progressPercent ?? 0,
      completed: progress?.completed ?? false,
      timeSpent: progress?.timeSpent ?? 0,
    },
    dirty: false,
    inFlight: 0,
    completionSaveSent: progress?.completed ?? false,
  };
}

/** The watched ranges including the one being played now. */
export function currentRanges(s: TrackerState): Range[] {
  const open: Range[] =
    s.rangeStart !== null && s.position > s.rangeStart ? [[s.rangeStart, s.position]] : [];
  return mergeRanges([...s.watched, ...open], s.durationSeconds);
}

export const watchedPercent = (s: TrackerState) => coveragePercent(currentRanges(s), s.durationSeconds);

/** The percent shown: 100 once completed, else the larger of the stored and the locally watched share. */
export const shownPercent = (s: TrackerState) =>
  s.server.completed ? 100 : Math.floor(Math.max(s.server.progressPercent, watchedPercent(s)));

/**
 * The time shown. While the clock runs, or a save is unsent or unanswered, it is the running count (never below
 * the stored one). At rest it is what the server stored: the server credits whole seconds of its own clock, so
 * its total can be a second behind the page's, and a person must see the figure a reload would show.
 */
export const timeSpent = (s: TrackerState) =>
  !s.playing && !s.dirty && s.inFlight === 0
    ? s.server.timeSpent
    : Math.max(s.server.timeSpent, Math.floor(s.base + s.session));

/** Seconds the reading timer still has to run before the lesson can be marked complete. */
export const readingLeft = (s: TrackerState) =>
  Math.max(0, readingSecondsNeeded(s.durationSeconds) - timeSpent(s));

/**
 * Video lessons can be marked complete once 95 % is watched; reading lessons once their timer has run half the
 * lesson's length (the server holds both to what it recorded).
 */
export const canMarkComplete = (s: TrackerState) =>
  !s.server.completed &&
  (s.kind === 'reading' ? readingLeft(s) === 0 : shownPercent(s) >= AUTO_COMPLETE_PERCENT);

/**
 * A reading timer at the end of the lesson stops, unless it has not yet counted the time Mark as Complete needs
 * (a learner who resumed near the end): then it keeps counting time, its position held at the end.
 */
const readingDone = (s: TrackerState) =>
  s.kind === 'reading' && s.position >= s.durationSeconds && readingLeft(s) === 0;

/** What is left before Mark as Complete opens, in the words under the button; null when nothing is. */
export function completionHint(s: TrackerState): string | null {
  if (canMarkComplete(s) || s.server.completed) return null;
  if (s.kind === 'reading')
    return `Read for ${timeLeft(readingLeft(s))} to mark it complete: the timer runs while you read.`;
  return `Watch the rest of the video to mark it complete (${shownPercent(s)}% watched, ${AUTO_COMPLETE_PERCENT}% needed).`;
}

export function saveBody(s: TrackerState): VideoProgressInput {
  return {
    videoProgressSeconds: s.position,
    eventData: {
      totalTime: Math.floor(s.base + s.session),
      progressPercent: Math.floor(watchedPercent(s)),
      ranges: currentRanges(s),
    },
  };
}

/** Adds the real seconds since the last tick while playing; a reading timer's position moves with them. */
function advance(s: TrackerState, now: number): TrackerState {
  if (!s.playing || s.lastTick === null) return s;
  const delta = Math.min(MAX_TICK_S, Math.max(0, (now - s.lastTick) / 1000));
  const next = { ...s, lastTick: now, session: s.session + delta, sinceSave: s.sinceSave + delta };
  if (delta > 0) next.dirty = true;
  if (s.kind === 'reading') {
    next.position = Math.min(s.durationSeconds, s.position + delta);
    next.positionAt = now;
  }
  return next;
}

/** Closes the range being played (at the current position). */
const closeRange = (s: TrackerState): TrackerState =>
  s.rangeStart === null ? s : { ...s, watched: currentRanges(s), rangeStart: null };

function withSave(s: TrackerState, effects: TrackerEffect[]): [TrackerState, TrackerEffect[]] {
  if (!s.dirty) return [s, effects];
  return [
    { ...s, dirty: false, sinceSave: 0, inFlight: s.inFlight + 1 },
    [...effects, { type: 'save', body: saveBody(s) }],
  ];
}

/** After any event: a save when 30 s of playback have gone by, or once when the watched share reaches 95 %. */
function dueSaves(s: TrackerState): [TrackerState, TrackerEffect[]] {
  if (!s.server.completed && !s.completionSaveSent && watchedPercent(s) >= AUTO_COMPLETE_PERCENT)
    return withSave({ ...s, dirty: true, completionSaveSent: true }, []);
  if (s.sinceSave >= PROGRESS_SAVE_INTERVAL_S) return withSave(s, []);
  return [s, []];
}

export function trackerStep(s: TrackerState, e: TrackerEvent): [TrackerState, TrackerEffect[]] {
  switch (e.type) {
    case 'play':
      if (s.playing) return [s, []];
      if (readingDone(s)) return [s, []];
      return [{ ...s, playing: true, lastTick: e.now, rangeStart: s.position, positionAt: e.now }, []];
    case 'tick': {
      const next = advance(s, e.now);
      // The reading timer stops by itself at the end of the lesson's time (once it has counted the time needed).
      if (next.playing && readingDone(next)) return trackerStep(next, { type: 'pause', now: e.now });
      return dueSaves(next);
    }
    case 'pause': {
      if (!s.playing) return withSave(s, []);
      const stopped = closeRange({ ...advance(s, e.now), playing: false, lastTick: null });
      const [checked, effects] = dueSaves(stopped);
      return withSave(checked, effects);
    }
    case 'position': {
      if (s.kind === 'reading' || e.seconds === s.position) return [s, []];
      const moved = { ...s, position: e.seconds, positionAt: e.now, dirty: true };
      if (!s.playing) return [moved, []];
      // Playback moves forward at most 2× the wall clock (plus the player's reporting jitter); anything else
      // is a seek, which ends the range played so far and starts a new one where playback resumes.
      const wall = s.positionAt === null ? 0 : (e.now - s.positionAt) / 1000;
      const step = e.seconds - s.position;
      if (step >= 0 && step <= 2 * wall + 1.5) return dueSaves(moved);
      const closed = closeRange(s);
      return [{ ...closed, position: e.seconds, positionAt: e.now, rangeStart: e.seconds, dirty: true }, []];
    }
    case 'flush':
      return withSave(advance(s, e.now), []);
    case 'saved': {
      const r = e.response;
      return [
        {
          ...s,
          server: { progressPercent: r.progressPercent, completed: r.completed, timeSpent: r.timeSpent },
          watched: mergeRanges([...s.watched, ...r.watchedRanges], s.durationSeconds),
          completionSaveSent: s.completionSaveSent || r.completed,
          inFlight: Math.max(0, s.inFlight - 1),
        },
        [],
      ];
    }
    case 'save-failed':
      // Retried with the next save; nothing is lost on the server.
      return [{ ...s, dirty: true, inFlight: Math.max(0, s.inFlight - 1) }, []];
  }
}
