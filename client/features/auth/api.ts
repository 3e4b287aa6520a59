import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, RegisterInput, RequestResetInput, User } from '../../../contract/auth';
import { apiJson } from '../../lib/api';
import { ME_KEY } from '../../lib/auth';

/** Sign-in and sign-up both answer the user; the current-user state is refreshed from it. */
function useSignedIn() {
  const queryClient = useQueryClient();
  return async (user: User) => {
    queryClient.setQueryData(ME_KEY, { user });
    await queryClient.invalidateQueries({ queryKey: ME_KEY });
    return user;
  };
}

export function useSignIn() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: async (input: LoginInput) => signedIn(await apiJson<User>('POST', '/api/auth/login', input)),
  });
}

export function useSignUp() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: async (input: RegisterInput) =>
      signedIn(await apiJson<User>('POST', '/api/auth/register', input)),
  });
}

export function useRequestReset() {
  return useMutation({
    mutationFn: (input: RequestResetInput) => apiJson<{ ok: true }>('POST', '/api/auth/request-reset', input),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; password: string }) =>
      apiJson<{ ok: true }>('POST', '/api/auth/reset-password', input),
  });
}
