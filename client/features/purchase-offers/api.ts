import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { PurchaseOffer } from '../../../contract/purchase-offers';
import { formatPrice } from '../../../presentation/money';
import { api, apiQuery, invalidateReads } from '../../lib/api-client';

export type OfferRole = PurchaseOffer['role'];

/** One side's offers (GET /api/purchase-offers?role=), newest first. */
export function useOffers(role: OfferRole) {
  return useQuery(apiQuery('GET /api/purchase-offers', { query: { role } }));
}

/** The amount on the table, as every price in the product reads ("€4,500.00"). */
export const offerAmount = (o: { price: number | string; currency: string }) =>
  formatPrice({ price: String(o.price), currency: o.currency });

export type OfferStep =
  | { kind: 'accept' }
  | { kind: 'decline' }
  | { kind: 'withdraw' }
  | { kind: 'counter' }
  | { kind: 'show-price'; shown: boolean };

function send(id: string, step: OfferStep) {
  const params = { id };
  switch (step.kind) {
    case 'accept':
      return api('POST /api/purchase-offers/:id/accept', { params });
    case 'decline':
      return api('POST /api/purchase-offers/:id/decline', { params });
    case 'withdraw':
      return api('DELETE /api/purchase-offers/:id', { params });
    case 'counter':
      throw new Error('a counter-offer goes through useCounter');
    case 'show-price':
      return api('PUT /api/purchase-offers/:id/sold-price', { params, body: { shown: step.shown } });
  }
}

const reread = (client: QueryClient) =>
  invalidateReads(
    client,
    'GET /api/purchase-offers',
    'GET /api/registry/transfers',
    'GET /api/conversations',
  );

/** The seller's counter-offer: the form's schema checks the price first. */
export function useCounter(id: string, onDone: (offer: PurchaseOffer) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { price: number | string }) =>
      api('POST /api/purchase-offers/:id/counter', { params: { id }, body }),
    onSuccess: async (offer) => {
      onDone(offer);
      await reread(client);
    },
  });
}

/** A step on one offer; every list of offers, the transfers and the conversations are read again after it. */
export function useOfferStep(id: string, onDone?: (offer: PurchaseOffer, step: OfferStep) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (step: OfferStep) => send(id, step),
    onSuccess: async (offer, step) => {
      onDone?.(offer, step);
      await reread(client);
    },
  });
}
