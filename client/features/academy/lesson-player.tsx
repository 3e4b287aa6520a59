import { BookOpenText, Pause, Play } from 'lucide-react';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import type { Lesson } from '../../../contract/academy';
import { Button } from '../../components/ui/button';
import { useCaptions } from './api';
import { formatMinutesSeconds } from './lesson-status';
import type { Tracker } from './use-lesson-tracker';

function VideoPlayer({
  lesson,
  tracker,
  children,
}: {
  lesson: Lesson & { videoUrl: string };
  tracker: Tracker;
  children: ReactNode;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  const { startPosition, onPlay, onPause, onPosition } = tracker;
  return (
    <>
      <video
        ref={ref}
        src={lesson.videoUrl}
        controls
        preload="metadata"
        poster={lesson.posterUrl ?? undefined}
        playsInline
        aria-label={`Video: ${lesson.title}`}
        className="aspect-video w-full rounded-xl bg-black"
        onLoadedMetadata={(e) => {
          const video = e.currentTarget;
          // Resume where the learner stopped, unless that is the very end.
          if (startPosition > 0 && startPosition < video.duration - 3) video.currentTime = startPosition;
        }}
        onPlay={onPlay}
        onPause={onPause}
        onTimeUpdate={(e) => onPosition(e.currentTarget.currentTime)}
      >
        {/* Shown by default; the player's own controls turn them off and on. */}
        {lesson.captionsUrl && (
          <track kind="captions" src={lesson.captionsUrl} srcLang="en" label="English" default />
        )}
      </video>
      {children}
      {lesson.captionsUrl && <Transcript url={lesson.captionsUrl} video={ref} />}
    </>
  );
}

/** The captions as text under the video; each time stamp moves the video there. */
function Transcript({ url, video }: { url: string; video: RefObject<HTMLVideoElement | null> }) {
  const captions = useCaptions(url);
  if (!captions.data?.length) return null;
  return (
    <details open className="mt-3 rounded-xl border border-stone-200 bg-white p-4">
      <summary className="cursor-pointer font-semibold text-wood-900">Transcript</summary>
      <ol className="mt-3 grid gap-2 text-sm text-stone-800">
        {captions.data.map((cue) => (
          <li key={cue.start} className="flex gap-3">
            <button
              type="button"
              className="shrink-0 rounded font-mono text-wood-700 underline-offset-2 hover:underline"
              aria-label={`Play from ${formatMinutesSeconds(cue.start)}`}
              onClick={() => {
                if (video.current) video.current.currentTime = cue.start;
              }}
            >
              {formatMinutesSeconds(cue.start)}
            </button>
            <span>{cue.text}</span>
          </li>
        ))}
      </ol>
    </details>
  );
}

/**
 * A lesson without a video: a reading timer. Its seconds come from the tracker's own clock (real time while it
 * runs); it pauses when the tab is hidden and stops at the lesson's length once it has counted half of it.
 */
function ReadingTimer({ tracker }: { tracker: Tracker }) {
  const { onPlay, onPause, playing, position, durationSeconds } = tracker;

  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden' && playing) onPause();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [playing, onPause]);

  // At the end it stops, unless the time Mark as Complete needs is not counted yet.
  const done = position >= durationSeconds && (tracker.canComplete || tracker.completed);
  return (
    <div className="flex aspect-video w-full flex-col items-center justify-center gap-4 rounded-xl bg-gradient-to-br from-wood-800 to-wood-600 p-6 text-center text-white">
      <BookOpenText className="size-12 opacity-90" aria-hidden />
      <p className="max-w-md text-sm opacity-90">
        A reading lesson. Start the timer while you study the notes below; it pauses when you leave the tab.
      </p>
      <p className="font-mono text-3xl" aria-live="off">
        {formatMinutesSeconds(position)} / {formatMinutesSeconds(durationSeconds)}
      </p>
      <Button variant="secondary" onClick={playing ? onPause : onPlay} disabled={done}>
        {playing ? <Pause aria-hidden /> : <Play aria-hidden />}
        {playing ? 'Pause timer' : position > 0 ? 'Resume timer' : 'Start timer'}
      </Button>
    </div>
  );
}

/**
 * The video (or the reading timer), then `children` (the lesson's title and description), then the transcript:
 * a learner sees which lesson this is right under the player, not after a minute's worth of captions.
 */
export function LessonPlayer({
  lesson,
  tracker,
  children,
}: {
  lesson: Lesson;
  tracker: Tracker;
  children: ReactNode;
}) {
  return lesson.videoUrl ? (
    <VideoPlayer lesson={{ ...lesson, videoUrl: lesson.videoUrl }} tracker={tracker}>
      {children}
    </VideoPlayer>
  ) : (
    <>
      <ReadingTimer tracker={tracker} />
      {children}
    </>
  );
}
