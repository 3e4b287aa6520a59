import { PlayCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { MyCourse } from '../../../contract/academy';
import { buttonClasses } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { CourseCover } from './course-card';
import { ProgressBar } from './progress-visuals';

/**
 * The course to pick up again, its next lesson, progress and a Continue link: on /learn ("Continue Where You
 * Left Off", large) and on the dashboard's card (compact).
 */
export function ContinueCourse({
  course,
  heading,
  large = false,
}: {
  course: MyCourse;
  heading?: ReactNode;
  large?: boolean;
}) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      {/* On a phone the large card shows no cover: it pushed the Continue button below the first screen. */}
      <CourseCover
        src={course.coverImage}
        className={cn('w-full rounded-lg', large ? 'hidden h-24 sm:block sm:w-40' : 'h-20 sm:w-32')}
      />
      <div className="flex-1">
        {heading}
        <p
          className={
            large ? 'mt-1 font-serif text-xl font-semibold text-stone-900' : 'font-medium text-stone-900'
          }
        >
          {course.title}
        </p>
        {course.nextLessonTitle && <p className="text-sm text-stone-700">Next: {course.nextLessonTitle}</p>}
        <div className="mt-2 flex items-center gap-3">
          <ProgressBar
            value={course.progress}
            label={`${course.title} progress`}
            className={large ? 'max-w-sm' : 'max-w-xs'}
          />
          <span className="text-sm font-medium text-stone-800">{course.progress}%</span>
        </div>
      </div>
      <Link
        to={
          course.nextLessonId
            ? `/lessons/${course.nextLessonId}?courseId=${course.id}`
            : `/courses/${course.id}`
        }
        className={buttonClasses('default', large ? 'default' : 'sm')}
      >
        <PlayCircle aria-hidden /> Continue
      </Link>
    </div>
  );
}
