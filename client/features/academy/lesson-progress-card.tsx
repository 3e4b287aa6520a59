import { CheckCircle2, Clock, Lock, Timer } from 'lucide-react';
import { Link } from 'react-router';
import type { Lesson } from '../../../contract/academy';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { formatMinutesSeconds } from './lesson-status';
import { ProgressRing } from './progress-visuals';
import type { Tracker } from './use-lesson-tracker';

/**
 * The lesson's progress card: ring, duration, time spent, Mark as Complete (a video once 95 % is watched, a
 * reading once its timer ran half the lesson; what is left shown under it, and the server's reason if it refuses)
 * and Next lesson, which opens only what the course has unlocked: the next lesson
 * once this one is completed, or a free preview.
 */
export function LessonProgressCard({
  lesson,
  tracker,
  signedIn,
  courseQuery,
}: {
  lesson: Lesson;
  tracker: Tracker;
  signedIn: boolean;
  courseQuery: string;
}) {
  const nextOpen = tracker.completed || lesson.nextLessonFree;
  const hintId = `complete-hint-${lesson.id}`;
  return (
    <Card>
      <CardHeader>
        <h2 className="font-serif text-lg font-semibold">Your progress</h2>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex justify-center">
          <ProgressRing value={tracker.percent} label="Lesson progress" size={96} />
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="flex items-center gap-1 text-stone-600">
            <Clock className="size-4" aria-hidden /> Duration
          </dt>
          <dd className="text-right font-medium">
            {lesson.duration} {lesson.duration === 1 ? 'minute' : 'minutes'}
          </dd>
          <dt className="flex items-center gap-1 text-stone-600">
            <Timer className="size-4" aria-hidden /> Time spent
          </dt>
          <dd className="text-right font-medium" data-testid="time-spent">
            {formatMinutesSeconds(tracker.timeSpent)}
          </dd>
        </dl>
        {signedIn && (
          <div className="grid gap-1">
            <Button
              onClick={tracker.complete}
              disabled={tracker.completed || tracker.completing || !tracker.canComplete}
              aria-describedby={tracker.completeHint ? hintId : undefined}
            >
              <CheckCircle2 aria-hidden />
              {tracker.completing ? 'Completing...' : tracker.completed ? 'Completed' : 'Mark as Complete'}
            </Button>
            {tracker.completeHint && (
              <p id={hintId} className="text-xs text-stone-600">
                {tracker.completeHint}
              </p>
            )}
            {tracker.completeRefusal && (
              <p role="alert" className="text-xs font-medium text-red-800">
                {tracker.completeRefusal}
              </p>
            )}
          </div>
        )}
        {lesson.nextLessonId &&
          (nextOpen ? (
            <Link to={`/lessons/${lesson.nextLessonId}${courseQuery}`} className={buttonClasses('outline')}>
              Next lesson
            </Link>
          ) : (
            <div className="grid gap-1">
              <Button variant="outline" disabled aria-describedby={`next-hint-${lesson.id}`}>
                <Lock aria-hidden /> Next lesson
              </Button>
              <p id={`next-hint-${lesson.id}`} className="text-xs text-stone-600">
                Complete this lesson to unlock the next one.
              </p>
            </div>
          ))}
      </CardContent>
    </Card>
  );
}
