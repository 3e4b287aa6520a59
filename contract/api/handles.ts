import {
  claimResponseSchema,
  claimSchema,
  handleRenameResponseSchema,
  handleRenameSchema,
  reserveResponseSchema,
  reserveSchema,
  handleCheckQuerySchema,
  handleCheckResponseSchema,
} from '../handles';
import type { ApiRoute } from './api-route';

const tag = 'handles';

/** Handles: one namespace for people (/u/{handle}) and shops (/l/{handle}). */
export const HANDLE_ROUTES = [
  {
    method: 'GET',
    path: '/api/slug/check',
    summary: 'Whether a handle is free, with suggestions',
    tag,
    auth: 'optional',
    query: handleCheckQuerySchema,
    response: { status: 200, schema: handleCheckResponseSchema },
    errors: [400, 429],
  },
  {
    method: 'POST',
    path: '/api/slug/reserve',
    summary: 'Hold a handle for a few minutes while the form is filled in',
    tag,
    auth: 'session',
    body: reserveSchema,
    response: { status: 200, schema: reserveResponseSchema },
    errors: [400, 401, 409],
  },
  {
    method: 'POST',
    path: '/api/slug/claim',
    summary: 'Claim a handle for the signed-in person or their shop',
    tag,
    auth: 'session',
    body: claimSchema,
    response: { status: 200, schema: claimResponseSchema },
    errors: [400, 401, 403, 409],
  },
  {
    method: 'POST',
    path: '/api/account/handle',
    summary:
      'Change your handle: the old one stays held for you for 180 days, and its /u/ and /l/ pages redirect (301) to the new one',
    tag,
    auth: 'session',
    body: handleRenameSchema,
    response: { status: 200, schema: handleRenameResponseSchema },
    errors: [400, 401, 409, 429],
  },
] as const satisfies readonly ApiRoute[];
