import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderRoutes, testUser } from '../test/render';
import { TransferPage } from './transfer';

const routes = [{ path: '/transfers/:id', element: <TransferPage /> }];
const me = (emailVerified: boolean) =>
  testUser({
    email: 'buyer@example.test',
    displayName: 'New Buyer',
    firstName: 'New',
    lastName: 'Buyer',
    onboardingComplete: false,
    emailVerified,
    returning: false,
  });
const notYours = () => ({ status: 404, json: { error: 'Not found', code: 'NOT_FOUND' } });

describe('TransferPage', () => {
  it('tells a buyer whose address is not confirmed to confirm it, and sends the link again', async () => {
    const calls = mockFetch({
      'GET /api/registry/transfers/t1': notYours,
      'POST /api/auth/verify-email/resend': () => ({ json: { ok: true, alreadyVerified: false } }),
    });
    renderRoutes(routes, { path: '/transfers/t1', me: me(false) });
    expect(await screen.findByText('Confirm your email to answer this offer.')).toBeInTheDocument();
    expect(screen.getByText('buyer@example.test')).toBeInTheDocument();
    expect(screen.queryByText(/not addressed to you/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('A new link is on its way.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(true);
  });

  it('shows the offer with a link to the public passport once the offer is the viewer’s', async () => {
    mockFetch({
      'GET /api/registry/transfers/t1': () => ({
        json: {
          id: 't1',
          instrument: { id: 'i1', name: 'Amber Violin', passportCode: 'LR-AAAA-BBBB', imageUrl: null },
          direction: 'incoming',
          fromName: 'Marquez Violins',
          method: 'purchase',
          price: null,
          status: 'pending',
          expiresAt: '2026-12-10T00:00:00.000Z',
          createdAt: '2026-11-26T00:00:00.000Z',
        },
      }),
    });
    renderRoutes(routes, { path: '/transfers/t1', me: me(true) });
    expect(await screen.findByRole('link', { name: 'public passport LR-AAAA-BBBB' })).toHaveAttribute(
      'href',
      '/p/LR-AAAA-BBBB',
    );
  });
});
