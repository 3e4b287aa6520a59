import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, RegisterInput, RequestResetInput, User } from '../../../contract/auth';
import { api } from '../../lib/api-client';
import { ME_KEY, setSignedInUser } from '../../lib/auth';

/** Sign-in and sign-up both answer the user; the current-user state is refreshed from it. */
function useSignedIn() {
  const queryClient = useQueryClient();
  return async (user: User) => {
    setSignedInUser(queryClient, user);
    await queryClient.invalidateQueries({ queryKey: ME_KEY });
    return user;
  };
}

export function useSignIn() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: async (input: LoginInput) => signedIn(await api('POST /api/auth/login', { body: input })),
  });
}

export function useSignUp() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: async (input: RegisterInput) =>
      signedIn(await api('POST /api/auth/register', { body: input })),
  });
}

export function useRequestReset() {
  return useMutation({
    mutationFn: (input: RequestResetInput) => api('POST /api/auth/request-reset', { body: input }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; password: string }) =>
      api('POST /api/auth/reset-password', { body: input }),
  });
}
