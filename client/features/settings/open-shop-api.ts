import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Account, OpenShopInput } from '../../../contract/account';
import { ACCOUNT_KEY } from '../../lib/account';
import { apiJson } from '../../lib/api';
import { ME_KEY } from '../../lib/auth';

/** POST /api/account/shop: the account becomes a luthier's; the settings and the session's role follow. */
export function useOpenShop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OpenShopInput) => apiJson<Account>('POST', '/api/account/shop', input),
    onSuccess: async (account) => {
      queryClient.setQueryData(ACCOUNT_KEY, account);
      await queryClient.invalidateQueries({ queryKey: ME_KEY });
      await queryClient.invalidateQueries({ queryKey: ['/api/registry/me'] });
    },
  });
}
