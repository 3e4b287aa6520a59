import { Eye } from 'lucide-react';
import { Link } from 'react-router';
import type { AuthoringCourse } from '../../../contract/authoring';
import { Button, buttonClasses } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { ApiError, errorText } from '../../lib/api';
import { api } from '../../lib/api-client';
import { useCourseChange } from './api';
import { CourseStatus } from './teach-courses';

/** The lesson a publish problem names (`lesson.{id}`), for a link to it. */
const lessonOf = (course: AuthoringCourse, field: string) => {
  const id = field.startsWith('lesson.') ? field.slice('lesson.'.length) : null;
  return id ? course.sections.flatMap((s) => s.lessons).find((l) => l.id === id) : undefined;
};

/** What the server said is missing when it refused to publish: one item per field, linked where it can be. */
function Missing({ course, fields }: { course: AuthoringCourse; fields: Record<string, string> }) {
  return (
    <div
      role="alert"
      className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <p className="font-semibold">The course cannot be published yet. Still missing:</p>
      <ul className="grid list-disc gap-1 pl-5">
        {Object.entries(fields).map(([field, message]) => {
          const lesson = lessonOf(course, field);
          return (
            <li key={field}>
              {lesson ? (
                <>
                  <Link
                    to={`/teach/courses/${course.id}/lessons/${lesson.id}`}
                    className="font-medium underline"
                  >
                    {lesson.title}
                  </Link>
                  : {message}
                </>
              ) : (
                message
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The course's state, Preview, and Publish (with the server's list of what is missing) or Unpublish. */
export function PublishPanel({ course }: { course: AuthoringCourse }) {
  const publish = useCourseChange(course.id, () =>
    api('POST /api/lms/authoring/courses/:courseId/publish', { params: { courseId: course.id } }),
  );
  const unpublish = useCourseChange(course.id, () =>
    api('POST /api/lms/authoring/courses/:courseId/unpublish', { params: { courseId: course.id } }),
  );
  const refused = publish.error instanceof ApiError && publish.error.status === 409 ? publish.error : null;
  const missing = refused?.body?.fields;
  const published = course.status === 'published';
  return (
    <section
      aria-labelledby="publish-heading"
      className="grid gap-3 rounded-xl border border-stone-200 bg-white p-5"
    >
      <h2 id="publish-heading" className="font-serif text-xl font-semibold text-stone-900">
        Publishing
      </h2>
      <CourseStatus course={course} />
      <p className="text-sm text-stone-700">
        {published
          ? 'Learners find it in Explore. Changes you save show to them at once; their progress is kept.'
          : 'Only you can see the course until you publish it. Courses are free to take.'}
      </p>
      <div className="flex flex-wrap gap-2">
        <Link to={`/teach/courses/${course.id}/preview`} className={buttonClasses('outline')}>
          <Eye aria-hidden /> Preview as a learner
        </Link>
        {published ? (
          <>
            <Link to={`/listing/${course.slug}`} className={buttonClasses('outline')}>
              Open the course page
            </Link>
            <Button
              variant="destructive"
              disabled={unpublish.isPending}
              onClick={() =>
                unpublish.mutate(undefined, {
                  onSuccess: () =>
                    toast({ title: 'Unpublished', description: 'Learners no longer find it.' }),
                  onError: (e) =>
                    toast({ title: 'Not unpublished', description: errorText(e), variant: 'destructive' }),
                })
              }
            >
              Unpublish
            </Button>
          </>
        ) : (
          <Button
            disabled={publish.isPending}
            onClick={() =>
              publish.mutate(undefined, {
                onSuccess: () =>
                  toast({ title: 'Published', description: 'Learners can now find and take it.' }),
              })
            }
          >
            {publish.isPending ? 'Publishing…' : 'Publish'}
          </Button>
        )}
      </div>
      {missing && Object.keys(missing).length > 0 ? (
        <Missing course={course} fields={missing} />
      ) : (
        publish.error && (
          <p role="alert" className="text-sm text-red-700">
            {errorText(publish.error)}
          </p>
        )
      )}
    </section>
  );
}
