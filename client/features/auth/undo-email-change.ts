import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UndoEmailChangeResponse } from '../../../contract/auth';
import { apiJson } from '../../lib/api';
import { ME_KEY } from '../../lib/auth';

/** Undoes an email change with the link mailed to the previous address; every session ends with it. */
export function useUndoEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiJson<UndoEmailChangeResponse>('POST', '/api/auth/email-change/undo', { token }),
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(ME_KEY, { user: null });
    },
  });
}
