import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Transfer } from '../../contract/registry';
import { BUYER_OFFER, transferFixture } from '../test/registry-fixtures';
import { mockFetch, renderRoutes, testUser } from '../test/render';
import { TransferPage } from './transfer';

const routes = [{ path: '/transfers/:id', element: <TransferPage /> }];
const me = (emailVerified: boolean) =>
  testUser({
    email: 'buyer@example.test',
    displayName: 'New Buyer',
    firstName: 'New',
    lastName: 'Buyer',
    onboardingComplete: false,
    emailVerified,
    returning: false,
  });
/** The offer as its buyer reads it: from Marquez Violins, no price, the Amber Violin. */
const offerToBuyer = (over: Partial<Transfer> = {}) => transferFixture({ ...BUYER_OFFER, ...over });
const notYours = () => ({ status: 404, json: { error: 'Not found', code: 'NOT_FOUND' } });
const preview = () => ({
  json: {
    id: 't1',
    instrument: {
      name: 'Amber Violin',
      passportCode: 'LR-AAAA-BBBB',
      imageUrl: '/media/00000000-0000-4000-8000-000000000003/640.webp',
    },
    fromName: 'Marquez Violins',
    method: 'purchase',
    status: 'pending',
    expiresAt: '2026-12-10T00:00:00.000Z',
  },
});

/** The passport preview every visitor of the link sees: name, photo, passport code and link, sender. */
async function expectPreview() {
  const offer = await screen.findByRole('article', { name: 'Offer of Amber Violin' });
  expect(within(offer).getByRole('heading', { name: 'Amber Violin' })).toBeInTheDocument();
  expect(within(offer).getByRole('img', { name: 'Photo of Amber Violin' })).toBeInTheDocument();
  expect(within(offer).getByText('LR-AAAA-BBBB')).toBeInTheDocument();
  expect(within(offer).getByRole('link', { name: 'read its public passport' })).toHaveAttribute(
    'href',
    '/p/LR-AAAA-BBBB',
  );
  expect(offer).toHaveTextContent('Marquez Violins offers you its ownership, as a sale.');
}

describe('TransferPage', () => {
  it('shows a guest the passport preview and signs up back to the offer, not to onboarding', async () => {
    const calls = mockFetch({ 'GET /api/registry/transfers/t1/preview': preview });
    const opened: unknown[] = [];
    const listen = (event: Event) => opened.push((event as CustomEvent).detail);
    window.addEventListener('auth:open', listen);
    renderRoutes(routes, { path: '/transfers/t1', me: null });
    await expectPreview();
    await userEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    window.removeEventListener('auth:open', listen);
    expect(opened).toEqual([{ mode: 'signup', next: '/transfers/t1' }]);
    // A guest's page asks nothing it may not: no offer read, no resend.
    expect(calls.map((c) => c.url)).toEqual(['/api/registry/transfers/t1/preview']);
  });

  it('tells a buyer whose address is not confirmed to confirm it, and sends the link again', async () => {
    const calls = mockFetch({
      'GET /api/registry/transfers/t1/preview': preview,
      'GET /api/registry/transfers/t1': notYours,
      'POST /api/auth/verify-email/resend': () => ({ json: { ok: true, alreadyVerified: false } }),
    });
    renderRoutes(routes, { path: '/transfers/t1', me: me(false) });
    await expectPreview();
    expect(await screen.findByText('Confirm your email to answer this offer.')).toBeInTheDocument();
    expect(screen.getByText('buyer@example.test')).toBeInTheDocument();
    expect(screen.queryByText(/not addressed to you/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('A new link is on its way.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(true);
  });

  it('shows the offer with a link to the public passport once the offer is the viewer’s', async () => {
    mockFetch({
      'GET /api/registry/transfers/t1/preview': preview,
      'GET /api/registry/transfers/t1': () => ({ json: offerToBuyer() }),
    });
    renderRoutes(routes, { path: '/transfers/t1', me: me(true) });
    expect(await screen.findByRole('link', { name: 'public passport LR-AAAA-BBBB' })).toHaveAttribute(
      'href',
      '/p/LR-AAAA-BBBB',
    );
  });

  it('the recipient accepts a listed instrument: the offer shows what the listing asked, then says it is theirs', async () => {
    let status: 'pending' | 'accepted' = 'pending';
    const offer = () => ({
      id: 't1',
      instrument: { id: 'i1', name: 'Amber Violin', passportCode: 'LR-AAAA-BBBB', imageUrl: null },
      direction: 'incoming' as const,
      fromName: 'Marquez Violins',
      method: 'purchase' as const,
      price: '4600.50',
      currency: 'EUR',
      listing: { price: '5200.00', currency: 'EUR', note: null },
      status,
      expiresAt: '2026-12-10T00:00:00.000Z',
      createdAt: '2026-11-26T00:00:00.000Z',
    });
    mockFetch({
      'GET /api/registry/transfers/t1/preview': preview,
      'GET /api/registry/transfers/t1': () => ({ json: offer() }),
      'POST /api/registry/transfers/t1/accept': () => {
        status = 'accepted';
        return { json: offer() };
      },
    });
    renderRoutes(routes, { path: '/transfers/t1', me: me(true) });
    const item = await screen.findByRole('article', { name: 'Transfer of Amber Violin' });
    // The price agreed privately, in its own currency, and what the listing asked: one format for both.
    expect(item).toHaveTextContent('Purchase · €4,600.50');
    expect(item).toHaveTextContent('Listed for sale at €5,200.00');
    expect(screen.getByText(/Before you answer, read the instrument’s/)).toBeInTheDocument();
    await userEvent.click(within(item).getByRole('button', { name: 'Accept' }));
    const done = await screen.findByText(/Amber Violin is yours/);
    expect(done).toHaveTextContent(
      'Amber Violin is yours: its public passport LR-AAAA-BBBB names you as the owner',
    );
    expect(within(done).getByRole('link', { name: 'Open your instrument' })).toHaveAttribute(
      'href',
      '/instruments/i1',
    );
    expect(screen.queryByText(/Before you answer/)).not.toBeInTheDocument();
  });

  it('a declined offer says nothing changed hands', async () => {
    mockFetch({
      'GET /api/registry/transfers/t1/preview': preview,
      'GET /api/registry/transfers/t1': () => ({
        json: offerToBuyer({ method: 'gift', status: 'declined' }),
      }),
    });
    renderRoutes(routes, { path: '/transfers/t1', me: me(true) });
    expect(
      await screen.findByText(/This offer is declined: nothing changed hands, and the/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Listed for sale/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Before you answer/)).not.toBeInTheDocument();
  });
});
