import { z } from 'zod';
import { adminQueueQuerySchema, adminQueueSchema, verificationSchema } from '../admin';
import { pathText, type ApiRoute } from './api-route';

const tag = 'admin';

/** The registry admins' verification queue. */
export const ADMIN_ROUTES = [
  {
    method: 'GET',
    path: '/api/admin/queue',
    summary: 'Shops and instruments waiting for verification (or verified ones)',
    tag,
    auth: 'admin',
    query: adminQueueQuerySchema,
    response: { status: 200, schema: adminQueueSchema },
    errors: [400, 401, 403],
  },
  {
    method: 'POST',
    path: '/api/admin/shops/:id/verification',
    summary: 'Mark a shop verified or not',
    tag,
    auth: 'admin',
    params: z.object({ id: pathText('The shop id') }),
    body: verificationSchema,
    response: { status: 200, schema: verificationSchema },
    errors: [400, 401, 403, 404],
  },
  {
    method: 'POST',
    path: '/api/admin/instruments/:id/verification',
    summary: 'Mark an instrument verified or not',
    tag,
    auth: 'admin',
    params: z.object({ id: pathText('The instrument id') }),
    body: verificationSchema,
    response: { status: 200, schema: verificationSchema },
    errors: [400, 401, 403, 404],
  },
] as const satisfies readonly ApiRoute[];
