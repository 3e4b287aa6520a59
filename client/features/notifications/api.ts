import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferencesUpdate, NotificationReplyInput } from '../../../contract/notifications';
import { api, apiQuery, apiQueryOrNull } from '../../lib/api-client';

const inboxQuery = apiQueryOrNull('GET /api/notifications');
const preferencesQuery = apiQuery('GET /api/account/notification-preferences');

/** The inbox; refreshed every minute and when the window regains focus, so the bell's count stays current. */
export const useNotifications = (enabled = true) =>
  useQuery({ ...inboxQuery, enabled, refetchInterval: 60_000, refetchOnWindowFocus: true });

function useInboxMutation<I>(fn: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: inboxQuery.queryKey }),
  });
}

export const useMarkRead = () =>
  useInboxMutation((id: string) => api('POST /api/notifications/:id/read', { params: { id } }));
export const useMarkAllRead = () => useInboxMutation(() => api('POST /api/notifications/read-all'));

/** Answers a message to the person who wrote it (the server knows who; neither email is shown). */
export const replyToNotification = (id: string, input: NotificationReplyInput) =>
  api('POST /api/notifications/:id/reply', { params: { id }, body: input });
export const useReplyToNotification = (id: string) =>
  useInboxMutation((input: NotificationReplyInput) => replyToNotification(id, input));

/** The named shop's answer to a service record naming it: confirm or decline (the record says so publicly). */
export const useAnswerServiceClaim = () =>
  useInboxMutation(({ recordId, action }: { recordId: string; action: 'confirm' | 'decline' }) =>
    action === 'confirm'
      ? api('POST /api/registry/service-records/:recordId/confirm', { params: { recordId } })
      : api('POST /api/registry/service-records/:recordId/decline', { params: { recordId } }),
  );

export const usePreferences = () => useQuery(preferencesQuery);

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationPreferencesUpdate) =>
      api('PUT /api/account/notification-preferences', { body: input }),
    onSuccess: (data) => queryClient.setQueryData(preferencesQuery.queryKey, data),
  });
}

/** "Notifications, 3 unread": the bell's accessible name. */
export const bellLabel = (unread: number) =>
  unread === 0 ? 'Notifications, none unread' : `Notifications, ${unread} unread`;
