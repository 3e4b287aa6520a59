import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { mockFetch, renderRoutes } from '../test/render';
import { CheckPage } from './check';

const routes = [{ path: '/check', element: <CheckPage /> }];
const found = (makerShopHandle: string | null) => ({
  json: {
    result: 'found',
    passport: {
      passportCode: 'LR-AAAA-BBBB',
      name: 'Amber Violin',
      instrumentType: 'violin',
      yearMade: 2015,
      makerShopName: 'Marquez Violins',
      makerShopHandle,
      verified: true,
      status: 'active',
    },
    serialChanged: null,
  },
});

describe('CheckPage', () => {
  it("a passport found says it is not reported stolen, as of when, and names its maker's shop", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 11, 7, 14, 5));
    onTestFinished(() => void vi.useRealTimers());
    mockFetch({ 'GET /api/public/check': () => found('marquez-violins') });
    renderRoutes(routes, { path: '/check?q=LR-AAAA-BBBB' });
    expect(await screen.findByRole('link', { name: 'Marquez Violins' })).toHaveAttribute(
      'href',
      '/l/marquez-violins',
    );
    expect(screen.getByText(/In the registry: Amber Violin \(2015\) by/)).toHaveTextContent(
      'In the registry: Amber Violin (2015) by Marquez Violins, verified.',
    );
    // A clean instrument is said to be clean, as of when the registry answered (en-US, the tests' locale).
    expect(screen.getByText(/^Not reported stolen/)).toHaveTextContent(
      'Not reported stolen — checked December 7 at 02:05 PM',
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

  it('a stolen instrument is named with its photo and passport, and information reaches its owner', async () => {
    const sent: unknown[] = [];
    mockFetch({
      'GET /api/public/check': () => ({
        json: {
          result: 'stolen',
          reportedOn: '2026-10-02',
          instrument: {
            passportCode: 'LR-AAAA-CCCC',
            name: 'Amber Violin',
            instrumentType: 'violin',
            yearMade: 2015,
            photoUrl: '/instruments/violin-maple.svg',
          },
          serialChanged: { from: 'AV-14', to: 'AV-15', corrected: true },
        },
      }),
      'POST /api/public/check/sightings': (body: unknown) => {
        sent.push(body);
        return { json: { ok: true } };
      },
    });
    renderRoutes(routes, { path: '/check?q=av-14' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/Amber Violin \(2015\) was reported stolen on/);
    expect(screen.queryByText(/Not reported stolen/)).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Amber Violin, photo from its passport' })).toHaveAttribute(
      'src',
      '/instruments/violin-maple.svg',
    );
    expect(screen.getByRole('link', { name: 'Open passport LR-AAAA-CCCC' })).toHaveAttribute(
      'href',
      '/p/LR-AAAA-CCCC',
    );
    expect(alert).toHaveTextContent(
      'Found by its former serial number AV-14: the serial was corrected by its maker to AV-15.',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'I have information' }));
    await userEvent.type(
      screen.getByLabelText('What did you see, and where?'),
      'It is in the window of a pawn shop on Elm Street.',
    );
    await userEvent.type(screen.getByLabelText('How the owner can reach you (optional)'), 'ana@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Send to the owner' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your message was passed on to the owner');
    expect(sent).toEqual([
      {
        code: 'LR-AAAA-CCCC',
        message: 'It is in the window of a pawn shop on Elm Street.',
        contact: 'ana@example.org',
      },
    ]);
  });

  it('says what to try when nothing is found', async () => {
    mockFetch({ 'GET /api/public/check': () => ({ json: { result: 'not_found' } }) });
    renderRoutes(routes, { path: '/check?q=nothing' });
    expect(await screen.findByText('Not in the registry.')).toBeInTheDocument();
    expect(screen.getByText(/Case and dashes do not matter/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'registry' })).toHaveAttribute('href', '/registry');
  });
});
