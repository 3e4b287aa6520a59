import { useMutation, useQuery } from '@tanstack/react-query';
import type { ContactInput } from '../../../contract/contact';
import { api, apiQuery } from '../../lib/api-client';

/** Who runs the registry (OPERATOR_NAME, OPERATOR_EMAIL). */
export const useOperator = () => useQuery({ ...apiQuery('GET /api/public/contact'), staleTime: Infinity });

export const useSendContactMessage = () =>
  useMutation({ mutationFn: (input: ContactInput) => api('POST /api/public/contact', { body: input }) });
