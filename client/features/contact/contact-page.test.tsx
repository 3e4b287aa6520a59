import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ContactPage } from '../../pages/contact';
import { mockFetch, renderWithProviders, testUser } from '../../test/render';

const me = testUser({ handle: 'sam' });

describe('/contact', () => {
  it('names the operator with their address, and sends a member’s message with their name and address', async () => {
    const calls = mockFetch({
      'GET /api/public/contact': () => ({
        json: { name: 'Tonewood Guild e.V.', email: 'registry@guild.example' },
      }),
      'POST /api/public/contact': () => ({ json: { ok: true } }),
    });
    renderWithProviders(<ContactPage />, { me });
    expect(await screen.findByText('Tonewood Guild e.V.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'registry@guild.example' })).toHaveAttribute(
      'href',
      'mailto:registry@guild.example',
    );
    expect(screen.getByLabelText('Your name')).toHaveValue('Sam Carter');
    expect(screen.getByLabelText('Your email address')).toHaveValue('sam@example.test');

    // Checked like the server before anything is sent.
    await userEvent.type(screen.getByLabelText('Message'), 'Too short');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Write at least 10 characters.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Message'), ', now a real question.');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Thank you, your message reached the registry’s admins. They answer at sam@example.test.',
    );
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { name: 'Sam Carter', email: 'sam@example.test', message: 'Too short, now a real question.' },
    ]);
  });

  it('names an operator without a published address, and shows the server’s refusal', async () => {
    mockFetch({
      'GET /api/public/contact': () => ({ json: { name: 'The Luthier Registry team', email: null } }),
      'POST /api/public/contact': () => ({
        status: 429,
        json: { error: 'Too many requests. Try again in 40 minutes.', code: 'RATE_LIMITED' },
      }),
    });
    renderWithProviders(<ContactPage />);
    expect(await screen.findByText('The Luthier Registry team')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /@/ })).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Your name'), 'Rosa');
    await userEvent.type(screen.getByLabelText('Your email address'), 'rosa@example.test');
    await userEvent.type(screen.getByLabelText('Message'), 'A question about a passport.');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Try again in 40 minutes.');
    expect(screen.getByLabelText('Message')).toHaveValue('A question about a passport.');
  });
});
