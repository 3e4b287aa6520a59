import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderRoutes } from '../test/render';
import { UndoEmailChangePage } from './undo-email-change';

const routes = [{ path: '/undo-email-change', element: <UndoEmailChangePage /> }];

describe('UndoEmailChangePage', () => {
  it('says what undoing does, sends nothing until confirmed, then says where the reset link went', async () => {
    const calls = mockFetch({
      'POST /api/auth/email-change/undo': () => ({ json: { ok: true, email: 'ada@example.test' } }),
    });
    renderRoutes(routes, { path: '/undo-email-change?token=abc' });
    expect(screen.getByRole('heading', { level: 1, name: 'Undo the email change' })).toBeInTheDocument();
    expect(screen.getByText('every device is signed out;')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/auth/email-change/undo')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Undo the change and secure my account' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(
      "Done: ada@example.test is your account's address again and every device was signed out. We sent a link to ada@example.test: open it within 60 minutes to choose a new password.",
    );
    expect(status).toHaveFocus();
    expect(screen.queryByRole('button', { name: /Undo the change/ })).not.toBeInTheDocument();
    const sent = calls.filter((c) => c.url === '/api/auth/email-change/undo');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ token: 'abc' });
  });

  it('explains a used or expired link and keeps the button for another try', async () => {
    mockFetch({
      'POST /api/auth/email-change/undo': () => ({
        status: 400,
        json: { error: 'This link is invalid, used or more than 7 days old.', code: 'VALIDATION_FAILED' },
      }),
    });
    renderRoutes(routes, { path: '/undo-email-change?token=old' });
    await userEvent.click(screen.getByRole('button', { name: 'Undo the change and secure my account' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This link is invalid, used or more than 7 days old.');
    expect(alert).toHaveFocus();
  });

  it('an incomplete link says so and offers no button', () => {
    mockFetch({});
    renderRoutes(routes, { path: '/undo-email-change' });
    expect(screen.getByText(/This link is incomplete/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Undo the change/ })).not.toBeInTheDocument();
  });
});
