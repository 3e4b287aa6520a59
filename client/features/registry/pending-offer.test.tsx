import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiKey } from '../../lib/api-client';
import { mockFetch, renderWithProviders, testUser } from '../../test/render';
import { PendingOffer, usePendingOffer } from './pending-offer';

function Harness({ instrumentId }: { instrumentId: string }) {
  const pending = usePendingOffer(instrumentId, true);
  return pending ? <PendingOffer transferId={pending.id} /> : <p>No offer waiting</p>;
}

const offer = (status: string) => ({
  id: 't9',
  instrument: { id: 'i1', name: 'Amber Violin', passportCode: 'LR-AAAA-BBBB', imageUrl: null },
  direction: 'outgoing',
  fromName: 'Me',
  toLabel: 'buyer@example.test',
  method: 'purchase',
  price: null,
  currency: null,
  status,
  expiresAt: '2026-12-10T00:00:00.000Z',
  createdAt: '2026-11-26T00:00:00.000Z',
});

describe('PendingOffer', () => {
  it('shows "Offer pending · Cancel" while the owner’s offer waits, and cancels it', async () => {
    let status = 'pending';
    const calls = mockFetch({
      'GET /api/registry/transfers': () => ({ json: { incoming: [], outgoing: [offer(status)] } }),
      'POST /api/registry/transfers/t9/cancel': () => {
        status = 'cancelled';
        return { json: offer('cancelled') };
      },
    });
    renderWithProviders(<Harness instrumentId="i1" />, { me: testUser({ id: 'u1' }) });
    expect(await screen.findByRole('link', { name: 'Offer pending' })).toHaveAttribute(
      'href',
      '/transfers/t9',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel the pending offer' }));
    expect(await screen.findByText('No offer waiting')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/registry/transfers/t9/cancel',
    ]);
  });

  it('shows nothing for an instrument without a waiting offer', async () => {
    const calls = mockFetch({
      'GET /api/registry/transfers': () => ({ json: { incoming: [], outgoing: [offer('declined')] } }),
    });
    const { client } = renderWithProviders(<Harness instrumentId="i1" />, { me: testUser({ id: 'u1' }) });
    await waitFor(() => expect(client.getQueryData(apiKey('GET /api/registry/transfers'))).toBeDefined());
    expect(calls).toHaveLength(1);
    expect(screen.getByText('No offer waiting')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Offer pending' })).toBeNull();
  });
});
