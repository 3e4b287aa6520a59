import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PurchaseOffer } from '../../contract/purchase-offers';
import { AUTH_OPEN_EVENT, type AuthOpenDetail } from '../lib/auth';
import { mockFetch, renderWithProviders, testUser } from '../test/render';
import { MakeOffer } from './make-offer';

const target = { id: 'i1', name: 'Amber Viola', listing: { price: '4800.00', currency: 'EUR' } };

const sent = (over: Partial<PurchaseOffer> = {}): PurchaseOffer => ({
  id: 'o1',
  instrument: { id: 'i1', name: 'Amber Viola', passportCode: 'LR-AAAA-BBBB' },
  role: 'buyer',
  buyerName: 'Sam Carter',
  buyerHandle: null,
  sellerName: 'Mara Bench',
  price: '4500.00',
  currency: 'EUR',
  listed: { price: '4800.00', currency: 'EUR' },
  message: null,
  status: 'open',
  awaiting: 'seller',
  expiresAt: '2026-12-14T10:00:00.000Z',
  conversationId: 'c1',
  transferId: null,
  soldPriceShown: false,
  createdAt: '2026-12-07T10:00:00.000Z',
  updatedAt: '2026-12-07T10:00:00.000Z',
  ...over,
});

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Make an offer' }));
  return screen.findByRole('dialog', { name: 'Make an offer' });
}

describe('Make an offer', () => {
  it("shows the listing's price and currency, the amount as it will read and the 7-day expiry", async () => {
    mockFetch({});
    renderWithProviders(<MakeOffer instrument={target} />, { me: testUser() });
    const dialog = await openDialog();
    expect(dialog).toHaveTextContent('For Amber Viola, listed at €4,800.00.');
    expect(await within(dialog).findByLabelText('Currency')).toHaveValue('EUR');
    expect(dialog).toHaveTextContent('The offer stays open for 7 days, until');
    await userEvent.type(within(dialog).getByLabelText('Your offer'), '4 500');
    expect(dialog).toHaveTextContent('You offer €4,500.00.');
    expect(within(dialog).getByRole('button', { name: 'Offer €4,500.00' })).toBeInTheDocument();
    await userEvent.selectOptions(within(dialog).getByLabelText('Currency'), 'JPY');
    expect(dialog).toHaveTextContent('You offer ¥4,500.');
    expect(dialog).toHaveTextContent('The listing asks in EUR.');
  });

  it('checks the amount before sending, then sends it and says where to follow it', async () => {
    const calls = mockFetch({
      'POST /api/registry/instruments/i1/purchase-offers': () => ({ status: 201, json: sent() }),
    });
    renderWithProviders(<MakeOffer instrument={target} />, { me: testUser() });
    const dialog = await openDialog();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Send offer' }));
    expect(within(dialog).getByLabelText('Your offer')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText('Your offer'), '4500');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Offer €4,500.00' }));
    expect(await within(dialog).findByText(/Your offer of/)).toHaveTextContent(
      'Your offer of €4,500.00 is sent.',
    );
    expect(within(dialog).getByRole('link', { name: 'Your offers' })).toHaveAttribute('href', '/offers');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      price: '4500',
      currency: 'EUR',
      message: null,
    });
  });

  it.each([
    ['PURCHASE_OFFER_OPEN', 409, 'You already have an open offer on this instrument.', 'See your offers'],
    ['EMAIL_NOT_VERIFIED', 403, 'Confirm your email address first.', 'Send the link again'],
    ['RATE_LIMITED', 429, 'You have made many offers in the last hour.', null],
  ])('says the server refusal %s with what to do next', async (code, status, error, next) => {
    mockFetch({
      'POST /api/registry/instruments/i1/purchase-offers': () => ({ status, json: { error, code } }),
    });
    renderWithProviders(<MakeOffer instrument={target} />, { me: testUser() });
    const dialog = await openDialog();
    await userEvent.type(await within(dialog).findByLabelText('Your offer'), '4500');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Offer €4,500.00' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(error);
    if (next) expect(within(dialog).getByText(next)).toBeInTheDocument();
  });

  it('sends a guest to sign in, to come back to this dialog', async () => {
    mockFetch({});
    const opened = vi.fn<(detail: AuthOpenDetail) => void>();
    const listener = (e: Event) => {
      opened((e as CustomEvent<AuthOpenDetail>).detail);
    };
    window.addEventListener(AUTH_OPEN_EVENT, listener);
    renderWithProviders(<MakeOffer instrument={target} />, { path: '/l/bench?x=1' });
    await userEvent.click(screen.getByRole('button', { name: 'Make an offer' }));
    window.removeEventListener(AUTH_OPEN_EVENT, listener);
    expect(opened).toHaveBeenCalledWith({ mode: 'signin', next: '/l/bench?x=1&offer=i1' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the dialog for a signed-in person who came back with ?offer=', async () => {
    mockFetch({});
    const { router } = renderWithProviders(<MakeOffer instrument={target} />, {
      path: '/l/bench?offer=i1',
      me: testUser(),
    });
    expect(await screen.findByRole('dialog', { name: 'Make an offer' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });
});
