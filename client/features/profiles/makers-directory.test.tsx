import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ShopCard } from '../../../contract/profiles';
import { mockFetch, renderWithProviders } from '../../test/render';
import { MakersDirectory } from './makers-directory';

const shop = (name: string): ShopCard => ({
  name,
  slug: name.toLowerCase().replace(/ /g, '-'),
  ownerName: null,
  ownerHandle: null,
  profileImageUrl: null,
  location: 'Granada, Spain',
  specializations: [],
  verified: false,
  instrumentCount: 1,
  courseCount: 0,
});

describe('MakersDirectory', () => {
  it('after Next, focus is on the new page’s count and the page is announced', async () => {
    mockFetch({
      'GET /api/profile/shop-facets': () => ({ json: { countries: [], specialities: [] } }),
      'GET /api/profile/shops': (_, url) => ({
        json: [shop(url.searchParams.get('page') === '2' ? 'Baker Bows' : 'Taller del Sur')],
        headers: { 'x-total-count': '30' },
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(<MakersDirectory />, { path: '/luthiers' });
    await screen.findByRole('link', { name: 'Taller del Sur' });
    expect(document.body).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('link', { name: 'Baker Bows' });
    await waitFor(() => expect(screen.getByText('30 makers found')).toHaveFocus());
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain('Page 2 of 3');
  });
});
