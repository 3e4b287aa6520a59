import { z } from 'zod';
import {
  checkQuerySchema,
  checkResultSchema,
  instrumentCodeSchema,
  publicPassportSchema,
  sightingResultSchema,
  sightingSchema,
} from '../public-passport';
import { pathText, type ApiRoute } from './api-route';

const tag = 'public passports';

/** What anyone, without an account, may read about an instrument: the operations marketplaces and insurers call. */
export const PUBLIC_PASSPORT_ROUTES = [
  {
    method: 'GET',
    path: '/api/registry/instruments/:id/owner-dossier.pdf',
    summary:
      "The owner's copy of the provenance dossier (PDF): the public dossier plus the private values the log commits to, with their salts (current owner: what was recorded while it was theirs; admins: all)",
    tag,
    auth: 'session',
    params: z.object({ id: pathText('The instrument id (a UUID)') }),
    response: { status: 200, contentType: 'application/pdf' },
    errors: [401, 403, 404],
  },
  {
    method: 'GET',
    path: '/api/public/passports/:code',
    summary: "An instrument's public passport: build details, photos, provenance, service history and status",
    tag,
    auth: 'none',
    params: z.object({ code: pathText('The passport code') }),
    response: { status: 200, schema: publicPassportSchema },
    errors: [404],
  },
  {
    method: 'GET',
    path: '/api/public/instruments/:id',
    summary: 'The passport code of an instrument, from its registry id',
    tag,
    auth: 'none',
    params: z.object({ id: pathText('The instrument id (a UUID)') }),
    response: { status: 200, schema: instrumentCodeSchema },
    errors: [404],
  },
  {
    method: 'GET',
    path: '/p/:code/dossier.pdf',
    summary:
      'The provenance dossier (PDF) of a public passport: photos, build facts, provenance, services, status, every log entry with its inclusion proof and the checkpoint, attached as passport-log.json for `npm run verify`',
    tag,
    auth: 'none',
    params: z.object({ code: pathText('The passport code') }),
    response: { status: 200, contentType: 'application/pdf' },
    errors: [404],
  },
  {
    method: 'GET',
    path: '/p/:code/label.svg',
    summary:
      "A printable label: a QR code of the passport's public page with its code, the name and the maker (SVG)",
    tag,
    auth: 'none',
    params: z.object({ code: pathText('The passport code') }),
    response: { status: 200, contentType: 'image/svg+xml' },
    errors: [404],
  },
  {
    method: 'GET',
    path: '/p/:code/label.png',
    summary: 'The same label as a PNG at print quality',
    tag,
    auth: 'none',
    params: z.object({ code: pathText('The passport code') }),
    response: { status: 200, contentType: 'image/png' },
    errors: [404],
  },
  {
    method: 'GET',
    path: '/p/:code/og.png',
    summary: "The passport's share preview (Open Graph image, PNG): the primary photo with the name and code",
    tag,
    auth: 'none',
    params: z.object({ code: pathText('The passport code') }),
    response: { status: 200, contentType: 'image/png' },
    errors: [404],
  },
  {
    method: 'GET',
    path: '/api/public/check',
    summary: 'Check a passport code or serial number: found, reported stolen, or not in the registry',
    tag,
    auth: 'none',
    query: checkQuerySchema,
    response: { status: 200, schema: checkResultSchema },
    errors: [400, 429],
  },
  {
    method: 'POST',
    path: '/api/public/check/sightings',
    summary:
      'I have information: a message about an instrument reported stolen, relayed to its owner (who is never named to the sender)',
    tag,
    auth: 'none',
    body: sightingSchema,
    response: { status: 200, schema: sightingResultSchema },
    errors: [400, 404, 429],
  },
] as const satisfies readonly ApiRoute[];
