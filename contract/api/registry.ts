import { z } from 'zod';
import { REGISTRY_COUNT_CAP } from '../registry-values';
import {
  createInstrumentSchema,
  editInstrumentSchema,
  instrumentDetailSchema,
  instrumentListSchema,
  listQuerySchema,
  myRegistrySchema,
  portfolioSchema,
  privacySchema,
  privacyStateSchema,
  stolenReportSchema,
} from '../registry';
import { okSchema, pathText, TOTAL_COUNT_HEADER, type ApiRoute } from './api-route';

const tag = 'registry';
export const instrumentParams = z.object({ id: pathText('The instrument id (a UUID)') });

/** The instrument registry: search, passports and their build details. */
export const REGISTRY_ROUTES = [
  {
    method: 'GET',
    path: '/api/registry/instruments',
    summary: 'Search the registry (total in X-Total-Count, X-Total-Count-Capped when counting stopped)',
    tag,
    auth: 'none',
    query: listQuerySchema,
    response: {
      status: 200,
      schema: instrumentListSchema,
      headers: {
        'X-Total-Count': {
          description: `How many match, counted exactly up to ${REGISTRY_COUNT_CAP}; past that it says ${REGISTRY_COUNT_CAP} and X-Total-Count-Capped says "true" (counting stops at the cap, so no search reads every match; show it as "${REGISTRY_COUNT_CAP}+")`,
          schema: TOTAL_COUNT_HEADER['X-Total-Count'].schema,
        },
        'X-Total-Count-Capped': {
          description: `"true" when counting stopped at ${REGISTRY_COUNT_CAP} matches (X-Total-Count then says ${REGISTRY_COUNT_CAP}: "${REGISTRY_COUNT_CAP}+ found")`,
          schema: { type: 'string', enum: ['true', 'false'] },
        },
      },
    },
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
  {
    method: 'POST',
    path: '/api/registry/instruments/:id/report-stolen',
    summary:
      'Report the instrument stolen (owner): the date and place it went missing, a police reference if any',
    tag,
    auth: 'session',
    params: instrumentParams,
    body: stolenReportSchema,
    response: { status: 200, schema: okSchema },
    errors: [400, 401, 403, 404, 429],
  },
  {
    method: 'POST',
    path: '/api/registry/instruments/:id/recovered',
    summary: 'Mark it recovered (owner)',
    tag,
    auth: 'session',
    params: instrumentParams,
    response: { status: 200, schema: okSchema },
    errors: [401, 403, 404],
  },
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
    summary: "Whether the caller's name is hidden on passports they own, and whether they chose",
    tag,
    auth: 'session',
    response: { status: 200, schema: privacyStateSchema },
    errors: [401],
  },
  {
    method: 'PUT',
    path: '/api/registry/privacy',
    summary: "Hide or show the caller's name on passports they own",
    tag,
    auth: 'session',
    body: privacySchema,
    response: { status: 200, schema: privacyStateSchema },
    errors: [400, 401],
  },
] as const satisfies readonly ApiRoute[];
