import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { NotificationList } from '../../../contract/notifications';
import { mockFetch, renderWithProviders, testUser } from '../../test/render';
import { InboxList } from './inbox-list';

const inbox: NotificationList = {
  unread: 1,
  items: [
    {
      id: 'msg-1',
      type: 'shop_message',
      title: 'Vic Visitor wrote to Taller',
      body: 'Could you build me a flamenco guitar?',
      link: '/u/vic-visitor',
      createdAt: '2026-11-20T10:00:00.000Z',
      readAt: null,
      canReply: true,
    },
    {
      id: 'pw-1',
      type: 'password_changed',
      title: 'Your password was changed',
      body: 'If this was not you, reset it now.',
      link: '/settings',
      createdAt: '2026-11-19T10:00:00.000Z',
      readAt: null,
      canReply: false,
    },
  ],
};

describe('replying to a message in the inbox', () => {
  it('offers Reply only on messages; the form checks the text in place, sends it and says so', async () => {
    const calls = mockFetch({
      'GET /api/notifications': () => ({ json: inbox }),
      'POST /api/notifications/msg-1/reply': () => ({ json: { ok: true } }),
    });
    renderWithProviders(<InboxList />, { me: testUser({ id: '1' }) });
    const replyButton = await screen.findByRole('button', { name: 'Reply' });
    // One Reply, described by the message it answers.
    expect(screen.getAllByRole('button', { name: 'Reply' })).toHaveLength(1);
    expect(replyButton).toHaveAccessibleDescription('Vic Visitor wrote to Taller');
    expect(replyButton).toHaveAttribute('aria-expanded', 'false');

    // Keyboard: focus the button and open it with Enter; the text field takes focus.
    replyButton.focus();
    await userEvent.keyboard('{Enter}');
    expect(replyButton).toHaveAttribute('aria-expanded', 'true');
    const form = screen.getByRole('form', { name: 'Reply' });
    const field = within(form).getByLabelText('Your reply');
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('maxlength', '2000');
    expect(field).toHaveAccessibleDescription(/10–2,000 characters \(0 written\)/);

    // Too short: the schema's message beside the field, announced, and nothing is sent.
    await userEvent.type(field, 'Yes!');
    await userEvent.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Write at least 10 characters.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.url.endsWith('/reply'))).toBe(false);

    await userEvent.type(field, ' I can build one next spring.');
    expect(field).toHaveAccessibleDescription(/\(33 written\)/);
    await userEvent.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Reply sent');
    const sent = calls.find((c) => c.method === 'POST' && c.url === '/api/notifications/msg-1/reply');
    expect(sent?.body).toEqual({ message: 'Yes! I can build one next spring.' });
  });

  it("shows the server's refusal in place, and Cancel (or Escape) closes the form and returns focus", async () => {
    mockFetch({
      'GET /api/notifications': () => ({ json: inbox }),
      'POST /api/notifications/msg-1/reply': () => ({
        status: 429,
        json: { error: 'Too many replies. Try again in an hour.', code: 'RATE_LIMITED' },
      }),
    });
    renderWithProviders(<InboxList />, { me: testUser({ id: '1' }) });
    const replyButton = await screen.findByRole('button', { name: 'Reply' });
    await userEvent.click(replyButton);
    const form = screen.getByRole('form', { name: 'Reply' });
    await userEvent.type(within(form).getByLabelText('Your reply'), 'Thank you for writing to me.');
    await userEvent.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Too many replies. Try again in an hour.',
    );
    // Refused: no "Reply sent" (a toast from an earlier test may still be in the shared document).
    expect(screen.queryByText(/Reply sent/)).not.toBeInTheDocument();

    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Reply' })).not.toBeInTheDocument();
    expect(replyButton).toHaveFocus();
    expect(replyButton).toHaveAttribute('aria-expanded', 'false');

    await userEvent.keyboard('{Enter}');
    expect(screen.getByLabelText('Your reply')).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('form', { name: 'Reply' })).not.toBeInTheDocument();
    expect(replyButton).toHaveFocus();
  });
});
