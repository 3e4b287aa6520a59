import { useCallback, useEffect, useRef, useState } from 'react';
import type {
  Lesson,
  LessonProgress,
  ProgressSaveResponse,
  VideoProgressInput,
} from '../../../contract/academy';
import { AUTO_COMPLETE_PERCENT, PROGRESS_SAVE_INTERVAL_S } from '../../../contract/academy-values';
import { toast } from '../../components/ui/use-toast';
import { beaconVideoProgress, completeLesson, saveVideoProgress, useInvalidateLearning } from './api';
import { playbackPercent } from './lesson-status';

export interface Tracker {
  percent: number;
  timeSpent: number;
  completed: boolean;
  completing: boolean;
  playing: boolean;
  /** Resume point for the player, from the stored record. */
  startPosition: number;
  complete: () => void;
  /** The player reports play/pause and its position; a timer lesson reports its own seconds. */
  onPlay: () => void;
  onPause: () => void;
  onPosition: (seconds: number) => void;
}

/**
 * Tracks one lesson view (seed §4): percent from the position, time spent as real seconds of playback, a save
 * every 30 s of playback, on pause and (by beacon) when the page goes away; auto-complete once at 95 percent.
 * Guests get the same percent on screen but nothing is saved.
 */
export function useLessonTracker(lesson: Lesson, initial: LessonProgress | null, signedIn: boolean): Tracker {
  const invalidate = useInvalidateLearning();
  const [position, setPosition] = useState(initial?.lastPosition ?? 0);
  const [session, setSession] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [server, setServer] = useState<Pick<LessonProgress, 'progressPercent' | 'completed' | 'timeSpent'>>({
    progressPercent: initial?.progressPercent ?? 0,
    completed: initial?.completed ?? false,
    timeSpent: initial?.timeSpent ?? 0,
  });
  const [completing, setCompleting] = useState(false);
  const [base] = useState(initial?.timeSpent ?? 0);
  const positionRef = useRef(position);
  const sessionRef = useRef(0);
  const sinceSave = useRef(0);
  const lastTick = useRef<number | null>(null);
  const dirty = useRef(false);
  const completionSeen = useRef(initial?.completed ?? false);
  const completeAsked = useRef(initial?.completed ?? false);

  const body = useCallback(
    (): VideoProgressInput => ({
      videoProgressSeconds: positionRef.current,
      eventData: {
        totalTime: Math.floor(base + sessionRef.current),
        progressPercent: playbackPercent(positionRef.current, lesson.duration),
      },
    }),
    [lesson.duration, base],
  );

  const onCompleted = useCallback(
    (res: ProgressSaveResponse) => {
      setServer({ progressPercent: res.progressPercent, completed: res.completed, timeSpent: res.timeSpent });
      if (res.completed && !completionSeen.current) {
        completionSeen.current = true;
        toast({ title: 'Lesson completed!', description: `${lesson.title} is done. Well played.` });
      }
      void invalidate();
    },
    [invalidate, lesson.title],
  );

  const save = useCallback(() => {
    if (!signedIn || !dirty.current) return;
    dirty.current = false;
    sinceSave.current = 0;
    saveVideoProgress(lesson.id, body()).then(onCompleted, () => {
      // A failed periodic save is retried with the next one; nothing is lost on the server.
      dirty.current = true;
    });
  }, [signedIn, lesson.id, body, onCompleted]);

  /** Adds the real seconds since the last tick while playing. */
  const tick = useCallback(() => {
    const now = performance.now();
    if (lastTick.current !== null) {
      const delta = Math.min(5, (now - lastTick.current) / 1000);
      sessionRef.current += delta;
      sinceSave.current += delta;
      dirty.current = true;
      setSession(sessionRef.current);
    }
    lastTick.current = now;
    if (sinceSave.current >= PROGRESS_SAVE_INTERVAL_S) save();
  }, [save]);

  useEffect(() => {
    if (!playing) return;
    lastTick.current = performance.now();
    const id = setInterval(tick, 1000);
    return () => clearInterval(id);
  }, [playing, tick]);

  const onPosition = useCallback((seconds: number) => {
    if (seconds === positionRef.current) return;
    positionRef.current = seconds;
    dirty.current = true;
    setPosition(seconds);
  }, []);
  const onPlay = useCallback(() => setPlaying(true), []);
  const onPause = useCallback(() => {
    tick();
    lastTick.current = null;
    setPlaying(false);
    save();
  }, [tick, save]);

  const complete = useCallback(() => {
    if (!signedIn) return;
    completeAsked.current = true;
    setCompleting(true);
    completeLesson(lesson.id)
      .then(onCompleted, () =>
        toast({
          title: 'Error',
          description: 'Failed to complete lesson. Please try again.',
          variant: 'destructive',
        }),
      )
      .finally(() => setCompleting(false));
  }, [signedIn, lesson.id, onCompleted]);

  const local = playbackPercent(position, lesson.duration);
  const percent = server.completed ? 100 : Math.floor(Math.max(server.progressPercent, local));

  // Seed §4: at 95 percent or more, and not yet completed, the lesson is auto-completed once.
  useEffect(() => {
    if (signedIn && percent >= AUTO_COMPLETE_PERCENT && !server.completed && !completeAsked.current)
      complete();
  }, [signedIn, percent, server.completed, complete]);

  // Leaving the lesson inside the app saves with fetch, whose answer refreshes the outline and dashboard.
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  }, [save]);
  useEffect(() => () => saveRef.current(), []);

  // When the page is hidden or closed, the last position goes out by beacon, which outlives the page.
  useEffect(() => {
    if (!signedIn) return;
    const flush = () => {
      if (!dirty.current) return;
      if (beaconVideoProgress(lesson.id, body())) dirty.current = false;
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
  }, [signedIn, lesson.id, body]);

  return {
    percent,
    timeSpent: Math.max(server.timeSpent, Math.floor(base + session)),
    completed: server.completed,
    completing,
    playing,
    startPosition: initial && !initial.completed ? initial.lastPosition : 0,
    complete,
    onPlay,
    onPause,
    onPosition,
  };
}
