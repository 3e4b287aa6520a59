import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Conversation, ConversationList, ConversationPostInput } from '../../../contract/conversations';
import { apiJson, getQueryFn } from '../../lib/api';

export const CONVERSATIONS_KEY = ['/api/conversations'] as const;

/** The caller's conversations and unread count (the header's Messages link reads it too). */
export const useConversations = (enabled = true) =>
  useQuery({
    queryKey: CONVERSATIONS_KEY,
    queryFn: getQueryFn<ConversationList>({ on401: 'returnNull' }),
    enabled,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });

export const useConversation = (id: string) =>
  useQuery({
    queryKey: ['/api/conversations', id],
    queryFn: getQueryFn<Conversation>({ on401: 'throw' }),
    refetchInterval: 30_000,
    refetchOnWindowFocus: true,
  });

/** Marks the conversation read; the list, the header's count and the inbox follow. */
export function useMarkConversationRead(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<{ ok: true }>('POST', `/api/conversations/${id}/read`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY, exact: true });
      await queryClient.invalidateQueries({ queryKey: ['/api/notifications'] });
    },
  });
}

export function usePostMessage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConversationPostInput) =>
      apiJson<Conversation>('POST', `/api/conversations/${id}/messages`, input),
    onSuccess: async (conversation) => {
      queryClient.setQueryData(['/api/conversations', id], conversation);
      await queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY, exact: true });
    },
  });
}

/** "Messages, 2 unread" for the header's link. */
export const messagesLabel = (unread: number) => (unread === 0 ? 'Messages' : `Messages, ${unread} unread`);
