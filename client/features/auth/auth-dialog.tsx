import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { User } from '../../../contract/auth';
import { toast } from '../../components/ui/use-toast';
import {
  afterSignIn,
  AUTH_OPEN_EVENT,
  safeNextPath,
  type AuthMode,
  type AuthOpenDetail,
  type SignUpRole,
} from '../../lib/auth';
import { AuthDialogView } from './auth-dialog-view';

export const NEXT_STORAGE_KEY = 'auth:next';
const MODES: AuthMode[] = ['signin', 'signup', 'reset'];
const isMode = (value: string | null): value is AuthMode => MODES.includes(value as AuthMode);

const TITLES: Record<AuthMode, string> = {
  signin: 'Welcome back',
  signup: 'Join Luthier Registry',
  reset: 'Reset your password',
};

/** Keeps the next path across a reload of the dialog's page; a missing next leaves an earlier one in place. */
function rememberNext(next: string | null | undefined) {
  try {
    if (next) sessionStorage.setItem(NEXT_STORAGE_KEY, next);
  } catch {
    // Storage can be unavailable (private mode); the next path then only lives in memory.
  }
}

function forgetNext() {
  try {
    sessionStorage.removeItem(NEXT_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}

function storedNext(): string | null {
  try {
    return sessionStorage.getItem(NEXT_STORAGE_KEY);
  } catch {
    return null;
  }
}

function focusedControl(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

/**
 * The one sign-in dialog of the app: opened by the `auth:open` window event or by the URL
 * parameters `auth` and `next`; closing removes both parameters. AuthDialogHost loads it (forms, validation,
 * Radix dialog and tabs) when it is first wanted, passing the event that asked for it as `initial`.
 */
export function AuthDialog({ initial = null }: { initial?: AuthOpenDetail | null }) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const here = useLocation();
  const [open, setOpen] = useState(initial !== null);
  const [mode, setMode] = useState<AuthMode>(isMode(initial?.mode ?? null) ? initial!.mode : 'signin');
  const [next, setNext] = useState<string | null>(initial?.next ?? null);
  const [role, setRole] = useState<SignUpRole>(initial?.role ?? 'user');
  // The control that opened the dialog (a header or page button); focus goes back to it when the dialog closes.
  // On the first open the host is still loading this module, so focus has not moved from the opener yet.
  const opener = useRef<HTMLElement | null>(initial ? focusedControl() : null);
  const urlMode = params.get('auth');
  const urlNext = params.get('next');
  const urlRole = params.get('role');

  useEffect(() => {
    if (initial) rememberNext(initial.next);
  }, [initial]);

  useEffect(() => {
    if (!isMode(urlMode)) return;
    setMode(urlMode);
    setNext(urlNext);
    setRole(urlRole === 'luthier' ? 'luthier' : 'user');
    rememberNext(urlNext);
    setOpen(true);
  }, [urlMode, urlNext, urlRole]);

  useEffect(() => {
    const onOpen = (event: Event) => {
      const detail = (event as CustomEvent<AuthOpenDetail>).detail;
      setMode(isMode(detail?.mode ?? null) ? detail.mode : 'signin');
      setNext(detail?.next ?? null);
      setRole(detail?.role ?? 'user');
      rememberNext(detail?.next);
      opener.current = focusedControl();
      setOpen(true);
    };
    window.addEventListener(AUTH_OPEN_EVENT, onOpen);
    return () => window.removeEventListener(AUTH_OPEN_EVENT, onOpen);
  }, []);

  const close = useCallback(() => {
    setOpen(false);
    if (params.has('auth') || params.has('next') || params.has('role')) {
      const rest = new URLSearchParams(params);
      rest.delete('auth');
      rest.delete('next');
      rest.delete('role');
      setParams(rest, { replace: true });
    }
  }, [params, setParams]);

  const onSignedIn = (user: User) => {
    let wanted = safeNextPath(next ?? storedNext(), '/dashboard');
    // "Open your shop" returns an enthusiast to Settings' open-shop form; a new luthier's shop is made at onboarding.
    if (user.role === 'luthier' && wanted.startsWith('/settings#open-shop')) wanted = '/dashboard';
    // Someone who came to answer an ownership offer goes back to it; setting up a profile can wait. Anyone else
    // not set up yet sets up first and then goes where they were going.
    const target = afterSignIn(user, wanted, '/dashboard');
    forgetNext();
    setOpen(false);
    toast({
      title: `Welcome, ${user.firstName || user.displayName}!`,
      description: user.onboardingComplete ? "You're successfully signed in." : "Let's set up your profile.",
    });
    // Already there (signing in to write to the maker of this page): staying keeps the page where it is, where a
    // navigation would scroll it back to the top, away from the form the person came for.
    if (target !== `${here.pathname}${here.search}${here.hash}`) void navigate(target, { replace: true });
  };

  if (!open) return null;
  return (
    <AuthDialogView
      mode={mode}
      role={role}
      title={TITLES[mode]}
      onModeChange={(value) => isMode(value) && setMode(value)}
      onClose={close}
      onClosed={() => {
        if (opener.current?.isConnected) opener.current.focus();
        opener.current = null;
      }}
      onSignedIn={onSignedIn}
    />
  );
}
