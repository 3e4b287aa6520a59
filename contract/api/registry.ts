import { z } from 'zod';
import {
  createInstrumentSchema,
  editInstrumentSchema,
  instrumentDetailSchema,
  instrumentListSchema,
  listQuerySchema,
  myRegistrySchema,
  portfolioSchema,
  privacySchema,
} from '../registry';
import { okSchema, pathText, type ApiRoute } from './api-route';

const tag = 'registry';
export const instrumentParams = z.object({ id: pathText('The instrument id (a UUID)') });

const statusChange = <A extends 'report-stolen' | 'recovered'>(action: A) => ({
  method: 'POST' as const,
  path: `/api/registry/instruments/:id/${action}` as const,
  summary: action === 'report-stolen' ? 'Report the instrument stolen (owner)' : 'Mark it recovered (owner)',
  tag,
  auth: 'session' as const,
  params: instrumentParams,
  response: { status: 200, schema: okSchema },
  errors: [401, 403, 404],
});

/** The instrument registry: search, passports and their build details. */
export const REGISTRY_ROUTES = [
  {
    method: 'GET',
    path: '/api/registry/instruments',
    summary: 'Search the registry (total in X-Total-Count, X-Total-Count-Capped when counting stopped)',
    tag,
    auth: 'none',
    query: listQuerySchema,
    response: { status: 200, schema: instrumentListSchema },
    errors: [400],
  },
  {
    method: 'GET',
    path: '/api/registry/instruments/:id',
    summary: "An instrument's passport (what the caller may do with it when signed in)",
    tag,
    auth: 'optional',
    params: instrumentParams,
    response: { status: 200, schema: instrumentDetailSchema },
    errors: [404],
  },
  {
    method: 'POST',
    path: '/api/registry/instruments',
    summary: 'Register an instrument (luthiers with a shop)',
    tag,
    auth: 'session',
    body: createInstrumentSchema,
    response: { status: 201, schema: instrumentDetailSchema },
    errors: [400, 401, 403],
  },
  {
    method: 'PATCH',
    path: '/api/registry/instruments/:id',
    summary: 'Edit the build details (maker)',
    tag,
    auth: 'session',
    params: instrumentParams,
    body: editInstrumentSchema,
    response: { status: 200, schema: instrumentDetailSchema },
    errors: [400, 401, 403, 404],
  },
  statusChange('report-stolen'),
  statusChange('recovered'),
  {
    method: 'PUT',
    path: '/api/registry/instruments/:id/portfolio',
    summary: "Show or hide an instrument among the portfolio pieces of its maker's storefront (maker)",
    tag,
    auth: 'session',
    params: instrumentParams,
    body: portfolioSchema,
    response: { status: 200, schema: portfolioSchema },
    errors: [400, 401, 403, 404],
  },
  {
    method: 'GET',
    path: '/api/registry/me',
    summary: 'Instruments the caller owns or made, and their shop',
    tag,
    auth: 'session',
    response: { status: 200, schema: myRegistrySchema },
    errors: [401],
  },
  {
    method: 'GET',
    path: '/api/registry/privacy',
    summary: "Whether the caller's name is hidden on passports they own",
    tag,
    auth: 'session',
    response: { status: 200, schema: privacySchema },
    errors: [401],
  },
  {
    method: 'PUT',
    path: '/api/registry/privacy',
    summary: "Hide or show the caller's name on passports they own",
    tag,
    auth: 'session',
    body: privacySchema,
    response: { status: 200, schema: privacySchema },
    errors: [400, 401],
  },
] as const satisfies readonly ApiRoute[];
