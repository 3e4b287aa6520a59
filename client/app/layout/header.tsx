import { CloseIcon, GuitarIcon, MenuIcon } from '../../components/ui/core-icons';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { openAuthDialog, useAuth } from '../../lib/auth';
import { cn } from '../../lib/cn';
import { Button } from '../../components/ui/button';
import { useCurrentPageName } from '../route-guard';

const UserMenu = lazy(() => import('../../features/auth/user-menu').then((m) => ({ default: m.UserMenu })));
const MessagesLink = lazy(() =>
  import('../../features/conversations/messages-link').then((m) => ({ default: m.MessagesLink })),
);
const NotificationBell = lazy(() =>
  import('../../features/notifications/notification-bell').then((m) => ({ default: m.NotificationBell })),
);

/**
 * Whether a header link is the current page, as NavLink decides it (on its path or below, ignoring case). NavLink
 * itself, with its view-transition support, would add 0.6 KB gzip to the first script.
 */
function isCurrent(pathname: string, to: string): boolean {
  const path = pathname.toLowerCase();
  return path === to || path.startsWith(`${to}/`);
}

export function Header() {
  const { user, isLoading } = useAuth();
  const pageName = useCurrentPageName();
  const { pathname } = useLocation();
  // Below md the links sit behind a Menu button; it closes when the page changes.
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => setMenuOpen(false), [pathname]);

  const links = [
    { to: '/explore', label: 'Explore' },
    ...(user ? [{ to: '/learn', label: 'Learn' }] : []),
    { to: '/registry', label: 'Registry' },
    { to: '/blog', label: 'Blog' },
    { to: '/for-luthiers', label: 'For Luthiers' },
  ];

  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        <Link
          to="/"
          className="flex items-center gap-2 rounded-md font-serif text-lg font-bold text-wood-800"
          aria-label="Luthier Registry home"
        >
          <GuitarIcon className="size-6" aria-hidden />
          {/* On a phone the mark alone: the row keeps the menu, the bell and the account buttons on one line. */}
          <span className="hidden sm:inline">Luthier Registry</span>
        </Link>
        {pageName && (
          <span className="hidden text-sm text-stone-600 lg:inline" aria-current="page">
            / {pageName}
          </span>
        )}
        {/* A scrolling box clips what sticks out of it: the padding (and the margin giving it back) leaves room
            for the links' focus outline (3 px at a 2 px offset). */}
        <nav
          aria-label="Main"
          className="order-last -m-1.5 hidden w-full overflow-x-auto p-1.5 md:order-none md:ml-6 md:block md:w-auto lg:ml-2 xl:ml-6"
        >
          <ul className="flex min-w-max items-center gap-1">
            {links.map((link) => {
              const isActive = isCurrent(pathname, link.to);
              return (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    aria-current={isActive ? 'page' : undefined}
                    className={cn(
                      'block rounded-md px-3 py-1.5 text-sm font-medium',
                      isActive ? 'bg-wood-100 text-wood-900' : 'text-stone-700 hover:bg-stone-100',
                    )}
                  >
                    {link.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <button
          type="button"
          className="rounded-md p-2 text-stone-700 hover:bg-stone-100 md:hidden"
          aria-label="Menu"
          aria-expanded={menuOpen}
          aria-controls="site-menu"
          onClick={() => setMenuOpen((open) => !open)}
          onKeyDown={(e) => e.key === 'Escape' && setMenuOpen(false)}
        >
          {menuOpen ? (
            <CloseIcon className="size-5" aria-hidden />
          ) : (
            <MenuIcon className="size-5" aria-hidden />
          )}
        </button>
        {menuOpen && (
          <nav id="site-menu" aria-label="Menu" className="order-last w-full md:hidden">
            {user && (
              <p className="truncate border-t border-stone-200 px-3 pt-2 text-sm text-stone-600">
                Signed in as <span className="font-medium text-stone-800">{user.email}</span>
              </p>
            )}
            <ul className={cn('grid gap-1 pt-2', !user && 'border-t border-stone-200')}>
              {links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    aria-current={isCurrent(pathname, link.to) ? 'page' : undefined}
                    className="block rounded-md px-3 py-2 text-base font-medium text-stone-800 hover:bg-stone-100 aria-[current=page]:bg-wood-100"
                    onClick={() => setMenuOpen(false)}
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        {/* As tall as its buttons before the session is known, so the header keeps its height (no shift). */}
        <div className="ml-auto flex min-h-9 items-center gap-2">
          {isLoading ? null : user ? (
            <>
              {/* From 1024 px, where the links are in the row too: cut short to keep one row with the page's
                  name, the links, the messages, the bell and the menu (a long page name such as "Luthier Shop"
                  wrapped the row at a wider cut); the whole address is its title. Below, the Menu shows it. */}
              <span
                title={user.email}
                className="hidden max-w-24 truncate text-sm text-stone-700 lg:inline xl:max-w-44 2xl:max-w-72"
              >
                Hi, {user.email}
              </span>
              <Suspense fallback={null}>
                <MessagesLink />
                <NotificationBell />
                <UserMenu />
              </Suspense>
            </>
          ) : (
            <Button size="sm" onClick={() => openAuthDialog('signin')}>
              Sign in
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}
