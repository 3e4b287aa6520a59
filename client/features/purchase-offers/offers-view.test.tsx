import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PurchaseOffer } from '../../../contract/purchase-offers';
import { mockFetch, renderWithProviders, testUser } from '../../test/render';
import { OffersView } from './offers-view';

const offer = (over: Partial<PurchaseOffer> = {}): PurchaseOffer => ({
  id: 'o1',
  instrument: { id: 'i1', name: 'Amber Viola', passportCode: 'LR-AAAA-BBBB' },
  role: 'seller',
  buyerName: 'Olga Offer',
  buyerHandle: 'olga',
  sellerName: 'Mara Bench',
  price: '4500.00',
  currency: 'EUR',
  listed: { price: '4800.00', currency: 'EUR' },
  message: 'Can I try it first?',
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

describe('/offers', () => {
  it('lists the seller’s offers with amount, state and expiry; accepting says what happens next', async () => {
    let current = offer();
    const calls = mockFetch({
      'GET /api/purchase-offers?role=seller': () => ({ json: { offers: [current] } }),
      'POST /api/purchase-offers/o1/accept': () => {
        current = offer({ status: 'accepted', awaiting: null, transferId: 't1' });
        return { json: current };
      },
    });
    renderWithProviders(<OffersView />, { path: '/offers?role=seller', me: testUser() });
    const item = await screen.findByRole('listitem', { name: 'Amber Viola' });
    expect(item).toHaveTextContent('€4,500.00');
    expect(item).toHaveTextContent('Waiting for your answer');
    expect(item).toHaveTextContent('From Olga Offer · listed at €4,800.00 · open until');
    expect(item).toHaveTextContent('“Can I try it first?”');
    await userEvent.click(within(item).getByRole('button', { name: 'Accept' }));
    // Irreversible: asked once more, with the consequence.
    const confirm = await screen.findByRole('dialog', { name: 'Accept €4,500.00?' });
    expect(confirm).toHaveTextContent('The registry offers Amber Viola to Olga Offer at €4,500.00.');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Accept €4,500.00' }));
    expect(await screen.findByText(/You accepted €4,500.00 for Amber Viola/)).toHaveTextContent(
      'The registry offered the ownership transfer to Olga Offer at that price',
    );
    expect(await within(item).findByText('Accepted: transfer offered')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/purchase-offers/o1/accept',
    ]);
  });

  it('the seller counters with a checked price', async () => {
    const calls = mockFetch({
      'GET /api/purchase-offers?role=seller': () => ({ json: { offers: [offer()] } }),
      'POST /api/purchase-offers/o1/counter': () => ({
        json: offer({ status: 'countered', awaiting: 'buyer', price: '4700.00' }),
      }),
    });
    renderWithProviders(<OffersView />, { path: '/offers?role=seller', me: testUser() });
    const item = await screen.findByRole('listitem', { name: 'Amber Viola' });
    await userEvent.click(within(item).getByRole('button', { name: 'Counter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Answer with another price' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send counter-offer' }));
    expect(within(dialog).getByLabelText('Your price (EUR)')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(within(dialog).getByLabelText('Your price (EUR)'), '4700');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send counter-offer' }));
    expect(
      await screen.findByText('Your counter-offer of €4,700.00 is sent to Olga Offer.'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ price: '4700' });
  });

  it('the buyer sees a counter-offer to accept or withdraw, and closed offers without actions', async () => {
    mockFetch({
      'GET /api/purchase-offers?role=buyer': () => ({
        json: {
          offers: [
            offer({
              id: 'o2',
              role: 'buyer',
              status: 'countered',
              awaiting: 'buyer',
              price: '480000',
              currency: 'JPY',
            }),
            offer({
              id: 'o3',
              role: 'buyer',
              instrument: { id: 'i3', name: 'Quiet Guitar', passportCode: 'LR-CCCC-DDDD' },
              status: 'declined',
              awaiting: null,
            }),
          ],
        },
      }),
    });
    renderWithProviders(<OffersView />, { path: '/offers', me: testUser() });
    const countered = await screen.findByRole('listitem', { name: 'Amber Viola' });
    expect(countered).toHaveTextContent('¥480,000');
    expect(countered).toHaveTextContent('Counter-offer: waiting for your answer');
    expect(within(countered).getByRole('button', { name: 'Accept counter-offer' })).toBeInTheDocument();
    expect(within(countered).getByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
    const closed = screen.getByRole('listitem', { name: 'Quiet Guitar' });
    expect(closed).toHaveTextContent('Declined');
    expect(within(closed).queryByRole('button')).not.toBeInTheDocument();
  });
});
