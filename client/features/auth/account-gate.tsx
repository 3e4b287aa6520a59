import { lazy, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../lib/auth';

// Only guests on a signed-in page see the prompt: its own chunk, out of the first script.
const SignInPrompt = lazy(() => import('./sign-in-prompt').then((m) => ({ default: m.SignInPrompt })));

/** Pages a guest cannot use: they get a sign-in prompt and the dialog, returning here afterwards. */
export const SIGNED_IN_ONLY = ['/dashboard', '/settings', '/notifications'];
/** Pages a person who has not finished onboarding may still see. */
const ONBOARDING_EXEMPT = ['/onboarding', '/reset-password', '/verify-email'];

const matches = (path: string, list: string[]) => list.some((p) => path === p || path.startsWith(`${p}/`));

/**
 * Route gating: people who have not finished onboarding are sent to /onboarding from any page;
 * guests on signed-in-only pages see a sign-in prompt instead of a blank page.
 */
export function AccountGate({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth();
  const { pathname, search } = useLocation();
  if (user && !user.onboardingComplete && !matches(pathname, ONBOARDING_EXEMPT))
    return <Navigate to="/onboarding" replace />;
  if (matches(pathname, SIGNED_IN_ONLY)) {
    if (isLoading) return <Spinner />;
    if (!user) return <SignInPrompt next={`${pathname}${search}`} />;
  }
  return children;
}
