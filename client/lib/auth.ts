import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { MeResponse, User } from '../../contract/auth';
import { getQueryFn } from './api';

export const ME_KEY = ['/api/auth/me'] as const;

const meQuery = {
  queryKey: ME_KEY,
  queryFn: getQueryFn<MeResponse>({ on401: 'returnNull' }),
  retry: false,
} as const;

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

export type AuthMode = 'signin' | 'signup' | 'reset';
export const AUTH_OPEN_EVENT = 'auth:open';
export interface AuthOpenDetail {
  mode: AuthMode;
  next?: string;
}

/** Opens the sign-in dialog: a window event carrying a mode and a next path. */
export function openAuthDialog(mode: AuthMode = 'signin', next?: string): void {
  window.dispatchEvent(new CustomEvent<AuthOpenDetail>(AUTH_OPEN_EVENT, { detail: { mode, next } }));
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
