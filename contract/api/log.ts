import { z } from 'zod';
import {
  consistencyQuerySchema,
  indexLookupSchema,
  inclusionQuerySchema,
  logEntryParamsSchema,
  logEntrySchema,
  logProofSchema,
  passportLogSchema,
} from '../log';
import { logWitnessesSchema } from '../log-witnesses';
import { pathText, type ApiRoute } from './api-route';

const tag = 'transparency log';
const text = 'text/plain';
const octets = 'application/octet-stream';
const tileRest = pathText(
  'The tile number in groups of three digits, all but the last starting with x (1234067: x001/x234/067), then .p/<width> for a partial tile (1–255)',
);

/** The public, append-only transparency log of passport events (Go sumdb/tlog formats, and C2SP tlog-tiles under /log). */
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
    path: '/log/checkpoint',
    summary:
      'The latest signed checkpoint at the C2SP tlog-tiles address (the same bytes as /api/log/checkpoint)',
    // getLogCheckpoint is /api/log/checkpoint's.
    operationId: 'getTlogTilesCheckpoint',
    tag,
    auth: 'none',
    response: { status: 200, contentType: text },
    errors: [],
  },
  {
    method: 'GET',
    path: '/log/policy',
    summary:
      "The C2SP tlog-policy a verifier needs: this log's key and URL, the witnesses that cosign its checkpoints, their groups and the quorum",
    tag,
    auth: 'none',
    response: { status: 200, contentType: text },
    errors: [],
  },
  {
    method: 'GET',
    path: '/api/log/witnesses',
    summary:
      'The witnesses of the policy: the largest tree size each has cosigned, when, and why the last submission failed',
    tag,
    auth: 'none',
    response: { status: 200, schema: logWitnessesSchema },
    errors: [],
  },
  {
    method: 'GET',
    path: '/log/tile/:level/*',
    summary:
      'A C2SP tlog-tiles hash tile: 256 hashes (8,192 bytes) at tree level 8 × level, or the first <width> of them; 404 until the tree has them',
    tag,
    auth: 'none',
    params: z.object({ level: pathText('The tile level, 0 to 63'), '*': tileRest }),
    response: { status: 200, contentType: octets },
    errors: [400, 404],
  },
  {
    method: 'GET',
    path: '/log/tile/entries/*',
    summary:
      'A C2SP tlog-tiles entry bundle: 256 log entries (or the first <width>), each a big-endian uint16 length and the leaf bytes; gzip when accepted',
    tag,
    auth: 'none',
    params: z.object({ '*': tileRest }),
    response: { status: 200, contentType: octets },
    errors: [400, 404],
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
    path: '/api/log/entries/:index/tlog-proof',
    summary:
      "A C2SP tlog-proof@v1 file for one entry: its inclusion proof against the newest checkpoint the policy's quorum has cosigned (the newest checkpoint under quorum none), with that cosigned checkpoint; 409 until one covers the entry",
    tag,
    auth: 'none',
    params: logEntryParamsSchema,
    response: { status: 200, contentType: text },
    errors: [400, 404, 409],
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
  {
    method: 'GET',
    path: '/api/log/index/:code',
    summary:
      "A passport's complete list of log indices (or a proof that it has none) from the verifiable index, against the newest output checkpoint the policy's quorum has cosigned; 409 until there is one",
    tag,
    auth: 'none',
    params: z.object({ code: pathText('The passport code') }),
    response: { status: 200, schema: indexLookupSchema },
    errors: [409],
  },
  {
    method: 'GET',
    path: '/index/checkpoint',
    summary: "The verifiable index's output log checkpoint (C2SP tlog-checkpoint, origin <host>/index)",
    tag,
    auth: 'none',
    response: { status: 200, contentType: text },
    errors: [],
  },
  {
    method: 'GET',
    path: '/index/policy',
    summary: 'The same tlog-policy as /log/policy: both logs, the witnesses and the quorum',
    tag,
    auth: 'none',
    response: { status: 200, contentType: text },
    errors: [],
  },
  {
    method: 'GET',
    path: '/index/tile/:level/*',
    summary: "A hash tile of the verifiable index's output log (as /log/tile)",
    tag,
    auth: 'none',
    params: z.object({ level: pathText('The tile level, 0 to 63'), '*': tileRest }),
    response: { status: 200, contentType: octets },
    errors: [400, 404],
  },
  {
    method: 'GET',
    path: '/index/tile/entries/*',
    summary:
      "An entry bundle of the verifiable index's output log: each leaf is one index revision (as /log/tile/entries)",
    tag,
    auth: 'none',
    params: z.object({ '*': tileRest }),
    response: { status: 200, contentType: octets },
    errors: [400, 404],
  },
] as const satisfies readonly ApiRoute[];
