import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDay } from '../../lib/format-date';
import { mockFetch } from '../../test/render';
import bundle from './fixtures/log-bundle.json';
import { VerifyPanel } from './verify-panel';

afterEach(() => vi.unstubAllGlobals());

function serve(entries = bundle.log.entries) {
  mockFetch({
    'GET /api/log/key': () => ({ text: bundle.vkey }),
    [`GET /api/public/passports/${bundle.code}/log`]: () => ({ json: { ...bundle.log, entries } }),
  });
}

describe('the events the Verify panel checked', () => {
  it('lists each logged event in plain words once the check passes', async () => {
    serve();
    render(<VerifyPanel code={bundle.code} />);
    expect(screen.queryByRole('heading', { name: 'Checked against the log' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Verify this passport' }));
    const heading = await screen.findByRole('heading', { name: 'Checked against the log' });
    const list = heading.nextElementSibling as HTMLElement;
    const day = formatDay('2026-11-24');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      `${day}: Passport registered by the maker (log entry 0)`,
      `${day}: Setup recorded (Fixture Workshop) (log entry 1)`,
    ]);
  });

  it('says what the check does not cover, before and after it runs, and lists nothing when it fails', async () => {
    serve([bundle.log.entries[1]!]);
    render(<VerifyPanel code={bundle.code} />);
    expect(screen.getByRole('heading', { name: 'What this check does not cover' })).toBeInTheDocument();
    expect(screen.getByText(/does not prove the facts are true/)).toBeInTheDocument();
    expect(screen.getByText(/only as sealed commitments/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Verify this passport' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Verification failed.');
    expect(screen.queryByRole('heading', { name: 'Checked against the log' })).toBeNull();
  });
});
