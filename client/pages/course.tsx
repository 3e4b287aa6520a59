import { useParams, useSearchParams } from 'react-router';
import { CourseOutlineView } from '../features/academy/course-outline-view';
import { useDocumentTitle } from '../lib/use-document-title';

/** /courses/{courseId} */
export function CoursePage() {
  const { courseId = '' } = useParams();
  useDocumentTitle('Course');
  return <CourseOutlineView key={courseId} courseId={courseId} />;
}

/** /course-progress?courseId= (seed: the default course is course-1). */
export function CourseProgressPage() {
  const [params] = useSearchParams();
  const courseId = params.get('courseId') || 'course-1';
  useDocumentTitle('Course Progress');
  return <CourseOutlineView key={courseId} courseId={courseId} />;
}
