import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AUTH_OPEN_EVENT } from '../../lib/auth';
import { ShopProfilePage } from '../../pages/shop-profile';
import { UserProfilePage } from '../../pages/user-profile';
import type { ShopCard } from '../../../contract/profiles';
import { mockFetch, renderRoutes, renderWithProviders, testUser } from '../../test/render';
import { MakerCard } from './maker-card';

const routes = [
  { path: '/u/:slug', element: <UserProfilePage /> },
  { path: '/l/:slug', element: <ShopProfilePage /> },
];

/** A shop with one listed instrument and nothing else. */
const askInstrument = {
  id: 'i9',
  passportCode: 'LR-SALE-0001',
  name: 'Listed Mandolin',
  instrumentType: 'mandolin',
  yearMade: 2024,
  verified: false,
  imageUrl: null,
};
const plainShop = {
  name: 'Wood & Wire',
  slug: 'wood',
  location: null,
  createdAt: '2026-01-01T00:00:00Z',
  establishedYear: null,
  published: true,
  verified: false,
  verification: null,
  bio: null,
  workshopBio: null,
  specializations: [],
  cover: null,
  policies: null,
  owner: { displayName: 'Mara Wood', profileImageUrl: null, bio: null, slug: 'mara' },
  instrumentCount: 1,
  instruments: [askInstrument],
  portfolio: [],
  courses: [],
  listings: [
    {
      ...askInstrument,
      listing: {
        status: 'for-sale',
        price: '4500.00',
        currency: 'EUR',
        note: null,
        updatedAt: '2026-01-01T00:00:00Z',
      },
    },
  ],
};

