import { LogIn } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { openAuthDialog, useAuth } from '../../lib/auth';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Pages a guest cannot use: they get a sign-in prompt and the dialog, returning here afterwards. */
export const SIGNED_IN_ONLY = ['/dashboard', '/settings'];
/** Pages a person who has not finished onboarding may still see. */
const ONBOARDING_EXEMPT = ['/onboarding', '/reset-password'];

const matches = (path: string, list: string[]) => list.some((p) => path === p || path.startsWith(`${p}/`));

/**
 * Route gating (seed §2, §6): people who have not finished onboarding are sent to /onboarding from any page;
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

export function SignInPrompt({ next }: { next: string }) {
  useDocumentTitle('Sign in');
  useEffect(() => {
    openAuthDialog('signin', next);
  }, [next]);
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-lg flex-col items-center justify-center gap-4 p-8 text-center">
      <LogIn className="size-10 text-wood-600" aria-hidden />
      <h1 className="font-serif text-3xl font-bold text-wood-900">Sign in to continue</h1>
      <p className="text-stone-700">
        This page is part of your account. Sign in or create a free account to see it.
      </p>
      <Button onClick={() => openAuthDialog('signin', next)}>Sign in</Button>
    </div>
  );
}
