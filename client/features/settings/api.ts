import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChangeEmailInput,
  ChangePasswordInput,
  DeleteAccountInput,
  ProfileUpdate,
  ShopUpdate,
} from '../../../contract/account';
import type { HandleRenameInput } from '../../../contract/handles';
import type { PrivacyInput } from '../../../contract/registry';
import { ACCOUNT_KEY } from '../../lib/account';
import { api, apiQuery } from '../../lib/api-client';
import { ME_KEY, setSignedInUser } from '../../lib/auth';

export { useAccount } from '../../lib/account';
const sessionsQuery = apiQuery('GET /api/account/sessions');
export const SESSIONS_KEY = sessionsQuery.queryKey;

export const useSessions = () => useQuery(sessionsQuery);

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
  useAccountMutation((input: ProfileUpdate) => api('PATCH /api/account/profile', { body: input }));
export const useUpdateShop = () =>
  useAccountMutation((input: ShopUpdate) => api('PATCH /api/account/shop', { body: input }));
export const useChangePassword = () =>
  useAccountMutation((input: ChangePasswordInput) => api('POST /api/account/password', { body: input }));
export const useChangeEmail = () =>
  useAccountMutation((input: ChangeEmailInput) => api('POST /api/account/email', { body: input }));
export const useEndSession = () =>
  useAccountMutation((id: string) => api('DELETE /api/account/sessions/:id', { params: { id } }));
/** Sign out everywhere: this session ends too, so the cache is emptied as after a sign-out. */
export function useSignOutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('DELETE /api/account/sessions'),
    onSuccess: () => {
      queryClient.clear();
      setSignedInUser(queryClient, null);
    },
  });
}
export const useRemoveAvatar = () => useAccountMutation(() => api('DELETE /api/account/avatar'));

/** Multipart upload: the browser sets the boundary. */
export const useUploadAvatar = () =>
  useAccountMutation(async (file: File) => {
    const body = new FormData();
    body.append('file', file);
    return api('POST /api/account/avatar', { form: body });
  });

export const useUploadShopCover = () =>
  useAccountMutation(async (file: File) => {
    const body = new FormData();
    body.append('file', file);
    return api('POST /api/account/shop/cover', { form: body });
  });
export const useRemoveShopCover = () => useAccountMutation(() => api('DELETE /api/account/shop/cover'));

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeleteAccountInput) => api('POST /api/account/delete', { body: input }),
    onSuccess: () => {
      queryClient.clear();
      setSignedInUser(queryClient, null);
    },
  });
}

export const useRenameHandle = () =>
  useAccountMutation((input: HandleRenameInput) => api('POST /api/account/handle', { body: input }));

const privacyQuery = apiQuery('GET /api/registry/privacy');
const PRIVACY_KEY = privacyQuery.queryKey;
export const usePassportPrivacy = () => useQuery(privacyQuery);
export function useSetPassportPrivacy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PrivacyInput) => api('PUT /api/registry/privacy', { body: input }),
    // The choice shows at once; a failed save puts back what the server holds.
    onMutate: (input: PrivacyInput) =>
      queryClient.setQueryData(PRIVACY_KEY, () => ({
        ownerPrivacy: Boolean(input.ownerPrivacy),
        chosen: true,
      })),
    onError: () => queryClient.invalidateQueries({ queryKey: PRIVACY_KEY }),
    onSuccess: async (state) => {
      queryClient.setQueryData(PRIVACY_KEY, state);
      // Passports and the dashboard show the owner's name by this choice.
      await queryClient.invalidateQueries({
        predicate: (q) => /^GET \/api\/(registry|public)\//.test(String(q.queryKey[0])),
      });
    },
  });
}
