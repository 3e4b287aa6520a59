import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_KINDS } from '../../../contract/notifications';
import { SettingsPage } from '../../pages/settings';
import { privacyRoutes } from '../../test/registry-fixtures';
import { mockFetch, renderRoutes, renderWithProviders } from '../../test/render';

const account = {
  email: 'ada@example.test',
  displayName: 'Ada Lovelace',
  role: 'luthier',
  handle: 'ada',
  bio: 'Old bio',
  location: null,
  experience: null,
  interests: [],
  favoriteStyles: [],
  specialties: ['classical'],
  avatarUrl: null,
  shop: {
    name: 'Ada Guitars',
    slug: 'ada',
    bio: null,
    workshopBio: null,
    location: null,
    establishedYear: 2010,
    specializations: [],
    coverUrl: null as string | null,
    coverAlt: null,
    policies: 'Ships in a week.',
    published: true,
  },
};
const sessions = [
  {
    id: 'a'.repeat(32),
    createdAt: '2026-01-01T10:00:00Z',
    lastSeenAt: '2026-01-02T10:00:00Z',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130',
    ip: '127.0.0.1',
    current: true,
  },
  {
    id: 'b'.repeat(32),
    createdAt: '2026-01-01T10:00:00Z',
    lastSeenAt: '2026-01-01T10:00:00Z',
    userAgent: 'Mozilla/5.0 (iPhone) Safari/604',
    ip: '10.0.0.2',
    current: false,
  },
];

/**
 * What the settings page reads whatever the test does: the account, its sessions, mail preferences, passport
 * privacy and whether the current handle is free. A test overrides the ones it looks at.
 */
const settingsReads = {
  'GET /api/account': () => ({ json: account }),
  'GET /api/account/sessions': () => ({ json: sessions }),
  'GET /api/auth/me': () => ({ json: { user: null } }),
  'GET /api/account/notification-preferences': () => ({
    json: { mail: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, true])), kinds: [] },
  }),
  'GET /api/registry/privacy': () => ({ json: { ownerPrivacy: false, chosen: true } }),
  'GET /api/slug/check?kind=luthier&slug=ada': () => ({ json: { ok: true, slug: 'ada', suggestions: [] } }),
};

/** The settings page's passport-privacy card, once it is there. */
const privacySection = async () =>
  (await screen.findByRole('heading', { name: 'Passport privacy' })).closest('div')!.parentElement!;

