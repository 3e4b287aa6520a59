import { useMutation, useQuery } from '@tanstack/react-query';
import type { PassportLog } from '../../../contract/log';
import type { CheckResult, PublicPassport, SightingInput } from '../../../contract/public-passport';
import { apiJson, throwIfResNotOk } from '../../lib/api';

export const publicPassportUrl = (code: string) => `/api/public/passports/${encodeURIComponent(code)}`;

export function usePublicPassport(code: string) {
  return useQuery({
    queryKey: [publicPassportUrl(code)],
    queryFn: () => apiJson<PublicPassport>('GET', publicPassportUrl(code)),
    retry: false,
  });
}

/** What the Verify panel checks: the log's key, and the passport's leaves with proofs against one checkpoint. */
export async function fetchLogBundle(code: string): Promise<{ vkey: string; log: PassportLog }> {
  const [keyRes, logRes] = await Promise.all([
    fetch('/api/log/key', { credentials: 'omit', cache: 'no-store' }),
    fetch(`${publicPassportUrl(code)}/log`, { credentials: 'omit', cache: 'no-store' }),
  ]);
  await throwIfResNotOk(keyRes);
  await throwIfResNotOk(logRes);
  return { vkey: (await keyRes.text()).trim(), log: (await logRes.json()) as PassportLog };
}

export const checkUrl = (q: string) => `/api/public/check?q=${encodeURIComponent(q)}`;

export function useCheck(q: string) {
  return useQuery({
    queryKey: [checkUrl(q)],
    queryFn: () => apiJson<CheckResult>('GET', checkUrl(q)),
    enabled: q.length > 0,
    retry: false,
    staleTime: 60_000,
  });
}

/** The passport code of an instrument id, so a guest opening a member's link is offered the public passport. */
export function usePassportCodeOf(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['/api/public/instruments', id],
    queryFn: async () =>
      (await apiJson<{ passportCode: string }>('GET', `/api/public/instruments/${encodeURIComponent(id)}`))
        .passportCode,
    enabled,
    retry: false,
  });
}

/** "I have information": relayed to the stolen instrument's owner. */
export const useSighting = () =>
  useMutation({
    mutationFn: (input: SightingInput) => apiJson<{ ok: true }>('POST', '/api/public/check/sightings', input),
  });
