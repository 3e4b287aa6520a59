import { useQuery } from '@tanstack/react-query';
import type { VerificationInput } from '../../../contract/admin';
import { api, apiQuery } from '../../lib/api-client';

export type VerifiableKind = 'shops' | 'instruments';

/** The verification queue: unverified items by default, verified ones when asked. */
export const useAdminQueue = (verified: boolean) =>
  useQuery(apiQuery('GET /api/admin/queue', { query: { verified: verified ? 'true' : 'false' } }));

/** Verifies (with what was checked) or withdraws the badge of a shop or an instrument. */
export const setVerification = (kind: VerifiableKind, id: string, input: VerificationInput) =>
  kind === 'shops'
    ? api('POST /api/admin/shops/:id/verification', { params: { id }, body: input })
    : api('POST /api/admin/instruments/:id/verification', { params: { id }, body: input });

/** Messages sent through /contact, newest first. */
export const useContactMessages = () => useQuery(apiQuery('GET /api/admin/contact-messages'));

/** Marks a contact message handled (naming the admin) or open again. */
export const setContactHandled = (id: string, handled: boolean) =>
  api('PUT /api/admin/contact-messages/:id/handled', { params: { id }, body: { handled } });
