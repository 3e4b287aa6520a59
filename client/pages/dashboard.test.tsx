import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { registryReads, transferFixture } from '../test/registry-fixtures';
import { mockFetch, renderWithProviders, testUser } from '../test/render';
import { DashboardPage } from './dashboard';

const me = testUser({ role: 'luthier', handle: 'sam' });

describe('DashboardPage', () => {
  it('shows incoming and outgoing offers, the shop and the register button; accepting posts to the API', async () => {
    let accepted = false;
    const calls = mockFetch({
      'GET /api/lms/my-courses': () => ({ json: [] }),
      ...registryReads({
        me: {
          shop: { name: 'Carter Strings', slug: 'sam', published: true, verified: false },
          ownerPrivacy: false,
          ownerPrivacyChosen: true,
        },
        transfers: () =>
          accepted
            ? { incoming: [], outgoing: [] }
            : {
                incoming: [transferFixture()],
                outgoing: [
                  transferFixture({
                    id: 't2',
                    direction: 'outgoing',
                    toLabel: '@bea',
                    instrument: { ...transferFixture().instrument, id: 'i2', name: 'Porch Banjo' },
                  }),
                ],
              },
      }),
      'POST /api/registry/transfers/t1/accept': () => {
        accepted = true;
        return { json: transferFixture({ status: 'accepted' }) };
      },
    });
    renderWithProviders(<DashboardPage />, { me });
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, Sam' })).toBeInTheDocument();
    const offer = await screen.findByRole('article', { name: 'Transfer of Amber Violin' });
    expect(offer).toHaveTextContent('From Elena Marquez · Purchase · £8,200');
    expect(screen.getByRole('article', { name: 'Transfer of Porch Banjo' })).toHaveTextContent('To @bea');
    expect(screen.getByRole('button', { name: 'Cancel offer' })).toBeInTheDocument();
    expect(screen.getByText('Not verified yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit your shop' })).toHaveAttribute('href', '/settings#shop');
    // A person with a shop can teach.
    expect(screen.getByRole('link', { name: 'Teach' })).toHaveAttribute('href', '/teach');
    expect(await screen.findByRole('heading', { name: 'Continue learning' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start learning' })).toHaveAttribute('href', '/explore');
    expect(screen.getByRole('link', { name: 'Register instrument' })).toHaveAttribute(
      'href',
      '/instruments/new',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Transfer of Amber Violin' })).not.toBeInTheDocument(),
    );
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/t1/accept'))).toBe(true);
  });

  it('greets a brand-new person with "Welcome", not "Welcome back"', async () => {
    mockFetch({
      'GET /api/lms/my-courses': () => ({ json: [] }),
      ...registryReads(),
    });
    renderWithProviders(<DashboardPage />, { me: { ...me, role: 'user', returning: false } });
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Sam' })).toBeInTheDocument();
    expect(screen.queryByText(/Welcome back/)).toBeNull();
    // Without a shop there is nothing to teach from.
    await screen.findByRole('heading', { name: 'Your instruments' });
    expect(screen.queryByRole('link', { name: 'Teach' })).toBeNull();
  });
});
