import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ContactMessage } from '../../../contract/contact';
import { mockFetch, renderWithProviders } from '../../test/render';
import { ContactMessagesPanel } from './contact-messages';

const ID_A = '3f1c2b7e-4a5d-4e6f-8a9b-0c1d2e3f4a5b';
const ID_B = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const base = { memberHandle: null, handledAt: null, handledBy: null } as const;

describe('Messages from the contact page', () => {
  it('an admin marks an open message handled; it moves under Handled with their name, and reopens', async () => {
    let messages: ContactMessage[] = [
      {
        ...base,
        id: ID_A,
        name: 'Sam Buyer',
        email: 'sam@example.test',
        message: 'Wrong year on a passport.',
        createdAt: '2026-11-26T10:00:00.000Z',
      },
      {
        ...base,
        id: ID_B,
        name: 'Rosa',
        email: 'rosa@example.test',
        message: 'How do I list a viola?',
        createdAt: '2026-11-25T10:00:00.000Z',
      },
    ];
    const calls = mockFetch({
      'GET /api/admin/contact-messages': () => ({ json: messages }),
      [`PUT /api/admin/contact-messages/${ID_A}/handled`]: (body) => {
        const { handled } = body as { handled: boolean };
        messages = messages.map((m) =>
          m.id === ID_A
            ? {
                ...m,
                handledAt: handled ? '2026-11-26T12:00:00.000Z' : null,
                handledBy: handled ? 'Ada Admin' : null,
              }
            : m,
        );
        return { json: messages.find((m) => m.id === ID_A)! };
      },
    });
    renderWithProviders(<ContactMessagesPanel />);
    expect(await screen.findByRole('heading', { name: 'Open (2)' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Handled/ })).not.toBeInTheDocument();
    const sam = screen.getByRole('article', { name: 'Message from Sam Buyer' });
    expect(within(sam).getByText('Open: nobody has marked it handled yet.')).toBeInTheDocument();

    await userEvent.click(within(sam).getByRole('button', { name: 'Mark handled: message from Sam Buyer' }));
    expect(await screen.findByRole('heading', { name: 'Handled (1)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Open (1)' })).toBeInTheDocument();
    const handled = screen.getByRole('article', { name: 'Message from Sam Buyer' });
    expect(handled).toHaveTextContent(/Handled by Ada Admin on/);
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ handled: true }]);

    await userEvent.click(within(handled).getByRole('button', { name: 'Reopen: message from Sam Buyer' }));
    expect(await screen.findByRole('heading', { name: 'Open (2)' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Handled/ })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { handled: true },
      { handled: false },
    ]);
  });

  it('says so when every message is handled', async () => {
    mockFetch({
      'GET /api/admin/contact-messages': () => ({
        json: [
          {
            ...base,
            id: ID_A,
            name: 'Sam Buyer',
            email: 'sam@example.test',
            message: 'Wrong year on a passport.',
            createdAt: '2026-11-26T10:00:00.000Z',
            handledAt: '2026-11-26T12:00:00.000Z',
            handledBy: null,
          },
        ],
      }),
    });
    renderWithProviders(<ContactMessagesPanel />);
    expect(await screen.findByText('Every message has been handled.')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Message from Sam Buyer' })).toHaveTextContent(
      /Handled by a former admin on/,
    );
  });
});
