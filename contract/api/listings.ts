import { z } from 'zod';
import { accountSchema, openShopSchema } from '../account';
import { conversationListSchema, conversationPostSchema, conversationSchema } from '../conversations';
import { listingInputSchema, listingStateSchema, publicListingSchema } from '../listings';
import { okSchema, pathText, type ApiRoute } from './api-route';

const conversationParams = z.object({ id: pathText('The conversation id') });

/** The marketplace: listings, conversations between members and shops, and opening a shop. */
export const MARKET_ROUTES = [
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
    method: 'GET',
    path: '/api/conversations',
    summary: 'Your conversations with shops and members, newest first, with unread counts',
    tag: 'conversations',
    auth: 'session',
    response: { status: 200, schema: conversationListSchema },
    errors: [401],
  },
  {
    method: 'GET',
    path: '/api/conversations/:id',
    summary: 'One conversation in full (its two participants only)',
    tag: 'conversations',
    auth: 'session',
    params: conversationParams,
    response: { status: 200, schema: conversationSchema },
    errors: [401, 404],
  },
  {
    method: 'POST',
    path: '/api/conversations/:id/read',
    summary: 'Mark a conversation read up to now (and its inbox entries)',
    tag: 'conversations',
    auth: 'session',
    params: conversationParams,
    response: { status: 200, schema: okSchema },
    errors: [401, 404],
  },
  {
    method: 'POST',
    path: '/api/conversations/:id/messages',
    summary:
      "Write in a conversation: the other side is told in the app and by mail, without either's address",
    tag: 'conversations',
    auth: 'session',
    params: conversationParams,
    body: conversationPostSchema,
    response: { status: 201, schema: conversationSchema },
    errors: [400, 401, 404, 429],
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
