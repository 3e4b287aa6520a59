import { z } from 'zod';
import {
  shopDirectoryQuerySchema,
  shopDirectorySchema,
  shopFacetsSchema,
  shopPageSchema,
  userProfileSchema,
} from '../profiles';
import { conversationRefSchema, shopConversationStartSchema } from '../conversations';
import { pathText, TOTAL_COUNT_HEADER, type ApiRoute } from './api-route';

const tag = 'profiles';
const params = z.object({ slug: pathText('The handle') });

/** Public profiles of people and shops. */
export const PROFILE_ROUTES = [
  {
    method: 'GET',
    path: '/api/profile/u/:slug',
    summary: "A person's public profile",
    tag,
    auth: 'none',
    params,
    response: { status: 200, schema: userProfileSchema },
    errors: [404],
  },
  {
    method: 'GET',
    path: '/api/profile/l/:slug',
    summary: "A luthier's published shop with the passports its maker built and the courses they teach",
    tag,
    auth: 'none',
    params,
    response: { status: 200, schema: shopPageSchema },
    errors: [404],
  },
  {
    method: 'GET',
    path: '/api/profile/shops',
    summary: 'The makers directory: published shops (total in X-Total-Count)',
    tag,
    auth: 'none',
    query: shopDirectoryQuerySchema,
    response: { status: 200, schema: shopDirectorySchema, headers: TOTAL_COUNT_HEADER },
    errors: [400],
  },
  {
    method: 'GET',
    path: '/api/profile/shop-facets',
    summary: "The countries and specialities of published shops (the directory's filters)",
    tag,
    auth: 'none',
    response: { status: 200, schema: shopFacetsSchema },
    errors: [],
  },
  {
    method: 'POST',
    path: '/api/profile/l/:slug/messages',
    summary:
      'Contact the maker, optionally about one of their instruments: opens (or continues) a conversation both sides see in full; emails stay private',
    tag,
    auth: 'session',
    params,
    body: shopConversationStartSchema,
    response: { status: 200, schema: conversationRefSchema },
    errors: [400, 401, 404, 429],
  },
] as const satisfies readonly ApiRoute[];
