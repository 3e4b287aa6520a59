import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { AccountGate } from '../../features/auth/account-gate';
import { AuthDialogHost } from '../../features/auth/auth-dialog-host';
import { Spinner } from '../ui/spinner';
import { Header } from './header';

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
      <AuthDialogHost />
      {/* At least a screen tall, so the footer starts below the fold: a page that fills in after a spinner
          does not push a visible footer down (a layout shift, issue 7 §3). */}
      <main id="main" className="min-h-screen flex-1" tabIndex={-1}>
        <Suspense fallback={<Spinner />}>
          <AccountGate>
            <Outlet />
          </AccountGate>
        </Suspense>
      </main>
      <footer className="border-t border-stone-200 bg-white py-6 text-center text-sm text-stone-600">
        Luthier Registry — the living registry for handmade instruments.
      </footer>
      <ScrollRestoration />
    </div>
  );
}
