import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_KINDS,
  NOTIFICATION_KINDS,
  SHOP_KINDS,
  type NotificationKind,
  type NotificationList,
} from '../../../contract/notifications';
import { mockFetch, renderWithProviders, testUser } from '../../test/render';
import { NotificationBell } from './notification-bell';
import { NotificationPreferencesSection as PreferencesTestHost } from './preferences-section';

const inbox = (unread: number): NotificationList => ({
  unread,
  items: [
    {
      id: 'a',
      type: 'password_changed',
      title: 'Your password was changed',
      body: 'If this was not you, reset it now.',
      link: '/settings',
      createdAt: '2026-11-20T10:00:00.000Z',
      readAt: null,
      canReply: false,
    },
    {
      id: 'b',
      type: 'offer_received',
      title: 'An offer for Blue Guitar',
      body: 'Maker offered you an instrument.',
      link: null,
      createdAt: '2026-11-19T10:00:00.000Z',
      readAt: '2026-11-19T11:00:00.000Z',
      canReply: false,
    },
  ],
});

/** What the server offers a member with a shop: everything but the admins' kinds. */
const memberKinds = NOTIFICATION_KINDS.filter((kind) => !ADMIN_KINDS.includes(kind));

/** The preferences GET answers: every kind, mailed unless `off` says otherwise. */
const everyKind = (off: Partial<Record<NotificationKind, boolean>>) =>
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, off[kind] ?? true]));

describe('NotificationBell', () => {
  it('names the unread count and opens the inbox; opening an entry marks it read', async () => {
    let unread = 3;
    const calls = mockFetch({
      'GET /api/notifications': () => ({ json: inbox(unread) }),
      'POST /api/notifications/a/read': () => {
        unread = 2;
        return { json: { ok: true } };
      },
      'POST /api/notifications/read-all': () => {
        unread = 0;
        return { json: { ok: true } };
      },
    });
    renderWithProviders(<NotificationBell />, { me: testUser({ id: '1' }) });
    const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' }, { timeout: 5000 });
    expect(bell).toHaveTextContent('3');
    await userEvent.click(bell);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Your password was changed')).toBeInTheDocument();
    expect(within(dialog).getByText('An offer for Blue Guitar')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /see all notifications/i })).toHaveAttribute(
      'href',
      '/notifications',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark all read' }));
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/notifications/read-all')).toBe(true);
    expect(await screen.findByRole('button', { name: 'Notifications, none unread' })).toBeInTheDocument();
  });

  it('opening an unread entry marks it read', async () => {
    const calls = mockFetch({
      'GET /api/notifications': () => ({ json: inbox(1) }),
      'POST /api/notifications/a/read': () => ({ json: { ok: true } }),
    });
    renderWithProviders(<NotificationBell />, { me: testUser({ id: '1' }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await userEvent.click(await screen.findByRole('link', { name: /your password was changed/i }));
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/notifications/a/read')).toBe(true);
  });
});

describe('notification mail preferences', () => {
  it('shows every kind a member with a shop can get, keeps security notices on, and saves a change', async () => {
    const calls = mockFetch({
      'GET /api/account/notification-preferences': () => ({
        json: { mail: everyKind({ shop_message: false }), kinds: memberKinds },
      }),
      'PUT /api/account/notification-preferences': () => ({
        json: { mail: everyKind({ offer_received: false, shop_message: false }), kinds: memberKinds },
      }),
    });
    renderWithProviders(<PreferencesTestHost />, { me: testUser({ id: '1' }) });
    const offers = await screen.findByRole('checkbox', { name: /an ownership offer is made to you/i });
    expect(offers).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /a message to your shop/i })).not.toBeChecked();
    const password = screen.getByRole('checkbox', { name: /your password is changed/i });
    expect(password).toBeChecked();
    expect(password).toBeDisabled();
    await userEvent.click(offers);
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ mail: { offer_received: false } });
    // What only admins receive is not offered to anyone else.
    expect(screen.queryByRole('checkbox', { name: /contact page/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /witness refuses/i })).not.toBeInTheDocument();
    expect(screen.queryByText(/offered once you have a shop/)).not.toBeInTheDocument();
  });

  it('offers someone without a shop only what can happen to them, and says where the rest comes from', async () => {
    mockFetch({
      'GET /api/account/notification-preferences': () => ({
        json: {
          mail: everyKind({}),
          kinds: memberKinds.filter((kind) => !SHOP_KINDS.includes(kind)),
        },
      }),
    });
    renderWithProviders(<PreferencesTestHost />, { me: testUser({ id: '1', role: 'user' }) });
    expect(await screen.findByRole('checkbox', { name: /an ownership offer is made to you/i })).toBeChecked();
    for (const shopOnly of [/a message to your shop/i, /names your shop/i, /your service record is/i])
      expect(screen.queryByRole('checkbox', { name: shopOnly })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'An instrument of yours is verified' })).toBeChecked();
    expect(
      screen.getByText(/Mail about a shop \(messages to it, service records that name it\) is offered once/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open your shop' })).toHaveAttribute('href', '#open-shop');
  });

  it('offers an admin the admins’ kinds too', async () => {
    mockFetch({
      'GET /api/account/notification-preferences': () => ({
        json: { mail: everyKind({}), kinds: [...NOTIFICATION_KINDS] },
      }),
    });
    renderWithProviders(<PreferencesTestHost />, { me: testUser({ id: '1', role: 'admin' }) });
    expect(
      await screen.findByRole('checkbox', { name: 'A message through the contact page (admins)' }),
    ).toBeChecked();
    expect(
      screen.getByRole('checkbox', {
        name: 'A witness refuses the transparency log as inconsistent (admins)',
      }),
    ).toBeChecked();
    expect(screen.getAllByRole('checkbox')).toHaveLength(NOTIFICATION_KINDS.length);
  });
});
