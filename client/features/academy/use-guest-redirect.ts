import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../components/ui/use-toast';
import { useAuth } from '../../lib/auth';

/**
 * Guests on a signed-in page: a destructive toast, then (after `delayMs`) a redirect. The course page sends them
 * to sign-in returning to the same path; /learn sends them home. Returns whether to render.
 */
export function useGuestRedirect(options: { description: string; to: 'signin' | 'home'; delayMs?: number }): {
  ready: boolean;
} {
  const { user, isLoading } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const fired = useRef(false);
  const { description, to, delayMs = 0 } = options;
  useEffect(() => {
    if (isLoading || user) return;
    // The toast shows once even when the effect re-runs (StrictMode); the timer is set on every run.
    if (!fired.current) toast({ title: 'Unauthorized', description, variant: 'destructive' });
    fired.current = true;
    const next = `${location.pathname}${location.search}`;
    const target = to === 'home' ? '/' : `/?auth=signin&next=${encodeURIComponent(next)}`;
    const timer = setTimeout(() => void navigate(target, { replace: true }), delayMs);
    return () => clearTimeout(timer);
  }, [isLoading, user, description, to, delayMs, navigate, location.pathname, location.search]);
  return { ready: !isLoading && !!user };
}
