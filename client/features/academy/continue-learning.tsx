import { BookOpen } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useMyCourses } from './api';
import { ContinueCourse } from './continue-course';
import { currentCourse } from './current-course';

/**
 * "Continue learning" for the signed-in home (/dashboard): the course in progress with its next lesson, or a
 * link into the academy when there is nothing to continue. Render it only for signed-in people.
 */
export function ContinueLearningCard() {
  const { data, isPending, isError } = useMyCourses();
  const current = data ? currentCourse(data) : null;
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
        <div className="mt-3">
          <ContinueCourse course={current} />
        </div>
      )}
    </Card>
  );
}
