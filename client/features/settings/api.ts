import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Account,
  ChangeEmailInput,
  ChangePasswordInput,
  DeleteAccountInput,
  ProfileUpdate,
  SessionInfo,
  ShopUpdate,
} from '../../../contract/account';
import type { HandleRenameInput, HandleRenameResponse } from '../../../contract/handles';
import type { PrivacyInput, PrivacyState } from '../../../contract/registry';
import { apiJson, getQueryFn, throwIfResNotOk } from '../../lib/api';
import { ACCOUNT_KEY } from '../../lib/account';
import { ME_KEY } from '../../lib/auth';

export { ACCOUNT_KEY, useAccount } from '../../lib/account';
export const SESSIONS_KEY = ['/api/account/sessions'] as const;

export const useSessions = () =>
  useQuery({ queryKey: SESSIONS_KEY, queryFn: getQueryFn<SessionInfo[]>({ on401: 'throw' }) });

/** A mutation that refreshes the account (and the signed-in person) when it succeeds. */
function useAccountMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ACCOUNT_KEY });
      await queryClient.invalidateQueries({ queryKey: ME_KEY });
      await queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    },
  });
}

export const useUpdateProfile = () =>
  useAccountMutation((input: ProfileUpdate) => apiJson<Account>('PATCH', '/api/account/profile', input));
export const useUpdateShop = () =>
  useAccountMutation((input: ShopUpdate) => apiJson<Account>('PATCH', '/api/account/shop', input));
export const useChangePassword = () =>
  useAccountMutation((input: ChangePasswordInput) => apiJson('POST', '/api/account/password', input));
export const useChangeEmail = () =>
  useAccountMutation((input: ChangeEmailInput) => apiJson('POST', '/api/account/email', input));
export const useEndSession = () =>
  useAccountMutation((id: string) => apiJson('DELETE', `/api/account/sessions/${id}`));
/** Sign out everywhere: this session ends too, so the cache is emptied as after a sign-out. */
export function useSignOutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson('DELETE', '/api/account/sessions'),
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(ME_KEY, { user: null });
    },
  });
}
export const useRemoveAvatar = () => useAccountMutation(() => apiJson('DELETE', '/api/account/avatar'));

/** Multipart upload: the browser sets the boundary, so no JSON helper here. */
export const useUploadAvatar = () =>
  useAccountMutation(async (file: File) => {
    const body = new FormData();
    body.append('file', file);
    const res = await fetch('/api/account/avatar', { method: 'POST', body, credentials: 'include' });
    await throwIfResNotOk(res);
    return (await res.json()) as { avatarUrl: string };
  });

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeleteAccountInput) => apiJson('POST', '/api/account/delete', input),
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(ME_KEY, { user: null });
    },
  });
}

export const useRenameHandle = () =>
  useAccountMutation((input: HandleRenameInput) =>
    apiJson<HandleRenameResponse>('POST', '/api/account/handle', input),
  );

export const PRIVACY_KEY = ['/api/registry/privacy'] as const;
export const usePassportPrivacy = () =>
  useQuery({ queryKey: PRIVACY_KEY, queryFn: getQueryFn<PrivacyState>({ on401: 'throw' }) });
export function useSetPassportPrivacy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PrivacyInput) => apiJson<PrivacyState>('PUT', '/api/registry/privacy', input),
    // The choice shows at once; a failed save puts back what the server holds.
    onMutate: (input: PrivacyInput) =>
      queryClient.setQueryData<PrivacyState>(PRIVACY_KEY, {
        ownerPrivacy: Boolean(input.ownerPrivacy),
        chosen: true,
      }),
    onError: () => queryClient.invalidateQueries({ queryKey: PRIVACY_KEY }),
    onSuccess: async (state) => {
      queryClient.setQueryData(PRIVACY_KEY, state);
      // Passports and the dashboard show the owner's name by this choice.
      await queryClient.invalidateQueries({
        predicate: (q) => /^\/api\/(registry|public)\//.test(String(q.queryKey[0])),
      });
    },
  });
}
