import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { VerifyEmailBanner } from '../features/auth/verify-email-banner';
import { BUYER_OFFER, transferFixture } from '../test/registry-fixtures';
import { mockFetch, renderRoutes, renderWithProviders, testUser } from '../test/render';
import { VerifyEmailPage } from './verify-email';

const routes = [{ path: '/verify-email', element: <VerifyEmailPage /> }];

describe('VerifyEmailPage', () => {
  it('follows the link once and says the address is confirmed', async () => {
    const calls = mockFetch({
      'POST /api/auth/verify-email': () => ({
        json: { ok: true, email: 'ada@example.test', changed: false },
      }),
      // A confirmed address changes who is signed in: the page asks again (a guest who followed a mailed link).
      'GET /api/auth/me': () => ({ json: { user: null } }),
    });
    renderRoutes(routes, { path: '/verify-email?token=abc' });
    // The spinner is a status too: wait for the answer's own words.
    expect(await screen.findByText('Thank you: ada@example.test is confirmed.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(calls.filter((c) => c.url === '/api/auth/verify-email')).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ token: 'abc' });
  });

  it('leads a buyer who signed up from an offer back to it once the address is confirmed', async () => {
    const buyer = testUser({
      email: 'buyer@example.test',
      displayName: 'New Buyer',
      firstName: 'New',
      lastName: 'Buyer',
      onboardingComplete: false,
      emailVerified: false,
      returning: false,
    });
    mockFetch({
      'POST /api/auth/verify-email': () => ({
        json: { ok: true, email: 'buyer@example.test', changed: false },
      }),
      'GET /api/auth/me': () => ({ json: { user: { ...buyer, emailVerified: true } } }),
      'GET /api/registry/transfers': () => ({
        json: { incoming: [transferFixture(BUYER_OFFER)], outgoing: [] },
      }),
    });
    renderRoutes(routes, {
      path: '/verify-email?token=abc',
      me: buyer,
    });
    expect(await screen.findByRole('link', { name: 'Answer the offer of Amber Violin' })).toHaveAttribute(
      'href',
      '/transfers/t1',
    );
  });

  it('explains a used or expired link', async () => {
    mockFetch({
      'POST /api/auth/verify-email': () => ({
        status: 400,
        json: { error: 'This link is invalid, used or expired.', code: 'VALIDATION_FAILED' },
      }),
    });
    renderRoutes(routes, { path: '/verify-email?token=old' });
    expect(await screen.findByRole('alert')).toHaveTextContent('invalid, used or expired');
  });

  it('the banner sends a new link', async () => {
    const calls = mockFetch({
      'POST /api/auth/verify-email/resend': () => ({ json: { ok: true, alreadyVerified: false } }),
    });
    renderWithProviders(<VerifyEmailBanner email="ada@example.test" />);
    expect(screen.getByRole('region', { name: 'Confirm your email' })).toHaveTextContent('ada@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Resend the link' }));
    expect(await screen.findByText('A new link is on its way.')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });
});
