import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationList,
  NotificationPreferences,
  NotificationPreferencesUpdate,
  NotificationReplyInput,
} from '../../../contract/notifications';
import { apiJson, getQueryFn } from '../../lib/api';

export const NOTIFICATIONS_KEY = ['/api/notifications'] as const;
export const PREFERENCES_KEY = ['/api/account/notification-preferences'] as const;

/** The inbox; refreshed every minute and when the window regains focus, so the bell's count stays current. */
export const useNotifications = (enabled = true) =>
  useQuery({
    queryKey: NOTIFICATIONS_KEY,
    queryFn: getQueryFn<NotificationList>({ on401: 'returnNull' }),
    enabled,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });

function useInboxMutation<I>(fn: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

export const useMarkRead = () =>
  useInboxMutation((id: string) => apiJson('POST', `/api/notifications/${encodeURIComponent(id)}/read`));
export const useMarkAllRead = () => useInboxMutation(() => apiJson('POST', '/api/notifications/read-all'));

/** Answers a message to the person who wrote it (the server knows who; neither email is shown). */
export const replyToNotification = (id: string, input: NotificationReplyInput) =>
  apiJson<{ ok: true }>('POST', `/api/notifications/${encodeURIComponent(id)}/reply`, input);
export const useReplyToNotification = (id: string) =>
  useInboxMutation((input: NotificationReplyInput) => replyToNotification(id, input));

/** The named shop's answer to a service record naming it: confirm or decline (the record says so publicly). */
export const useAnswerServiceClaim = () =>
  useInboxMutation(({ recordId, action }: { recordId: string; action: 'confirm' | 'decline' }) =>
    apiJson<{ ok: true }>('POST', `/api/registry/service-records/${encodeURIComponent(recordId)}/${action}`),
  );

export const usePreferences = () =>
  useQuery({ queryKey: PREFERENCES_KEY, queryFn: getQueryFn<NotificationPreferences>({ on401: 'throw' }) });

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationPreferencesUpdate) =>
      apiJson<NotificationPreferences>('PUT', '/api/account/notification-preferences', input),
    onSuccess: (data) => queryClient.setQueryData(PREFERENCES_KEY, data),
  });
}

/** "Notifications, 3 unread": the bell's accessible name. */
export const bellLabel = (unread: number) =>
  unread === 0 ? 'Notifications, none unread' : `Notifications, ${unread} unread`;
