import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { NotificationList } from '../../../contract/notifications';
import { mockFetch, renderWithProviders, testUser } from '../../test/render';
import { InboxList } from './inbox-list';

const RECORD = '22222222-2222-4222-8222-222222222222';
const entry = (status: 'pending' | 'confirmed' | 'declined'): NotificationList => ({
  unread: status === 'pending' ? 1 : 0,
  items: [
    {
      id: 'claim-1',
      type: 'service_claim',
      title: 'Did Oak Workshop service Amber Violin?',
      body: 'The owner of "Amber Violin" recorded a setup on 2026-10-01 by your shop.',
      link: '/p/LR-AAAA-BBBB',
      createdAt: '2026-11-20T10:00:00.000Z',
      readAt: status === 'pending' ? null : '2026-11-20T11:00:00.000Z',
      canReply: false,
      serviceClaim: { recordId: RECORD, status },
    },
  ],
});

describe('a service record naming your shop, in the inbox', () => {
  it.each([
    ['Confirm', 'confirm'],
    ['Decline', 'decline'],
  ])('%s sends the answer for that record', async (button, action) => {
    const calls = mockFetch({
      'GET /api/notifications': () => ({ json: entry('pending') }),
      [`POST /api/registry/service-records/${RECORD}/${action}`]: () => ({ json: { ok: true } }),
    });
    renderWithProviders(<InboxList />, { me: testUser({ id: '1' }) });
    const answer = await screen.findByRole('button', { name: button });
    expect(answer).toHaveAccessibleDescription('Did Oak Workshop service Amber Violin?');
    await userEvent.click(answer);
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.endsWith(`/${RECORD}/${action}`))).toBe(true),
    );
  });

  it('says what the passport shows once answered, without buttons', async () => {
    mockFetch({ 'GET /api/notifications': () => ({ json: entry('declined') }) });
    renderWithProviders(<InboxList />, { me: testUser({ id: '1' }) });
    expect(
      await screen.findByText(
        'You declined this service: the passport shows it as not confirmed by your shop.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
  });

  it('shows the server’s sentence when the answer is refused', async () => {
    mockFetch({
      'GET /api/notifications': () => ({ json: entry('pending') }),
      [`POST /api/registry/service-records/${RECORD}/confirm`]: () => ({
        status: 409,
        json: { error: 'Your shop has already answered this record.', code: 'CONFLICT' },
      }),
    });
    renderWithProviders(<InboxList />, { me: testUser({ id: '1' }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your shop has already answered this record.');
  });
});