describe('profile pages', () => {
  it('/u/:slug shows every element, with "Anonymous User" when there is no name', async () => {
    mockFetch({
      'GET /api/profile/u/pat': () => ({
        json: {
          displayName: '',
          slug: 'pat',
          profileImageUrl: null,
          location: 'Leeds, UK',
          joinedAt: '2026-03-05T10:00:00Z',
          role: 'user',
          bio: 'Plays blues.',
          interests: ['setup'],
          favoriteStyles: ['blues'],
          experience: 'Beginner',
          shop: { name: 'Pat Guitars', slug: 'pat' },
          certificates: [
            {
              id: 'ABCDEFGHJKMNPQRS',
              courseTitle: 'Guitar Setup Fundamentals',
              issuedAt: '2026-10-01T10:00:00Z',
            },
          ],
        },
      }),
    });
    renderRoutes(routes, { path: '/u/pat' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Anonymous User' })).toBeInTheDocument();
    // The certificates Pat chose to list link to their public pages.
    expect(screen.getByRole('link', { name: 'Guitar Setup Fundamentals' })).toHaveAttribute(
      'href',
      '/certificates/ABCDEFGHJKMNPQRS',
    );
    expect(screen.getByText('Enthusiast')).toBeInTheDocument();
    // Visitors see a link to the shop, not a raw address.
    expect(screen.queryByText(`${window.location.origin}/u/pat`)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pat Guitars' })).toHaveAttribute('href', '/l/pat');
    expect(screen.getByText('Leeds, UK')).toBeInTheDocument();
    expect(screen.getByText(/Joined March 2026/)).toBeInTheDocument();
    for (const heading of ['About', 'Interests', 'Favorite Styles', 'Experience'])
      expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
    expect(screen.getByText('Plays blues.')).toBeInTheDocument();
    expect(screen.getByText('Beginner')).toBeInTheDocument();
  });

  it('/l/:slug shows the shop, its badges and owner; missing ones show "Shop Not Found"', async () => {
    mockFetch({
      'GET /api/profile/l/wood': () => ({
        json: {
          name: 'Wood & Wire',
          slug: 'wood',
          location: 'Cork, Ireland',
          createdAt: '2026-01-01T00:00:00Z',
          establishedYear: 2001,
          published: true,
          verified: true,
          verification: { adminName: 'Ada Admin', at: '2026-03-05T10:00:00Z', note: 'Visited the workshop' },
          bio: 'Shop bio.',
          workshopBio: 'A bench by the sea.',
          specializations: ['mandolin'],
          cover: { url: '/media/00000000-0000-4000-8000-000000000002/1280.webp', alt: 'Mandolins drying' },
          policies: 'Ships worldwide.\nReturns within 14 days.',
          owner: { displayName: 'Mara Wood', profileImageUrl: null, bio: 'Owner bio.', slug: 'mara' },
          instrumentCount: 1,
          instruments: [
            {
              id: 'i1',
              passportCode: 'LR-ABCD-1234',
              name: 'Sea Mandolin',
              instrumentType: 'mandolin',
              yearMade: 2019,
              verified: true,
              imageUrl: null,
            },
          ],
          portfolio: [
            {
              id: 'i1',
              passportCode: 'LR-ABCD-1234',
              name: 'Sea Mandolin',
              instrumentType: 'mandolin',
              yearMade: 2019,
              verified: true,
              imageUrl: null,
            },
          ],
          courses: [
            {
              id: 'c1',
              slug: 'mandolin-setup',
              title: 'Mandolin Setup',
              level: 'beginner',
              coverImage: null,
            },
          ],
          listings: [
            {
              id: 'i9',
              passportCode: 'LR-SALE-0001',
              name: 'Listed Mandolin',
              instrumentType: 'mandolin',
              yearMade: 2024,
              verified: false,
              imageUrl: null,
              listing: {
                status: 'for-sale',
                price: '4500.00',
                currency: 'EUR',
                note: 'Case included.',
                updatedAt: '2026-01-01T00:00:00Z',
              },
            },
          ],
        },
      }),
      'GET /api/profile/l/wood/sold': () => ({
        json: {
          sold: [
            {
              instrument: { name: 'Sold Viola', passportCode: 'LR-SOLD-0001' },
              soldAt: '2026-11-20T10:00:00Z',
              price: null,
              currency: null,
            },
            {
              instrument: { name: 'Sold Cello', passportCode: 'LR-SOLD-0002' },
              soldAt: '2026-11-02T10:00:00Z',
              price: '9800.00',
              currency: 'GBP',
            },
          ],
        },
      }),
      'GET /api/profile/l/gone': () => ({ status: 404, json: { error: 'nope', code: 'NOT_FOUND' } }),
    });
    const { router } = renderRoutes(routes, { path: '/l/wood' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Wood & Wire' })).toBeInTheDocument();
    expect(screen.getByText('Luthier Shop')).toBeInTheDocument();
    // Internal states and raw addresses are not shown to visitors.
    expect(screen.queryByText('Published')).not.toBeInTheDocument();
    expect(screen.queryByText(/localhost/)).not.toBeInTheDocument();
    expect(screen.getByText(/Established 2001/)).toBeInTheDocument();
    // The badge says what it rests on and links to what Verified means.
    // In the reader's locale (en-US here), the month in words, like every date.
    expect(
      screen.getByText(/Verified by Ada Admin on March 5, 2026: Visited the workshop/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'What Verified means' })).toHaveAttribute('href', '/verified');
    expect(screen.getByRole('link', { name: 'Mara Wood' })).toHaveAttribute('href', '/u/mara');
    expect(screen.getByText('Owner bio.')).toBeInTheDocument();
    expect(screen.getByText('A bench by the sea.')).toBeInTheDocument();
    // The cover with its words and its sizes; the shop's policies in the maker's words.
    const cover = screen.getByRole('img', { name: 'Mandolins drying' });
    expect(cover).toHaveAttribute('srcset', expect.stringContaining('320.webp 320w'));
    const policies = screen.getByRole('heading', { name: 'Shop policies' });
    expect(policies.closest('.rounded-xl, [class*="rounded"]')).toHaveTextContent(
      'Ships worldwide. Returns within 14 days.',
    );
    expect(screen.getByRole('heading', { name: 'Instruments by this maker (1)' })).toBeInTheDocument();
    // The portfolio piece comes first, in its own section, and in the full list of the maker's instruments.
    const portfolio = screen.getByRole('list', { name: 'Portfolio pieces' });
    expect(within(portfolio).getByRole('link', { name: /Sea Mandolin/ })).toHaveAttribute(
      'href',
      '/p/LR-ABCD-1234',
    );
    const made = screen.getByRole('list', { name: 'Instruments by this maker' });
    expect(within(made).getByRole('link', { name: /Sea Mandolin/ })).toHaveAttribute(
      'href',
      '/p/LR-ABCD-1234',
    );
    // The storefront: what is for sale, with its exact price in its currency, and a way to ask about it.
    const forSale = within(screen.getByRole('list', { name: 'For sale' }));
    expect(forSale.getByRole('link', { name: 'Listed Mandolin' })).toHaveAttribute('href', '/p/LR-SALE-0001');
    expect(forSale.getByText('€4,500.00')).toBeInTheDocument();
    expect(forSale.getByText('Case included.')).toBeInTheDocument();
    expect(forSale.getByRole('button', { name: 'Make an offer' })).toBeInTheDocument();
    // Sold through the registry: the price only where the seller shows it.
    const sold = await screen.findByRole('list', { name: 'Sold through the registry' });
    expect(
      within(sold)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Sold ViolaSold November 20, 2026', 'Sold CelloSold November 2, 2026 for £9,800.00']);
    expect(forSale.getByRole('button', { name: 'Ask about Listed Mandolin' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mandolin Setup' })).toHaveAttribute(
      'href',
      '/listing/mandolin-setup',
    );
    expect(screen.getByRole('button', { name: 'Sign in to contact the maker' })).toBeInTheDocument();
    await router.navigate('/l/gone');
    expect(await screen.findByRole('heading', { name: 'Shop Not Found' })).toBeInTheDocument();
    expect(screen.getByText("This luthier shop doesn't exist or is not published.")).toBeInTheDocument();
  });

  it("arriving from a passport's 'Write to … about it', the message field has the focus, about that instrument", async () => {
    mockFetch({
      'GET /api/profile/l/wood': () => ({ json: plainShop }),
      'GET /api/profile/l/wood/sold': () => ({ json: { sold: [] } }),
    });
    const buyer = testUser({ handle: 'sam' });
    renderRoutes(routes, { path: '/l/wood?about=i9', me: buyer });
    const field = await screen.findByLabelText('Your message');
    await waitFor(() => expect(field).toHaveFocus());
    expect(screen.getByText('Listed Mandolin', { selector: 'strong' })).toBeInTheDocument();
  });

  it("a guest from 'Write to … about it' lands on the sign-in button, which returns to that instrument", async () => {
    mockFetch({
      'GET /api/profile/l/wood': () => ({ json: plainShop }),
      'GET /api/profile/l/wood/sold': () => ({ json: { sold: [] } }),
    });
    const listener = vi.fn();
    window.addEventListener(AUTH_OPEN_EVENT, listener);
    renderRoutes(routes, { path: '/l/wood?about=i9' });
    const button = await screen.findByRole('button', { name: 'Sign in to contact the maker' });
    await waitFor(() => expect(button).toHaveFocus());
    expect(screen.getByText('Listed Mandolin', { selector: 'strong' })).toBeInTheDocument();
    await userEvent.click(button);
    window.removeEventListener(AUTH_OPEN_EVENT, listener);
    expect((listener.mock.calls[0]?.[0] as CustomEvent).detail).toEqual({
      mode: 'signin',
      next: '/l/wood?about=i9',
    });
  });

  it('a plain visit to a shop leaves the focus where it was', async () => {
    mockFetch({
      'GET /api/profile/l/wood': () => ({ json: plainShop }),
      'GET /api/profile/l/wood/sold': () => ({ json: { sold: [] } }),
    });
    renderRoutes(routes, { path: '/l/wood', me: testUser({ handle: 'sam' }) });
    const field = await screen.findByLabelText('Your message');
    await new Promise((r) => requestAnimationFrame(r));
    expect(field).not.toHaveFocus();
  });

  it('an unknown person shows "Profile Not Found"', async () => {
    mockFetch({
      'GET /api/profile/u/ghost': () => ({ status: 404, json: { error: 'nope', code: 'NOT_FOUND' } }),
    });
    renderRoutes(routes, { path: '/u/ghost' });
    expect(await screen.findByRole('heading', { name: 'Profile Not Found' })).toBeInTheDocument();
    expect(screen.getByText("This profile doesn't exist or has been removed.")).toBeInTheDocument();
  });

  it("a maker's card links the shop and the person behind it; a person without a handle stays text", () => {
    const shop: ShopCard = {
      name: 'Taller del Sur',
      slug: 'taller-del-sur',
      ownerName: 'Elena Ruiz',
      ownerHandle: 'elena-ruiz',
      profileImageUrl: null,
      location: 'Granada, Spain',
      specializations: [],
      verified: true,
      instrumentCount: 3,
      courseCount: 1,
    };
    renderWithProviders(
      <>
        <MakerCard shop={shop} />
        <MakerCard
          shop={{ ...shop, name: 'Baker Bows', slug: 'baker', ownerName: 'Tom Baker', ownerHandle: null }}
        />
      </>,
    );
    expect(screen.getByRole('link', { name: 'Taller del Sur' })).toHaveAttribute('href', '/l/taller-del-sur');
    expect(screen.getByRole('link', { name: 'Elena Ruiz' })).toHaveAttribute('href', '/u/elena-ruiz');
    expect(screen.getByRole('link', { name: 'Baker Bows' })).toHaveAttribute('href', '/l/baker');
    expect(screen.getByText('Tom Baker')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Tom Baker' })).not.toBeInTheDocument();
  });
});
