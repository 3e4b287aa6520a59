import { Spinner } from '../components/ui/spinner';
import { useLearningStats, useMyCertificates, useMyCourses } from '../features/academy/api';
import { LearnDashboard } from '../features/academy/learn-dashboard';
import { useGuestRedirect } from '../features/academy/use-guest-redirect';
import { useAuth } from '../lib/auth';
import { errorText } from '../lib/api';
import { useDocumentTitle } from '../lib/use-document-title';

/** The learning dashboard: guests are told to sign in and sent home. */
export function LearnPage() {
  useDocumentTitle('Learn');
  const { user } = useAuth();
  const { ready } = useGuestRedirect({
    description: 'Please sign in to access your learning dashboard.',
    to: 'home',
  });
  const courses = useMyCourses(ready);
  const stats = useLearningStats(ready);
  const certificates = useMyCertificates(ready);
  if (!ready || !user || courses.isPending || stats.isPending || certificates.isPending)
    return <Spinner label="Loading your courses…" />;
  if (courses.isError || stats.isError || certificates.isError)
    return (
      <p role="alert" className="mx-auto max-w-lg p-12 text-center text-red-700">
        {errorText(
          courses.error ?? stats.error ?? certificates.error,
          'Failed to load your learning dashboard.',
        )}
      </p>
    );
  return (
    <LearnDashboard user={user} courses={courses.data} stats={stats.data} certificates={certificates.data} />
  );
}
