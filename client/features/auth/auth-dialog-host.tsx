import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AUTH_OPEN_EVENT, type AuthOpenDetail } from '../../lib/auth';

const AuthDialog = lazy(() => import('./auth-dialog').then((m) => ({ default: m.AuthDialog })));

/**
 * Stands in for the sign-in dialog until it is first wanted (an `auth:open` event or `?auth=` in the address),
 * then loads it with the request that asked for it; the dialog, its forms and Radix stay out of the first script.
 */
export function AuthDialogHost() {
  const [params] = useSearchParams();
  const [first, setFirst] = useState<AuthOpenDetail | null>(null);

  useEffect(() => {
    const onOpen = (event: Event) => {
      const detail = (event as CustomEvent<AuthOpenDetail | null>).detail;
      setFirst((current) => current ?? detail ?? { mode: 'signin' });
    };
    window.addEventListener(AUTH_OPEN_EVENT, onOpen);
    return () => window.removeEventListener(AUTH_OPEN_EVENT, onOpen);
  }, []);

  if (!first && !params.has('auth')) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialog initial={first} />
    </Suspense>
  );
}
