import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderRoutes, testUser } from '../../test/render';
import { AppLayout } from './app-layout';

const person = (onboardingComplete: boolean, role: 'user' | 'luthier' = 'user') =>
  testUser({
    id: '1',
    email: 'a@example.test',
    emailVerified: true,
    displayName: 'Ada',
    firstName: 'Ada',
    lastName: '',
    role,
    onboardingComplete,
    handle: onboardingComplete ? 'ada' : null,
  });
const routes = [
  {
    element: <AppLayout />,
    children: ['/instruments/abc', '/onboarding'].map((path) => ({ path, element: <p>{`${path} page`}</p> })),
  },
];

describe('AppLayout banners', () => {
  it('offers an unfinished person to finish setup on other pages, and the link opens the wizard', async () => {
    mockFetch({
      'GET /api/notifications': () => ({ json: { items: [], unread: 0 } }),
      'GET /api/conversations': () => ({ json: { items: [], unread: 0 } }),
    });
    const { router } = renderRoutes(routes, { path: '/instruments/abc', me: person(false, 'luthier') });
    expect(screen.getByText('/instruments/abc page')).toBeInTheDocument();
    const banner = await screen.findByRole('region', { name: 'Finish setting up' });
    expect(banner).toHaveTextContent('choose your handle and name your shop');
    await userEvent.click(screen.getByRole('link', { name: 'Finish setup' }));
    expect(router.state.location.pathname).toBe('/onboarding');
    expect(await screen.findByText('/onboarding page')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Finish setting up' })).toBeNull();
  });

  it('shows no banner once onboarding is finished', async () => {
    mockFetch({
      'GET /api/notifications': () => ({ json: { items: [], unread: 0 } }),
      'GET /api/conversations': () => ({ json: { items: [], unread: 0 } }),
    });
    renderRoutes(routes, { path: '/instruments/abc', me: person(true) });
    // The banner is lazy: with its module loaded and the lazy footer shown, a banner would be shown by now.
    await import('../../features/onboarding/setup-banner');
    expect(await screen.findByText('/instruments/abc page')).toBeInTheDocument();
    expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Finish setting up' })).toBeNull();
  });
});
