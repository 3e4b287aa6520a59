import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConversationPostInput } from '../../../contract/conversations';
import { api, apiKey, apiQuery, apiQueryOrNull, invalidateReads } from '../../lib/api-client';

/** The caller's conversations and unread count (the header's Messages link reads it too); null for a guest. */
export const useConversations = (enabled = true) =>
  useQuery({
    ...apiQueryOrNull('GET /api/conversations'),
    enabled,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });

export const useConversation = (id: string) =>
  useQuery({
    ...apiQuery('GET /api/conversations/:id', { params: { id } }),
    refetchInterval: 30_000,
    refetchOnWindowFocus: true,
  });

/** Marks the conversation read; the list, the header's count and the inbox follow. */
export function useMarkConversationRead(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('POST /api/conversations/:id/read', { params: { id } }),
    onSuccess: () => invalidateReads(queryClient, 'GET /api/conversations', 'GET /api/notifications'),
  });
}

export function usePostMessage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConversationPostInput) =>
      api('POST /api/conversations/:id/messages', { params: { id }, body: input }),
    onSuccess: async (conversation) => {
      queryClient.setQueryData(apiKey('GET /api/conversations/:id', { params: { id } }), conversation);
      await queryClient.invalidateQueries({ queryKey: apiKey('GET /api/conversations'), exact: true });
    },
  });
}

/** "Messages, 2 unread" for the header's link. */
export const messagesLabel = (unread: number) => (unread === 0 ? 'Messages' : `Messages, ${unread} unread`);
