import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../lib/api-client';
import { ME_KEY } from '../../lib/auth';

/** Follows the link once on arrival (the token is single-use, so a re-render must not send it again). */
export function useVerifyEmail(token: string | null) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (value: string) => api('POST /api/auth/verify-email', { body: { token: value } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ME_KEY }),
  });
  const sent = useRef(false);
  const { mutate } = mutation;
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);
  return mutation;
}

export const resendVerification = () => api('POST /api/auth/verify-email/resend');
