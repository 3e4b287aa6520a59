import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { EMAIL_UNVERIFIED } from '../../contract/conversations';
import { ApiError } from '../lib/api';
import { mockFetch, renderWithProviders } from '../test/render';
import { MessageSendError } from './message-send-error';

// writing to a shop before confirming the address says so, and offers the link again.
describe('MessageSendError', () => {
  it('shows the server’s words and, for an unconfirmed address, sends the link again', async () => {
    const calls = mockFetch({
      'POST /api/auth/verify-email/resend': () => ({ json: { ok: true, alreadyVerified: false } }),
    });
    const error = new ApiError(
      403,
      JSON.stringify({
        error: 'Please confirm your email address before writing to a shop.',
        code: EMAIL_UNVERIFIED,
      }),
      'Forbidden',
    );
    renderWithProviders(<MessageSendError error={error} fallback="The message could not be sent." />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please confirm your email address before writing to a shop.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send the confirmation link again' }));
    expect(await screen.findByText(/A new link is on its way/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/api/auth/verify-email/resend'))).toBe(
      true,
    );
  });

  it('offers no link for any other failure', () => {
    mockFetch({});
    const error = new ApiError(
      429,
      JSON.stringify({ error: 'Too many attempts.', code: 'RATE_LIMITED' }),
      'x',
    );
    renderWithProviders(<MessageSendError error={error} fallback="The message could not be sent." />);
    expect(screen.getByRole('alert')).toHaveTextContent('Too many attempts.');
    // (A toast left by the test before may still hold a Close button: only the offer itself counts.)
    expect(
      screen.queryByRole('button', { name: 'Send the confirmation link again' }),
    ).not.toBeInTheDocument();
  });
});
