import { lazy, type ReactNode } from 'react';
import { useLocation, useMatches } from 'react-router';
import type { PageRoute } from '../../contract/routes';
import { Spinner } from '../components/ui/spinner';
import { useAuth } from '../lib/auth';

// Only guests on a members' page see the prompt: its own chunk, out of the first script.
const PagePrompt = lazy(() =>
  import('../features/auth/sign-in-prompt').then((m) => ({ default: m.PagePrompt })),
);

export interface PageHandle {
  /** The page name shown in the header beside the logo. */
  name?: string;
  page?: PageRoute;
}

/** The name of the page being shown, for the header. */
export function useCurrentPageName(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const name = (matches[i]?.handle as PageHandle | undefined)?.name;
    if (name) return name;
  }
  return undefined;
}

/** The manifest entry of the page being shown. */
export function useCurrentPage(): PageRoute | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const page = (matches[i]?.handle as PageHandle | undefined)?.page;
    if (page) return page;
  }
  return undefined;
}

/**
 * The one route guard, driven by each page's manifest entry: a guest on a page that needs an account sees the
 * sign-in prompt the manifest gives it (pages whose `guest` is `page` tell the guest themselves). A person who has
 * not finished onboarding is sent there when they sign in (the auth dialog), not from every page: a transfer
 * recipient following a mailed link sees the offer first; the layout's banner offers to finish.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const page = useCurrentPage();
  const { user, isLoading } = useAuth();
  const { pathname, search } = useLocation();
  if (!page) return children;
  if (page.access !== 'public' && page.guest?.kind === 'prompt') {
    if (isLoading) return <Spinner />;
    if (!user)
      return (
        <PagePrompt
          path={page.path}
          next={`${pathname}${search}`}
          openDialog={page.guest.openDialog ?? false}
        />
      );
  }
  return children;
}
