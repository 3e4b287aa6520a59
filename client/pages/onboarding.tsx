import { Navigate } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { OnboardingWizard } from '../features/onboarding/onboarding-wizard';
import { useAuth } from '../lib/auth';
import { useDocumentTitle } from '../lib/use-document-title';

/** /onboarding: only for a signed-in person who has not finished; others go to /. */
export function OnboardingPage() {
  const { user, isLoading } = useAuth();
  useDocumentTitle('Set up your profile');
  if (isLoading) return <Spinner />;
  if (!user || user.onboardingComplete) return <Navigate to="/" replace />;
  return <OnboardingWizard user={user} />;
}
