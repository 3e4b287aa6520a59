import { BookOpenText, Pause, Play } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { Lesson } from '../../../contract/academy';
import { Button } from '../../components/ui/button';
import { formatMinutesSeconds } from './lesson-status';
import type { Tracker } from './use-lesson-tracker';

function VideoPlayer({ lesson, tracker }: { lesson: Lesson & { videoUrl: string }; tracker: Tracker }) {
  const ref = useRef<HTMLVideoElement>(null);
  const { startPosition, onPlay, onPause, onPosition } = tracker;
  return (
    <video
      ref={ref}
      src={lesson.videoUrl}
      controls
      preload="metadata"
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
    />
  );
}

/**
 * A lesson without a video: a reading timer. Its seconds come from the tracker's own clock (real time while it
 * runs); it pauses when the tab is hidden and stops at the lesson's length.
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

  const done = position >= durationSeconds;
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

export function LessonPlayer({ lesson, tracker }: { lesson: Lesson; tracker: Tracker }) {
  return lesson.videoUrl ? (
    <VideoPlayer lesson={{ ...lesson, videoUrl: lesson.videoUrl }} tracker={tracker} />
  ) : (
    <ReadingTimer tracker={tracker} />
  );
}
