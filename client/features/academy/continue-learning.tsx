import { BookOpen, PlayCircle } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useMyCourses } from './api';
import { CourseCover } from './course-card';
import { courseToContinue } from './learn-dashboard';
import { ProgressBar } from './progress-visuals';

/**
 * "Continue learning" for the signed-in home (/dashboard): the course in progress with its next lesson, or a
 * link into the academy when there is nothing to continue. Render it only for signed-in people.
 */
export function ContinueLearningCard() {
  const { data, isPending, isError } = useMyCourses();
  const current = data ? courseToContinue(data) : null;
  return (
    <Card className="p-5">
      <h2 className="font-serif text-xl font-semibold text-stone-900">Continue learning</h2>
      {isPending ? (
        <p className="mt-2 text-sm text-stone-600">Loading your courses…</p>
      ) : isError || !current ? (
        <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-stone-700">
            {isError ? 'Your courses could not be loaded.' : 'No course in progress. The academy is free.'}
          </p>
          <Link to="/explore" className={buttonClasses('secondary', 'sm')}>
            <BookOpen aria-hidden /> Start learning
          </Link>
        </div>
      ) : (
        <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-center">
          <CourseCover src={current.coverImage} className="h-20 w-full rounded-lg sm:w-32" />
          <div className="flex-1">
            <p className="font-medium text-stone-900">{current.title}</p>
            {current.nextLessonTitle && (
              <p className="text-sm text-stone-600">Next: {current.nextLessonTitle}</p>
            )}
            <div className="mt-2 flex items-center gap-3">
              <ProgressBar
                value={current.progress}
                label={`${current.title} progress`}
                className="max-w-xs"
              />
              <span className="text-sm font-medium">{current.progress}%</span>
            </div>
          </div>
          <Link
            to={
              current.nextLessonId
                ? `/lessons/${current.nextLessonId}?courseId=${current.id}`
                : `/courses/${current.id}`
            }
            className={buttonClasses('default', 'sm')}
          >
            <PlayCircle aria-hidden /> Continue
          </Link>
        </div>
      )}
    </Card>
  );
}
