import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { setSignedInUser } from '../../lib/auth';

/** Undoes an email change with the link mailed to the previous address; every session ends with it. */
export function useUndoEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api('POST /api/auth/email-change/undo', { body: { token } }),
    onSuccess: () => {
      queryClient.clear();
      setSignedInUser(queryClient, null);
    },
  });
}
