import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { User } from '../../contract/auth';
import { apiQueryOrNull } from './api-client';

const meQuery = { ...apiQueryOrNull('GET /api/auth/me'), retry: false } as const;
export const ME_KEY = meQuery.queryKey;

/** Who is signed in from now on, without asking the server (after a sign-in, a sign-out, a deletion). */
export function setSignedInUser(client: QueryClient, user: User | null): void {
  client.setQueryData(ME_KEY, () => ({ user }));
}

/** The signed-in person; null when signed out. Never retried. */
export function useAuth(): { user: User | null; isLoading: boolean } {
  const { data, isLoading } = useQuery(meQuery);
  return { user: data?.user ?? null, isLoading };
}

/**
 * Asks who is signed in as soon as the app starts, while the first page's code is still loading; useAuth then
 * reads that same request instead of starting one after the page has rendered.
 */
export function prefetchMe(client: QueryClient): void {
  void client.prefetchQuery(meQuery);
}

/**
 * The server sent a guest's page (it saw no session cookie and marked the root `data-guest`, with the landing's
 * hero in it: server/plugins/spa.ts): until `/api/auth/me` answers, who is signed in is taken to be nobody, so the
 * home page shows the landing at once instead of a spinner. The answer still decides when it comes.
 */
export function assumeGuestIfServerSaw(client: QueryClient, root: HTMLElement): void {
  if (root.hasAttribute('data-guest')) client.setQueryDefaults(ME_KEY, { placeholderData: { user: null } });
}

export type AuthMode = 'signin' | 'signup' | 'reset';
export const AUTH_OPEN_EVENT = 'auth:open';
export type SignUpRole = 'user' | 'luthier';
export interface AuthOpenDetail {
  mode: AuthMode;
  next?: string;
  /** The sign-up form's preselected role (a maker's "Open your shop" asks for a luthier's account). */
  role?: SignUpRole;
}

/** Opens the sign-in dialog: a window event carrying a mode, a next path and the sign-up role to preselect. */
export function openAuthDialog(mode: AuthMode = 'signin', next?: string, role?: SignUpRole): void {
  const detail: AuthOpenDetail = role ? { mode, next, role } : { mode, next };
  window.dispatchEvent(new CustomEvent<AuthOpenDetail>(AUTH_OPEN_EVENT, { detail }));
}

/**
 * Where a person goes once signed in: to `wanted`, or, while their profile is not set up, to onboarding first,
 * which returns them to `wanted` when it is done (the course they chose, the maker they wanted to write to).
 */
export function afterSignIn(user: { onboardingComplete: boolean }, wanted: string, fallback: string): string {
  if (user.onboardingComplete || wanted.startsWith('/transfers/')) return wanted;
  return wanted === fallback ? '/onboarding' : `/onboarding?next=${encodeURIComponent(wanted)}`;
}

/** A redirect target is accepted only when it stays on this origin. */
export function safeNextPath(next: string | null | undefined, fallback: string): string {
  if (!next) return fallback;
  try {
    const url = new URL(next, window.location.origin);
    if (url.origin !== window.location.origin) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
