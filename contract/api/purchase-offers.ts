import { z } from 'zod';
import {
  purchaseCounterSchema,
  purchaseOfferInputSchema,
  purchaseOfferListQuerySchema,
  purchaseOfferListSchema,
  purchaseOfferSchema,
  soldListSchema,
  soldPriceShownSchema,
} from '../purchase-offers';
import { pathText, type ApiRoute } from './api-route';

const offerParams = z.object({ id: pathText('The purchase offer id') });

const step = <A extends 'accept' | 'decline'>(path: `/api/purchase-offers/:id/${A}`, summary: string) =>
  ({
    method: 'POST',
    path,
    summary,
    tag: 'purchase offers',
    auth: 'session',
    params: offerParams,
    response: { status: 200, schema: purchaseOfferSchema },
    errors: [401, 403, 404, 409, 429],
  }) as const;

/** A buyer's offer on a listed instrument, counter-offers, and the acceptance that makes the transfer. */
export const PURCHASE_OFFER_ROUTES = [
  {
    method: 'POST',
    path: '/api/registry/instruments/:id/purchase-offers',
    summary:
      "Make an offer on an instrument listed for sale (whole units, the listing's currency unless another is given); signed in with a confirmed address",
    tag: 'purchase offers',
    auth: 'session',
    params: z.object({ id: pathText('The instrument id') }),
    body: purchaseOfferInputSchema,
    response: { status: 201, schema: purchaseOfferSchema },
    errors: [400, 401, 403, 404, 409, 429],
  },
  {
    method: 'GET',
    path: '/api/purchase-offers',
    summary: 'Your offers as buyer or as seller, newest first, with their state and who answers next',
    tag: 'purchase offers',
    auth: 'session',
    query: purchaseOfferListQuerySchema,
    response: { status: 200, schema: purchaseOfferListSchema },
    errors: [400, 401],
  },
  {
    method: 'GET',
    path: '/api/purchase-offers/:id',
    summary: 'One offer (its buyer and its seller only)',
    tag: 'purchase offers',
    auth: 'session',
    params: offerParams,
    response: { status: 200, schema: purchaseOfferSchema },
    errors: [401, 404],
  },
  step(
    '/api/purchase-offers/:id/accept',
    'Accept the offer (seller) or the counter-offer (buyer): the ownership transfer to the buyer is made with the agreed price',
  ),
  step('/api/purchase-offers/:id/decline', 'Decline an offer (seller)'),
  {
    method: 'POST',
    path: '/api/purchase-offers/:id/counter',
    summary: "Answer an offer with another price, in the offer's currency (seller)",
    tag: 'purchase offers',
    auth: 'session',
    params: offerParams,
    body: purchaseCounterSchema,
    response: { status: 200, schema: purchaseOfferSchema },
    errors: [400, 401, 403, 404, 409, 429],
  },
  {
    method: 'DELETE',
    path: '/api/purchase-offers/:id',
    summary: 'Withdraw your offer (buyer)',
    tag: 'purchase offers',
    auth: 'session',
    params: offerParams,
    response: { status: 200, schema: purchaseOfferSchema },
    errors: [401, 403, 404, 409, 429],
  },
  {
    method: 'PUT',
    path: '/api/purchase-offers/:id/sold-price',
    summary: 'Show or hide the price of a sold instrument on your storefront (seller)',
    tag: 'purchase offers',
    auth: 'session',
    params: offerParams,
    body: soldPriceShownSchema,
    response: { status: 200, schema: purchaseOfferSchema },
    errors: [400, 401, 404, 409],
  },
  {
    method: 'GET',
    path: '/api/profile/l/:slug/sold',
    summary: "Instruments a shop's owner sold through offers; the price only where the seller shows it",
    tag: 'profiles',
    auth: 'none',
    params: z.object({ slug: pathText('The shop slug') }),
    response: { status: 200, schema: soldListSchema },
    errors: [404],
  },
] as const satisfies readonly ApiRoute[];
