import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicPassport } from '../../../contract/public-passport';
import { renderWithProviders } from '../../test/render';
import { Provenance } from './passport-sections';

const provenance: PublicPassport['provenance'] = [
  {
    label: 'Owner 1 · Elena Ruiz · Spain · 2019–2021',
    name: 'Elena Ruiz',
    handle: 'elena-ruiz',
    country: 'Spain',
    startYear: 2019,
    endYear: 2021,
  },
  {
    label: 'Owner 2 · Paul Public · France · 2021–2023',
    name: 'Paul Public',
    handle: null,
    country: 'France',
    startYear: 2021,
    endYear: 2023,
  },
  {
    label: 'Owner 3 · Germany · 2023–present',
    name: null,
    handle: null,
    country: 'Germany',
    startYear: 2023,
    endYear: null,
  },
];

describe('Provenance', () => {
  it('links a public owner with an account to their profile; others stay text', () => {
    renderWithProviders(<Provenance p={{ provenance } as PublicPassport} />);
    const items = within(screen.getByRole('region', { name: 'Provenance' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(provenance.map((o) => o.label));
    expect(within(items[0]!).getByRole('link', { name: 'Elena Ruiz' })).toHaveAttribute(
      'href',
      '/u/elena-ruiz',
    );
    // No account (no handle), and an owner who chose to stay private (no name, no handle): no link.
    expect(within(items[1]!).queryByRole('link')).not.toBeInTheDocument();
    expect(within(items[2]!).queryByRole('link')).not.toBeInTheDocument();
    expect(
      screen.getByText(
        'Owners are named only when they chose to be public; every other owner is shown by number, country and years. Offers that did not end in a sale are never shown.',
      ),
    ).toBeInTheDocument();
  });
});