describe('SettingsPage', () => {
  it('opened at #shop (the dashboard’s "Edit your shop"), scrolls to the shop card once it is there', async () => {
    mockFetch(settingsReads);
    // jsdom has no scrolling: record which element was asked to come into view.
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      renderRoutes([{ path: '/settings', element: <SettingsPage /> }], { path: '/settings#shop' });
      const heading = await screen.findByRole('heading', { name: 'Your shop' });
      await vi.waitFor(() => expect(scrolled).toHaveLength(1));
      expect(scrolled[0]).toHaveAttribute('id', 'shop');
      expect(scrolled[0]).toContainElement(heading);
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('saves the profile, lists sessions with this device marked and ends another', async () => {
    const calls = mockFetch({
      ...settingsReads,
      'PATCH /api/account/profile': () => ({ json: account }),
      [`DELETE /api/account/sessions/${'b'.repeat(32)}`]: () => ({ json: { ok: true } }),
    });
    renderWithProviders(<SettingsPage />);
    expect(await screen.findByRole('heading', { name: 'Your shop' })).toBeInTheDocument();
    expect(screen.getByLabelText('Shop name')).toHaveValue('Ada Guitars');
    const bio = screen.getByLabelText('Bio');
    await userEvent.clear(bio);
    await userEvent.type(bio, 'New bio');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
      displayName: 'Ada Lovelace',
      bio: 'New bio',
      specialties: ['classical'],
    });

    const current = (await screen.findByText('This device')).closest('li');
    expect(current && within(current).queryByRole('button')).toBeNull();
    expect(screen.getByText(/Safari on iPhone/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'End session' }));
    expect(await screen.findByText('Session ended')).toBeInTheDocument();
  });

  it('saves a blank established year as blank, not as this year', async () => {
    const calls = mockFetch({
      ...settingsReads,
      'PATCH /api/account/shop': () => ({
        json: { ...account, shop: { ...account.shop, establishedYear: null } },
      }),
    });
    renderWithProviders(<SettingsPage />);
    const year = await screen.findByLabelText('Established (year)');
    expect(year).toHaveValue('2010');
    await userEvent.clear(year);
    await userEvent.click(screen.getByRole('button', { name: 'Save shop' }));
    await screen.findByText('Shop saved');
    expect(calls.find((c) => c.method === 'PATCH' && c.url === '/api/account/shop')?.body).toMatchObject({
      name: 'Ada Guitars',
      establishedYear: null,
    });
  });

  it('saves shop policies with the shop, and uploads, describes and removes the cover', async () => {
    const coverUrl = '/media/00000000-0000-4000-8000-000000000001/1280.webp';
    let current = account;
    const calls = mockFetch({
      ...settingsReads,
      'GET /api/account': () => ({ json: current }),
      'PATCH /api/account/shop': () => ({ json: current }),
      'POST /api/account/shop/cover': () => {
        current = { ...account, shop: { ...account.shop, coverUrl } };
        return { json: { coverUrl } };
      },
      'DELETE /api/account/shop/cover': () => {
        current = account;
        return { json: { coverUrl: null } };
      },
    });
    renderWithProviders(<SettingsPage />);
    const policies = await screen.findByLabelText('Shop policies');
    expect(policies).toHaveValue('Ships in a week.');
    await userEvent.clear(policies);
    await userEvent.type(policies, 'Returns within 14 days.');
    await userEvent.click(screen.getByRole('button', { name: 'Save shop' }));
    await screen.findByText('Shop saved');
    expect(calls.find((c) => c.method === 'PATCH' && c.url === '/api/account/shop')?.body).toMatchObject({
      policies: 'Returns within 14 days.',
    });

    expect(screen.getByText(/No cover yet/)).toBeInTheDocument();
    const file = new File(['x'], 'bench.jpg', { type: 'image/jpeg' });
    await userEvent.upload(screen.getByLabelText('Choose a cover image'), file);
    expect(await screen.findByRole('img', { name: 'Your shop cover' })).toHaveAttribute('src', coverUrl);
    expect(screen.getByRole('button', { name: 'Replace the cover' })).toBeInTheDocument();

    await userEvent.type(
      screen.getByLabelText('What the cover shows (for people who cannot see it)'),
      'Guitars​ on the bench',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save description' }));
    expect(screen.getByText('Remove invisible or unusual characters.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove the cover' }));
    expect(await screen.findByText(/No cover yet/)).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/account/shop/cover').map((c) => c.method)).toEqual([
      'POST',
      'DELETE',
    ]);
  });

  it("checks a form with the server's schema before sending: the same messages, in place, and no request", async () => {
    const calls = mockFetch({
      ...settingsReads,
    });
    renderWithProviders(<SettingsPage />);
    await userEvent.type(await screen.findByLabelText('New password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('Enter your current password.')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    const year = screen.getByLabelText('Established (year)');
    await userEvent.clear(year);
    await userEvent.type(year, '1200');
    await userEvent.click(screen.getByRole('button', { name: 'Save shop' }));
    expect(screen.getByText('Enter a year after 1500.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('says which name holds an invisible character, before sending anything', async () => {
    const calls = mockFetch({
      ...settingsReads,
    });
    renderWithProviders(<SettingsPage />);
    const name = await screen.findByLabelText('Shop name');
    await userEvent.clear(name);
    // A zero-width joiner between two words: it looks like "Ada Guitars" and is not.
    await userEvent.type(name, 'Ada\u200d Guitars');
    await userEvent.click(screen.getByRole('button', { name: 'Save shop' }));
    expect(screen.getByText('Remove invisible or unusual characters.')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('says that a password change cancels mailed links, and signs out everywhere', async () => {
    const calls = mockFetch({
      ...settingsReads,
      'DELETE /api/account/sessions': () => ({ json: { ok: true } }),
    });
    renderWithProviders(<SettingsPage />);
    expect(
      await screen.findByText(
        'Changing it signs you out everywhere else and cancels every link we mailed before: email changes, confirmations and password resets.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'You sign in with ada@example.test. A new address takes effect once you open the link we send to it; ada@example.test then gets a link to undo the change for 7 days.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('Signed out everywhere')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/account/sessions']);
  });

  it('shows the field error of a wrong current password', async () => {
    mockFetch({
      ...settingsReads,
      'GET /api/slug/check?kind=user&slug=ada': () => ({ json: { ok: true, slug: 'ada', suggestions: [] } }),
      'GET /api/account': () => ({ json: { ...account, shop: null } }),
      'GET /api/account/sessions': () => ({ json: [] }),
      'POST /api/account/password': () => ({
        status: 401,
        json: {
          error: 'That password is not correct.',
          code: 'UNAUTHENTICATED',
          fields: { currentPassword: 'That password is not correct.' },
        },
      }),
    });
    renderWithProviders(<SettingsPage />);
    await userEvent.type(await screen.findByLabelText('Current password'), 'wrong');
    await userEvent.type(screen.getByLabelText('New password'), 'a new passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findAllByText('That password is not correct.')).toHaveLength(2);
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('heading', { name: 'Your shop' })).not.toBeInTheDocument();
  });
});

describe('the handle card', () => {
  it('changes the handle once the new one is free, and says where the old address leads until when', async () => {
    const calls = mockFetch({
      ...settingsReads,
      'GET /api/slug/check?kind=luthier&slug=ada': () => ({
        json: { ok: true, slug: 'ada', suggestions: [] },
      }),
      'GET /api/slug/check?kind=luthier&slug=mara-wood': () => ({
        json: { ok: false, slug: 'mara-wood', reason: 'taken', suggestions: ['ada-lovelace-guitars'] },
      }),
      'GET /api/slug/check?kind=luthier&slug=ada-guitars': () => ({
        json: { ok: true, slug: 'ada-guitars', suggestions: [] },
      }),
      'POST /api/account/handle': () => ({
        json: { handle: 'ada-guitars', previousHandle: 'ada', heldUntil: '2027-05-23T10:00:00.000Z' },
      }),
    });
    renderWithProviders(<SettingsPage />);
    const card = (await screen.findByRole('heading', { name: 'Handle' })).closest('div')!.parentElement!;
    expect(within(card).getByText(/Your public address is \/l\/ada\./)).toBeInTheDocument();
    expect(within(card).getByText('This is your handle.')).toBeInTheDocument();
    const change = within(card).getByRole('button', { name: 'Change handle' });
    expect(change).toBeDisabled();

    const input = within(card).getByLabelText('Your handle');
    await userEvent.clear(input);
    await userEvent.type(input, 'mara-wood');
    expect(
      await within(card).findByText('That handle is taken or on hold—try one of the suggestions below.'),
    ).toBeInTheDocument();
    expect(change).toBeDisabled();
    expect(within(card).getByRole('button', { name: 'ada-lovelace-guitars' })).toBeInTheDocument();

    await userEvent.clear(input);
    await userEvent.type(input, 'Ada Guitars');
    expect(await within(card).findByText('Available! 🎉')).toBeInTheDocument();
    await userEvent.click(change);
    expect(await screen.findByText('Handle changed')).toBeInTheDocument();
    expect(
      screen.getByText(`Your page is now /l/ada-guitars. /l/ada sends visitors there until May 23, 2027.`),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ handle: 'ada-guitars' }]);
  });

  it('shows a person who never chose as a private owner, and saves the choice to be named', async () => {
    const calls = mockFetch({ ...settingsReads, ...privacyRoutes() });
    renderWithProviders(<SettingsPage />);
    const section = await privacySection();
    // Never chose: shown as a private owner, but no radio claims that they chose it.
    expect(await within(section).findByRole('radio', { name: /Private owner/ })).not.toBeChecked();
    expect(within(section).getByRole('radio', { name: /Show my name/ })).not.toBeChecked();
    expect(
      within(section).getByText('You have not chosen yet, so you are shown as a private owner.'),
    ).toBeInTheDocument();
    expect(
      within(section).getByText('Visitors of your passports see “Private owner”, never your name.'),
    ).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('radio', { name: /Show my name/ }));
    expect(await within(section).findByText('You chose: show my name.')).toBeInTheDocument();
    expect(
      within(section).getByText('Visitors of your passports see your display name and city.'),
    ).toBeInTheDocument();
    expect(within(section).getByRole('radio', { name: /Show my name/ })).toBeChecked();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ ownerPrivacy: false });
  });

  it('records the choice to stay private for someone who never chose', async () => {
    const calls = mockFetch({ ...settingsReads, ...privacyRoutes() });
    renderWithProviders(<SettingsPage />);
    const section = await privacySection();
    await userEvent.click(await within(section).findByRole('radio', { name: /Private owner/ }));
    expect(await within(section).findByText('You chose: Private owner.')).toBeInTheDocument();
    expect(within(section).getByRole('radio', { name: /Private owner/ })).toBeChecked();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ ownerPrivacy: true }]);
  });

  it('keeps a refused privacy choice off: the radio returns to what the server holds', async () => {
    mockFetch({
      ...settingsReads,
      'GET /api/registry/privacy': () => ({ json: { ownerPrivacy: true, chosen: false } }),
      'PUT /api/registry/privacy': () => ({
        status: 503,
        json: { error: 'The service is busy. Try again shortly.', code: 'UNAVAILABLE' },
      }),
    });
    renderWithProviders(<SettingsPage />);
    const section = await privacySection();
    await userEvent.click(await within(section).findByRole('radio', { name: /Show my name/ }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('The service is busy');
    // Back to what the server holds: no choice yet.
    expect(within(section).getByRole('radio', { name: /Private owner/ })).not.toBeChecked();
    expect(within(section).getByRole('radio', { name: /Show my name/ })).not.toBeChecked();
    expect(
      within(section).getByText('You have not chosen yet, so you are shown as a private owner.'),
    ).toBeInTheDocument();
  });
});
