import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OpenShopInput } from '../../../contract/account';
import { ACCOUNT_KEY } from '../../lib/account';
import { api, invalidateReads } from '../../lib/api-client';

/** POST /api/account/shop: the account becomes a luthier's; the settings and the session's role follow. */
export function useOpenShop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OpenShopInput) => api('POST /api/account/shop', { body: input }),
    onSuccess: async (account) => {
      queryClient.setQueryData(ACCOUNT_KEY, account);
      await invalidateReads(queryClient, 'GET /api/auth/me', 'GET /api/registry/me');
    },
  });
}
