import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { AuthDialogHost } from '../../features/auth/auth-dialog-host';
import { Spinner } from '../../components/ui/spinner';
import { RouteGuard } from '../route-guard';
import { Header } from './header';
import { PageMain } from './page-main';
import { useAuth } from '../../lib/auth';

// The footer is below the fold on every page (main is at least a screen tall): its own chunk, out of the first
// script.
const SiteFooter = lazy(() => import('./site-footer').then((m) => ({ default: m.SiteFooter })));
const VerifyEmailBanner = lazy(() =>
  import('../../features/auth/verify-email-banner').then((m) => ({ default: m.VerifyEmailBanner })),
);

const SetupBanner = lazy(() =>
  import('../../features/onboarding/setup-banner').then((m) => ({ default: m.SetupBanner })),
);

/**
 * Until the address is confirmed, a banner offers to send the link again; until onboarding is finished, another
 * offers to finish it (everywhere but the wizard itself).
 */
function AccountBanners() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      {!user.emailVerified && <VerifyEmailBanner email={user.email} />}
      {!user.onboardingComplete && pathname !== '/onboarding' && (
        <SetupBanner luthier={user.role === 'luthier'} />
      )}
    </Suspense>
  );
}

export function AppLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only rounded-md bg-white px-3 py-2 focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50"
      >
        Skip to content
      </a>
      <Header />
      <AccountBanners />
      <AuthDialogHost />
      <PageMain>
        <Suspense fallback={<Spinner />}>
          <RouteGuard>
            <Outlet />
          </RouteGuard>
        </Suspense>
      </PageMain>
      <Suspense fallback={null}>
        <SiteFooter />
      </Suspense>
      <ScrollRestoration />
    </div>
  );
}
