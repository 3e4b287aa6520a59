import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicPassport } from '../../../contract/public-passport';
import { formatDay } from '../../lib/format-date';
import { PassportHistory } from './passport-history';

const history: PublicPassport['history'] = [
  {
    date: '2021-06-01',
    type: 'transfer_accepted',
    text: 'Changed hands by purchase: a new owner accepted it',
  },
  {
    date: '2026-11-20',
    type: 'corrected',
    text: 'Serial corrected from TV-2026-014 to TV-2026-015 by the maker: the label was misprinted',
  },
];

describe('PassportHistory', () => {
  it('shows each event with its day in words and its plain sentence, oldest first', () => {
    render(<PassportHistory p={{ history } as PublicPassport} />);
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      `${formatDay('2021-06-01')}Changed hands by purchase: a new owner accepted it`,
      `${formatDay('2026-11-20')}Serial corrected from TV-2026-014 to TV-2026-015 by the maker: the label was misprinted`,
    ]);
    expect(items[0]!.querySelector('time')).toHaveAttribute('dateTime', '2021-06-01');
    expect(formatDay('2021-06-01')).toMatch(/June/);
  });
});
