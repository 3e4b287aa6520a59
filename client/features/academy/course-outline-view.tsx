import { useMutation } from '@tanstack/react-query';
import { Clock } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import type { CourseOutline } from '../../../contract/academy';
import { buttonClasses } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { startLesson, useInvalidateLearning, useOutline } from './api';
import { InstructorName } from './instructor-name';
import { formatTimeSpent } from './lesson-status';
import { OutlineSection } from './outline-sections';
import { OutlineSidebar } from './outline-sidebar';
import { ProgressBar } from './progress-visuals';
import { useGuestRedirect } from './use-guest-redirect';

export function CourseNotFound() {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 p-12 text-center">
      <h1 className="font-serif text-3xl font-bold text-wood-900">Course Not Found</h1>
      <p className="text-stone-700">Course not found or failed to load.</p>
      <Link to="/" className={buttonClasses()}>
        Back to Home
      </Link>
    </div>
  );
}

function Outline({ outline }: { outline: CourseOutline }) {
  const navigate = useNavigate();
  const invalidate = useInvalidateLearning();
  const { course } = outline;
  const lessonPath = (id: string) => `/lessons/${id}?courseId=${encodeURIComponent(course.id)}`;
  // Continue (and Start) call start, then open the lesson.
  const start = useMutation({
    mutationFn: (lessonId: string) => startLesson(lessonId),
    onSuccess: async (_data, lessonId) => {
      void invalidate();
      await navigate(lessonPath(lessonId));
    },
    onError: () =>
      toast({
        title: 'Error',
        description: 'Failed to start lesson. Please try again.',
        variant: 'destructive',
      }),
  });
  const open = (id: string) => void navigate(lessonPath(id));
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <header className="rounded-xl border border-stone-200 bg-gradient-to-br from-wood-100 to-white p-6">
        <p className="text-sm text-stone-600">
          by <InstructorName course={course} />
        </p>
        <h1 className="mt-1 font-serif text-3xl font-bold text-wood-900">{course.title}</h1>
        <p className="mt-2 max-w-3xl text-stone-700">{course.description}</p>
        <div className="mt-5 flex flex-wrap items-center gap-x-8 gap-y-3">
          <div className="flex min-w-64 flex-1 items-center gap-3">
            <ProgressBar value={course.overallProgress} label="Overall progress" />
            <span className="font-serif text-2xl font-bold text-stone-900">{course.overallProgress}%</span>
          </div>
          <p className="text-sm text-stone-700">
            <span className="font-semibold text-stone-900">
              {course.completedLessons}/{course.totalLessons}
            </span>{' '}
            lessons completed
          </p>
          <p className="flex items-center gap-1 text-sm text-stone-700">
            <Clock className="size-4" aria-hidden />
            <span className="font-semibold text-stone-900">
              {formatTimeSpent(course.timeSpentSeconds)}
            </span>{' '}
            spent
          </p>
        </div>
      </header>
      <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid content-start gap-4">
          {outline.sections.map((section, i) => (
            <OutlineSection
              key={section.id}
              section={section}
              index={i}
              onOpen={open}
              onStart={(id) => start.mutate(id)}
              pending={start.isPending}
            />
          ))}
        </div>
        <OutlineSidebar outline={outline} onStart={(id) => start.mutate(id)} pending={start.isPending} />
      </div>
    </div>
  );
}

/** The course page for /courses/{id} and /course-progress?courseId=. */
export function CourseOutlineView({ courseId }: { courseId: string }) {
  const { ready } = useGuestRedirect({
    description: 'You are logged out. Logging in again...',
    to: 'signin',
    delayMs: 500,
  });
  const { data, isPending, isError } = useOutline(courseId, ready);
  if (!ready || isPending) return <Spinner label="Loading course…" />;
  if (isError) return <CourseNotFound />;
  return <Outline outline={data} />;
}
