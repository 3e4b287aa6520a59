import { useCallback, useEffect, useRef, useState } from 'react';
import type { Lesson, LessonProgress, ProgressSaveResponse } from '../../../contract/academy';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api';
import { beaconVideoProgress, completeLesson, saveVideoProgress, useInvalidateLearning } from './api';
import {
  canMarkComplete,
  completionHint,
  initialTrackerState,
  saveBody,
  shownPercent,
  timeSpent,
  trackerStep,
  type TrackerEffect,
  type TrackerEvent,
  type TrackerState,
} from './lesson-tracker-state';

export interface Tracker {
  kind: TrackerState['kind'];
  percent: number;
  timeSpent: number;
  /** Playback (or reading timer) position in seconds. */
  position: number;
  durationSeconds: number;
  completed: boolean;
  completing: boolean;
  playing: boolean;
  /** Resume point for the player, from the stored record. */
  startPosition: number;
  /** Mark as Complete is allowed; when it is not, why. */
  canComplete: boolean;
  completeHint: string | null;
  /** The server's reason for refusing the last Mark as Complete, shown where the button is. */
  completeRefusal: string | null;
  complete: () => void;
  /** The certificate a save of this page issued (it completed the course), for the page to point to. */
  certificateId: string | null;
  onPlay: () => void;
  onPause: () => void;
  onPosition: (seconds: number) => void;
}

/**
 * Tracks one lesson view. The rules live in the pure reducer (lesson-tracker-state.ts); this hook keeps its
 * state in a ref, so the player's frequent re-renders never reset the clock, runs one interval for the
 * lifetime of the page, and carries out the saves the reducer asks for. Guests see the same numbers; nothing
 * is sent for them.
 */
export function useLessonTracker(lesson: Lesson, initial: LessonProgress | null, signedIn: boolean): Tracker {
  const invalidate = useInvalidateLearning();
  const [first] = useState(() => initialTrackerState(lesson, initial));
  const state = useRef(first);
  const [view, setView] = useState(first);
  const [completing, setCompleting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const completionSeen = useRef(initial?.completed ?? false);
  const [certificateId, setCertificateId] = useState<string | null>(null);
  const [startPosition] = useState(initial && !initial.completed ? initial.lastPosition : 0);

  // What the callbacks need, kept current without re-creating them (the player re-renders many times a second).
  const context = useRef({ lesson, signedIn, invalidate });
  useEffect(() => {
    context.current = { lesson, signedIn, invalidate };
  });

  /** A server answer: the record and, the first time it reports completion, the toast. */
  const announce = useCallback((res: ProgressSaveResponse) => {
    if (res.certificateId) {
      setCertificateId(res.certificateId);
      toast({
        title: 'Course completed!',
        description: `You completed every lesson of ${context.current.lesson.courseTitle}. Your certificate is ready.`,
      });
      completionSeen.current = true;
    }
    if (res.completed && !completionSeen.current) {
      completionSeen.current = true;
      toast({
        title: 'Lesson completed!',
        description: `${context.current.lesson.title} is done. Well played.`,
      });
    }
    void context.current.invalidate();
  }, []);

  const dispatch = useCallback(
    (event: TrackerEvent) => {
      const step = (e: TrackerEvent) => {
        const [next, effects] = trackerStep(state.current, e);
        state.current = next;
        setView(next);
        for (const effect of effects) send(effect);
      };
      const send = (effect: TrackerEffect) => {
        const { lesson: l, signedIn: on } = context.current;
        if (!on) return;
        saveVideoProgress(l.id, effect.body).then(
          (res) => {
            step({ type: 'saved', response: res });
            announce(res);
          },
          () => step({ type: 'save-failed' }),
        );
      };
      step(event);
    },
    [announce],
  );
  const onAnswer = useCallback(
    (res: ProgressSaveResponse) => {
      dispatch({ type: 'saved', response: res });
      announce(res);
    },
    [dispatch, announce],
  );

  // One clock for the page's lifetime: ticks are ignored while nothing plays.
  useEffect(() => {
    const id = setInterval(() => dispatch({ type: 'tick', now: Date.now() }), 1000);
    return () => clearInterval(id);
  }, [dispatch]);

  // Leaving the lesson inside the app saves with fetch, whose answer refreshes the outline and dashboard.
  useEffect(() => () => dispatch({ type: 'pause', now: Date.now() }), [dispatch]);

  // When the page is hidden or closed, the save goes out by beacon (which outlives the page) with the real time.
  useEffect(() => {
    if (!signedIn) return;
    const flush = () => {
      const current = state.current;
      const [next, effects] = trackerStep(current, { type: 'flush', now: Date.now() });
      const effect = effects[0];
      // A refused beacon leaves the save pending for the next chance.
      state.current =
        effect && !beaconVideoProgress(lesson.id, effect.body) ? { ...next, dirty: true } : next;
      setView(state.current);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [signedIn, lesson.id]);

  const onPlay = useCallback(() => dispatch({ type: 'play', now: Date.now() }), [dispatch]);
  const onPause = useCallback(() => dispatch({ type: 'pause', now: Date.now() }), [dispatch]);
  const onPosition = useCallback(
    (seconds: number) => dispatch({ type: 'position', seconds, now: Date.now() }),
    [dispatch],
  );

  const complete = useCallback(() => {
    if (!context.current.signedIn) return;
    setCompleting(true);
    setRefusal(null);
    // Unsent ranges go first, so the server judges the lesson on everything watched.
    const current = state.current;
    const pending = current.dirty
      ? saveVideoProgress(context.current.lesson.id, saveBody(current)).then(onAnswer)
      : Promise.resolve();
    pending
      .then(() => completeLesson(context.current.lesson.id))
      .then(onAnswer, (error: unknown) => {
        // A refusal says what is missing (a 403 or 409 with the reason); anything else is a failure to retry.
        const reason = error instanceof ApiError && error.status < 500 ? error.body?.error : undefined;
        if (reason) setRefusal(reason);
        else
          toast({
            title: 'Error',
            description: 'Failed to complete lesson. Please try again.',
            variant: 'destructive',
          });
      })
      .finally(() => setCompleting(false));
  }, [onAnswer]);

  const percent = shownPercent(view);
  return {
    kind: view.kind,
    percent,
    timeSpent: timeSpent(view),
    position: view.position,
    durationSeconds: view.durationSeconds,
    completed: view.server.completed,
    completing,
    playing: view.playing,
    startPosition,
    canComplete: canMarkComplete(view),
    completeHint: completionHint(view),
    completeRefusal: refusal,
    complete,
    certificateId,
    onPlay,
    onPause,
    onPosition,
  };
}
