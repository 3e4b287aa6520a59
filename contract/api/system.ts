import { z } from 'zod';
import { pathText, type ApiRoute } from './api-route';

const tag = 'system';

/** Health probes, stored images and this reference itself. */
export const SYSTEM_ROUTES = [
  {
    method: 'GET',
    path: '/healthz',
    summary: 'Liveness: the process answers',
    tag,
    auth: 'none',
    response: { status: 200, schema: z.object({ status: z.literal('ok') }) },
    errors: [],
  },
  {
    method: 'GET',
    path: '/readyz',
    summary: 'Readiness: the database answers',
    tag,
    auth: 'none',
    response: { status: 200, schema: z.object({ status: z.literal('ready') }) },
    errors: [503],
  },
  {
    method: 'GET',
    path: '/media/:id/:file',
    summary: 'An uploaded image at one width (e.g. 640.webp); immutable',
    tag,
    auth: 'none',
    params: z.object({
      id: pathText('The media id'),
      file: pathText('The width and extension, e.g. 640.webp'),
    }),
    response: { status: 200, contentType: 'image/webp' },
    errors: [404],
  },
  {
    method: 'GET',
    path: '/api/openapi.json',
    summary: 'This API as an OpenAPI 3.1 document',
    tag,
    auth: 'none',
    response: { status: 200, contentType: 'application/json' },
    errors: [],
  },
  {
    method: 'GET',
    path: '/api/docs',
    summary: 'This API as a readable reference page',
    tag,
    auth: 'none',
    response: { status: 200, contentType: 'text/html' },
    errors: [],
  },
  {
    method: 'GET',
    path: '/api/docs.css',
    summary: 'The style sheet of the reference page',
    tag,
    auth: 'none',
    response: { status: 200, contentType: 'text/css' },
    errors: [],
  },
] as const satisfies readonly ApiRoute[];
