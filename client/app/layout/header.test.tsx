import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AUTH_OPEN_EVENT } from '../../lib/auth';
import { mockFetch, renderRoutes, testUser } from '../../test/render';
import { Header } from './header';

const routes = [{ path: '/explore', element: <Header />, handle: { name: 'Explore' } }];
const me = testUser({
  id: '1',
  email: 'ada@example.test',
  displayName: 'Ada',
  firstName: 'Ada',
  lastName: '',
  role: 'user',
  onboardingComplete: true,
  handle: 'ada',
});

describe('Header', () => {
  it('shows the guest links, the page name and a Sign in button that opens the dialog', async () => {
    const calls = mockFetch({});
    renderRoutes(routes, { path: '/explore' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Explore', 'Registry', 'Blog', 'For Luthiers']);
    expect(within(nav).getByRole('link', { name: 'Explore' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Registry' })).not.toHaveAttribute('aria-current');
    expect(screen.getByText('/ Explore')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Luthier Registry home' })).toHaveAttribute('href', '/');
    const listener = vi.fn();
    window.addEventListener(AUTH_OPEN_EVENT, listener);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((listener.mock.calls[0]?.[0] as CustomEvent).detail).toEqual({ mode: 'signin', next: undefined });
    window.removeEventListener(AUTH_OPEN_EVENT, listener);
    expect(calls).toEqual([]);
  });

  it('adds Learn in second position and greets the signed-in person', async () => {
    // A signed-in header shows the inbox's and the conversations' unread counts.
    mockFetch({
      'GET /api/notifications': () => ({ json: { items: [], unread: 0 } }),
      'GET /api/conversations': () => ({ json: { items: [], unread: 0 } }),
    });
    renderRoutes(routes, { path: '/explore', me });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Explore', 'Learn', 'Registry', 'Blog', 'For Luthiers']);
    // Cut short where the row is tight; the whole address stays readable as its title.
    expect(screen.getByText('Hi, ada@example.test')).toHaveAttribute('title', 'ada@example.test');
    // Settings and Log out are their own chunk, loaded once someone is signed in.
    expect(await screen.findByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
    // The phone's menu says who is signed in (the greeting has no room in a phone's row).
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(
      within(screen.getByRole('navigation', { name: 'Menu' })).getByText(/^Signed in as/),
    ).toHaveTextContent('Signed in as ada@example.test');
  });

  it('logging out leaves no onboarding draft in the tab for the next person at the browser', async () => {
    const calls = mockFetch({
      'GET /api/notifications': () => ({ json: { items: [], unread: 0 } }),
      'GET /api/conversations': () => ({ json: { items: [], unread: 0 } }),
      'POST /api/auth/logout': () => ({ json: { ok: true } }),
      'GET /api/auth/me': () => ({ json: { user: null } }),
    });
    sessionStorage.setItem('onboarding:draft:1', JSON.stringify({ step: 0 }));
    renderRoutes([...routes, { path: '/', element: <p>home page</p> }], { path: '/explore', me });
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    await screen.findByText('home page');
    expect(calls.some((c) => c.url === '/api/auth/logout')).toBe(true);
    expect(sessionStorage.getItem('onboarding:draft:1')).toBeNull();
  });
});
