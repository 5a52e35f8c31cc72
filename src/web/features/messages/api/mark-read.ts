import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConversationSummary } from '@shared/schemas/messages';
import type { MessagesData } from '@/features/messages/api/get-messages';
import { conversationKeys, messageKeys } from '@/features/messages/api/query-keys';
import { apiClient } from '@/lib/api-client';

/** POST /api/conversations/:id/read: the other member's messages in it become read. */
export function markConversationRead(conversationId: string): Promise<unknown> {
  return apiClient.post(`/api/conversations/${encodeURIComponent(conversationId)}/read`);
}

/**
 * Marks a conversation read; the open chat, its list entry and the Messages dot follow at once,
 * and refetch afterwards so they agree with the server.
 */
export function useMarkConversationRead(viewerId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markConversationRead,
    onSuccess: (_result, conversationId) => {
      queryClient.setQueryData<MessagesData>(messageKeys.conversation(conversationId), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.map((item) => (item.senderId !== viewerId && !item.isRead ? { ...item, isRead: true } : item)),
              })),
            }
          : data,
      );
      queryClient.setQueryData<ConversationSummary>(conversationKeys.detail(conversationId), (data) =>
        data ? { ...data, unreadCount: 0 } : data,
      );
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: conversationKeys.lists }),
        queryClient.invalidateQueries({ queryKey: messageKeys.unread }),
      ]),
  });
}
