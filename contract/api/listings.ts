import { z } from 'zod';
import { accountSchema, openShopSchema } from '../account';
import { listingInputSchema, listingStateSchema, publicListingSchema } from '../listings';
import { pathText, type ApiRoute } from './api-route';

/** The marketplace's listings (for sale or open to commissions) and opening a shop. */
export const LISTING_ROUTES = [
  {
    method: 'PUT',
    path: '/api/registry/instruments/:id/listing',
    summary:
      'List an instrument for sale (price in an ISO 4217 currency, optional) or as open to commissions, or take it off (current owner)',
    tag: 'registry',
    auth: 'session',
    params: z.object({ id: pathText('The instrument id') }),
    body: listingInputSchema,
    response: { status: 200, schema: listingStateSchema },
    errors: [400, 401, 403, 404, 409, 429],
  },
  {
    method: 'GET',
    path: '/api/public/passports/:code/listing',
    summary:
      "Whether the instrument's owner lists it (for sale with its price, or open to commissions), and their shop when it is published",
    tag: 'public passports',
    auth: 'none',
    params: z.object({ code: pathText('The passport code') }),
    response: { status: 200, schema: publicListingSchema },
    errors: [404],
  },
  {
    method: 'POST',
    path: '/api/account/shop',
    summary:
      "Open a shop: an enthusiast's account becomes a luthier's, with an unpublished shop at their handle",
    tag: 'account',
    auth: 'session',
    body: openShopSchema,
    response: { status: 201, schema: accountSchema },
    errors: [400, 401, 403, 409, 429],
  },
] as const satisfies readonly ApiRoute[];
