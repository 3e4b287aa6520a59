import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AUTH_OPEN_EVENT } from '../../lib/auth';
import { renderRoutes } from '../../test/render';
import { AccountGate } from './account-gate';

const gated = (text: string) => (
  <AccountGate>
    <p>{text}</p>
  </AccountGate>
);
const routes = [
  { path: '/', element: gated('home page') },
  { path: '/settings', element: gated('settings page') },
  { path: '/onboarding', element: gated('onboarding page') },
  { path: '/reset-password', element: gated('reset page') },
];
const person = (onboardingComplete: boolean) => ({
  id: '1',
  email: 'a@example.test',
  displayName: 'A',
  firstName: 'A',
  lastName: '',
  role: 'user',
  onboardingComplete,
  handle: null,
});

describe('AccountGate', () => {
  it('sends a person who has not finished onboarding to /onboarding from any page', async () => {
    const { router } = renderRoutes(routes, { path: '/settings', me: person(false) });
    expect(await screen.findByText('onboarding page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding');
  });

  it('lets them open /reset-password', () => {
    renderRoutes(routes, { path: '/reset-password', me: person(false) });
    expect(screen.getByText('reset page')).toBeInTheDocument();
  });

  it('shows guests on /settings a sign-in prompt and opens the dialog returning there', async () => {
    const listener = vi.fn();
    window.addEventListener(AUTH_OPEN_EVENT, listener);
    renderRoutes(routes, { path: '/settings?tab=profile' });
    expect(await screen.findByRole('heading', { name: 'Sign in to continue' })).toBeInTheDocument();
    expect(screen.queryByText('settings page')).not.toBeInTheDocument();
    expect((listener.mock.calls[0]?.[0] as CustomEvent).detail).toEqual({
      mode: 'signin',
      next: '/settings?tab=profile',
    });
    window.removeEventListener(AUTH_OPEN_EVENT, listener);
  });

  it('lets signed-in people and guests through elsewhere', () => {
    renderRoutes(routes, { path: '/settings', me: person(true) });
    expect(screen.getByText('settings page')).toBeInTheDocument();
  });
});
