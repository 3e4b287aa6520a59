import { useParams, useSearchParams } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { useMyCourses } from '../features/academy/api';
import { CourseOutlineView } from '../features/academy/course-outline-view';
import { currentCourseId, DEFAULT_COURSE_ID } from '../features/academy/current-course';
import { useAuth } from '../lib/auth';
import { useDocumentTitle } from '../lib/use-document-title';

/** /courses/{courseId} */
export function CoursePage() {
  const { courseId = '' } = useParams();
  useDocumentTitle('Course');
  return <CourseOutlineView key={courseId} courseId={courseId} />;
}

/**
 * /course-progress?courseId=. Without a courseId it opens the learner's current course, the same one /learn
 * offers to continue, and the seed's default course-1 when nothing is in progress (or for a guest, whom the
 * outline sends to sign in).
 */
export function CourseProgressPage() {
  const [params] = useSearchParams();
  const { user } = useAuth();
  const asked = params.get('courseId');
  const mine = useMyCourses(!asked && !!user);
  useDocumentTitle('Course Progress');
  if (!asked && user && mine.isPending) return <Spinner label="Loading course…" />;
  const courseId = asked || (mine.data ? currentCourseId(mine.data) : DEFAULT_COURSE_ID);
  return <CourseOutlineView key={courseId} courseId={courseId} />;
}
