import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { MakerLine } from './maker-line';

const shop = { shopName: 'Ruiz Workshop', verified: true, location: 'Madrid, Spain' };

describe('MakerLine', () => {
  it('links a maker to their shop', () => {
    renderWithProviders(
      <p>
        <MakerLine p={{ yearMade: 2019, maker: { ...shop, slug: 'ruiz', accountClosed: false } }} />
      </p>,
    );
    expect(screen.getByRole('link', { name: 'Ruiz Workshop' })).toHaveAttribute('href', '/l/ruiz');
  });

  it('keeps a maker who closed their account as history, without a link', () => {
    renderWithProviders(
      <p>
        <MakerLine
          p={{
            yearMade: 2019,
            maker: { ...shop, verified: false, location: null, slug: null, accountClosed: true },
          }}
        />
      </p>,
    );
    expect(screen.getByText('Made by Ruiz Workshop (account closed) in 2019')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
