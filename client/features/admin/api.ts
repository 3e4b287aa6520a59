import { useQuery } from '@tanstack/react-query';
import type { AdminQueue, VerificationInput } from '../../../contract/admin';
import { apiRequest, getQueryFn } from '../../lib/api';

export const QUEUE_KEY = '/api/admin/queue';
export type VerifiableKind = 'shops' | 'instruments';

/** The verification queue: unverified items by default, verified ones when asked. */
export function useAdminQueue(verified: boolean) {
  return useQuery<AdminQueue>({
    queryKey: [`${QUEUE_KEY}?verified=${verified}`],
    queryFn: getQueryFn<AdminQueue>({ on401: 'throw' }) as () => Promise<AdminQueue>,
  });
}

/** Verifies (with what was checked) or withdraws the badge of a shop or an instrument. */
export const setVerification = (kind: VerifiableKind, id: string, input: VerificationInput) =>
  apiRequest('POST', `/api/admin/${kind}/${encodeURIComponent(id)}/verification`, input);
