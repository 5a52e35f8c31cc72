import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConversationSummary, type OpenConversationInput } from '@shared/schemas/messages';
import { conversationKeys } from '@/features/messages/api/query-keys';
import { apiClient } from '@/lib/api-client';

/** POST /api/conversations: the conversation with a member (about a post when given), created if none exists. */
export function openConversation(input: OpenConversationInput): Promise<ConversationSummary> {
  return apiClient.post('/api/conversations', input, { schema: ConversationSummary });
}

export function useOpenConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openConversation,
    onSuccess: (conversation) => {
      queryClient.setQueryData(conversationKeys.detail(conversation.id), conversation);
      return queryClient.invalidateQueries({ queryKey: conversationKeys.lists });
    },
  });
}
