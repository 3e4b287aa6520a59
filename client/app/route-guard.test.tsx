import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PAGES, type PageRoute } from '../../contract/routes';
import { AUTH_OPEN_EVENT } from '../lib/auth';
import { renderRoutes, testUser } from '../test/render';
import { RouteGuard, type PageHandle } from './route-guard';

const page = (path: string) => PAGES.find((p) => p.path === path) as PageRoute;
// Each route renders its path as text, guarded as the app guards it, with its manifest entry as handle.
const routes = ['/', '/settings', '/onboarding', '/reset-password', '/instruments/new', '/learn'].map(
  (path) => ({
    path,
    handle: { name: page(path).name, page: page(path) } satisfies PageHandle,
    element: (
      <RouteGuard>
        <p>{`${path} page`}</p>
      </RouteGuard>
    ),
  }),
);
const person = (onboardingComplete: boolean) =>
  testUser({
    id: '1',
    email: 'a@example.test',
    emailVerified: true,
    displayName: 'A',
    firstName: 'A',
    lastName: '',
    role: 'user',
    onboardingComplete,
    handle: null,
  });

describe('RouteGuard', () => {
  it('lets a person who has not finished onboarding open any page (signing in sends them there, not every page)', () => {
    const { router } = renderRoutes(routes, { path: '/settings', me: person(false) });
    expect(screen.getByText('/settings page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings');
  });

  it('shows guests on an account page its prompt and opens the dialog returning there', async () => {
    const listener = vi.fn();
    window.addEventListener(AUTH_OPEN_EVENT, listener);
    renderRoutes(routes, { path: '/settings?tab=profile' });
    expect(await screen.findByRole('heading', { name: 'Sign in to continue' })).toBeInTheDocument();
    expect(screen.queryByText('/settings page')).not.toBeInTheDocument();
    expect((listener.mock.calls[0]?.[0] as CustomEvent).detail).toEqual({
      mode: 'signin',
      next: '/settings?tab=profile',
    });
    window.removeEventListener(AUTH_OPEN_EVENT, listener);
  });

  it("shows a guest the manifest's own words on a member page, without opening the dialog", async () => {
    const listener = vi.fn();
    window.addEventListener(AUTH_OPEN_EVENT, listener);
    renderRoutes(routes, { path: '/instruments/new' });
    expect(await screen.findByRole('heading', { name: 'Register instrument' })).toBeInTheDocument();
    expect(screen.getByText('Sign in as a luthier to register an instrument you built.')).toBeInTheDocument();
    expect(listener).not.toHaveBeenCalled();
    window.removeEventListener(AUTH_OPEN_EVENT, listener);
  });

  it('leaves pages that tell guests themselves, and public pages, to render', () => {
    renderRoutes(routes, { path: '/learn' });
    expect(screen.getByText('/learn page')).toBeInTheDocument();
    renderRoutes(routes, { path: '/' });
    expect(screen.getByText('/ page')).toBeInTheDocument();
  });

  it('lets signed-in people through', () => {
    renderRoutes(routes, { path: '/settings', me: person(true) });
    expect(screen.getByText('/settings page')).toBeInTheDocument();
  });
});
