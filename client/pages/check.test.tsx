import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderRoutes } from '../test/render';
import { CheckPage } from './check';

const routes = [{ path: '/check', element: <CheckPage /> }];
const found = (makerShopSlug: string | null) => ({
  json: {
    result: 'found',
    passport: {
      passportCode: 'LR-AAAA-BBBB',
      name: 'Amber Violin',
      instrumentType: 'violin',
      yearMade: 2015,
      makerShopName: 'Marquez Violins',
      makerShopSlug,
      verified: true,
      status: 'active',
    },
  },
});

describe('CheckPage', () => {
  it("a passport found names its maker's shop with a link to it", async () => {
    mockFetch({ 'GET /api/public/check': () => found('marquez-violins') });
    renderRoutes(routes, { path: '/check?q=LR-AAAA-BBBB' });
    expect(await screen.findByRole('link', { name: 'Marquez Violins' })).toHaveAttribute(
      'href',
      '/l/marquez-violins',
    );
    expect(screen.getByText(/In the registry: Amber Violin \(2015\) by/)).toHaveTextContent(
      'In the registry: Amber Violin (2015) by Marquez Violins, verified.',
    );
    expect(screen.getByRole('link', { name: 'Open passport LR-AAAA-BBBB' })).toHaveAttribute(
      'href',
      '/p/LR-AAAA-BBBB',
    );
  });

  it('without a slug the shop name stays text', async () => {
    mockFetch({ 'GET /api/public/check': () => found(null) });
    renderRoutes(routes, { path: '/check?q=LR-AAAA-BBBB' });
    expect(await screen.findByText(/Marquez Violins/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Marquez Violins' })).not.toBeInTheDocument();
  });
});
