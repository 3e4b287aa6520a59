import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { useAuthoredCourse } from '../features/authoring/api';
import { CourseDetailsForm } from '../features/authoring/course-details-form';
import { CourseOutlineEditor } from '../features/authoring/course-outline-editor';
import { NotYourCourse } from '../features/authoring/not-your-course';
import { PublishPanel } from '../features/authoring/publish-panel';
import { useDocumentTitle } from '../lib/use-document-title';

/** `/teach/courses/{id}`: the course editor (state and publishing, details, sections and lessons). */
export function TeachCoursePage() {
  const { id = '' } = useParams();
  const course = useAuthoredCourse(id);
  useDocumentTitle(course.data ? `Edit ${course.data.title}` : 'Edit course');
  if (course.isPending) return <Spinner label="Loading the course…" />;
  if (course.isError) return <NotYourCourse />;
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-8">
      <Link
        to="/teach"
        className="inline-flex items-center gap-1 text-sm font-medium text-wood-700 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden /> Your courses
      </Link>
      <h1 className="break-words font-serif text-3xl font-bold text-wood-900">{course.data.title}</h1>
      <PublishPanel course={course.data} />
      <CourseOutlineEditor course={course.data} />
      <CourseDetailsForm course={course.data} />
    </div>
  );
}
