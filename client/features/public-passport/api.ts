import { useMutation, useQuery } from '@tanstack/react-query';
import type { PassportLog } from '../../../contract/log';
import type { SightingInput } from '../../../contract/public-passport';
import { api, apiQuery } from '../../lib/api-client';

export const usePublicPassport = (code: string) =>
  useQuery({ ...apiQuery('GET /api/public/passports/:code', { params: { code } }), retry: false });

/**
 * The owner's listing beside a passport ("For sale by its owner"). Read for every passport, whatever its status, so
 * the read the server preloads with the page is always used.
 */
export const usePublicListing = (code: string) =>
  useQuery({ ...apiQuery('GET /api/public/passports/:code/listing', { params: { code } }), retry: false });

/** What the Verify panel checks: the log's key, and the passport's leaves with proofs against one checkpoint. */
export async function fetchLogBundle(code: string): Promise<{ vkey: string; log: PassportLog }> {
  // Read as anyone would, fresh: the panel checks what the log serves, not a cached or personal copy.
  const fresh = { credentials: 'omit', cache: 'no-store' } as const;
  const [vkey, log] = await Promise.all([
    api('GET /api/log/key', fresh),
    api('GET /api/public/passports/:code/log', { params: { code }, ...fresh }),
  ]);
  return { vkey: vkey.trim(), log };
}

export const useCheck = (q: string) =>
  useQuery({
    ...apiQuery('GET /api/public/check', { query: { q } }),
    enabled: q.length > 0,
    retry: false,
    staleTime: 60_000,
  });

/** The passport code of an instrument id, so a guest opening a member's link is offered the public passport. */
export const usePassportCodeOf = (id: string, enabled: boolean) =>
  useQuery({
    ...apiQuery('GET /api/public/instruments/:id', { params: { id } }),
    select: (found) => found.passportCode,
    enabled,
    retry: false,
  });

/** "I have information": relayed to the stolen instrument's owner. */
export const useSighting = () =>
  useMutation({
    mutationFn: (input: SightingInput) => api('POST /api/public/check/sightings', { body: input }),
  });
