import { z } from 'zod';
import {
  consistencyQuerySchema,
  inclusionQuerySchema,
  logEntryParamsSchema,
  logEntrySchema,
  logProofSchema,
  passportLogSchema,
} from '../log';
import { pathText, type ApiRoute } from './api-route';

const tag = 'transparency log';
const text = 'text/plain';

/** The public, append-only transparency log of passport events (Go sumdb/tlog formats). */
export const LOG_ROUTES = [
  {
    method: 'GET',
    path: '/api/log/key',
    summary: "The log's verifier key (a signed-note vkey line)",
    tag,
    auth: 'none',
    response: { status: 200, contentType: text },
    errors: [],
  },
  {
    method: 'GET',
    path: '/api/log/checkpoint',
    summary: 'The latest signed checkpoint (tree size and root hash, as a signed note)',
    tag,
    auth: 'none',
    response: { status: 200, contentType: text },
    errors: [],
  },
  {
    method: 'GET',
    path: '/api/log/entries/:index',
    summary: 'One log entry (leaf) by its index',
    tag,
    auth: 'none',
    params: logEntryParamsSchema,
    response: { status: 200, schema: logEntrySchema },
    errors: [400, 404],
  },
  {
    method: 'GET',
    path: '/api/log/proof/inclusion',
    summary: 'An inclusion proof of an entry in a tree of the given size',
    tag,
    auth: 'none',
    query: inclusionQuerySchema,
    response: { status: 200, schema: logProofSchema },
    errors: [400, 404],
  },
  {
    method: 'GET',
    path: '/api/log/proof/consistency',
    summary: 'A consistency proof between two tree sizes',
    tag,
    auth: 'none',
    query: consistencyQuerySchema,
    response: { status: 200, schema: logProofSchema },
    errors: [400, 404],
  },
  {
    method: 'GET',
    path: '/api/public/passports/:code/log',
    summary: "A passport's log entries with inclusion proofs against the latest checkpoint",
    tag,
    auth: 'none',
    params: z.object({ code: pathText('The passport code') }),
    response: { status: 200, schema: passportLogSchema },
    errors: [404],
  },
] as const satisfies readonly ApiRoute[];
