import { queryOptions, useQuery } from '@tanstack/react-query';
import { ConversationSummary } from '@shared/schemas/messages';
import { conversationKeys } from '@/features/messages/api/query-keys';
import { ApiError, apiClient } from '@/lib/api-client';

/** GET /api/conversations/:id: the other member, the post and the unread count of one conversation. */
export function getConversation(id: string, signal?: AbortSignal): Promise<ConversationSummary> {
  return apiClient.get(`/api/conversations/${encodeURIComponent(id)}`, { signal, schema: ConversationSummary });
}

export const conversationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: conversationKeys.detail(id),
    queryFn: ({ signal }) => getConversation(id, signal),
    // A conversation that is not there (or not the member's) will not appear by asking again.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

export function useConversation(id: string) {
  return useQuery(conversationQueryOptions(id));
}
