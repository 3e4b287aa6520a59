import { lazy, Suspense, useDeferredValue } from 'react';
import { Link, useParams } from 'react-router';
import { buttonClasses } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { useCourseLanding } from '../features/academy/api';
import { CourseLandingView } from '../features/academy/course-landing-view';
import { useAuth } from '../lib/auth';
import { useDocumentTitle } from '../lib/use-document-title';

// The report form checks with the contract's schema: loaded only for a signed-in reader, not with the page.
const ReportCourse = lazy(() =>
  import('../features/authoring/report-course').then((m) => ({ default: m.ReportCourse })),
);

export function CourseLandingPage() {
  const { slug = '' } = useParams();
  const { user } = useAuth();
  const { data: fresh, isError } = useCourseLanding(slug);
  // TanStack Query hands results over as synchronous updates; deferred, the page renders in slices.
  const data = useDeferredValue(fresh);
  useDocumentTitle(fresh?.title ?? 'Course');
  if (isError)
    return (
      <div className="mx-auto flex max-w-lg flex-col items-center gap-4 p-12 text-center">
        <h1 className="font-serif text-3xl font-bold text-wood-900">Course Not Found</h1>
        <p className="text-stone-700">Course not found or failed to load.</p>
        <Link to="/explore" className={buttonClasses()}>
          Back to Explore
        </Link>
      </div>
    );
  if (!data) return <Spinner label="Loading course…" />;
  return (
    <>
      <CourseLandingView course={data} />
      {user && (
        <div className="mx-auto max-w-7xl px-4 pb-10">
          <Suspense fallback={null}>
            <ReportCourse courseId={data.id} />
          </Suspense>
        </div>
      )}
    </>
  );
}
