import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ConversationListResponse } from '@shared/schemas/messages';
import { conversationKeys } from '@/features/messages/api/query-keys';
import { apiClient } from '@/lib/api-client';

/** GET /api/conversations?q= : newest activity first; q finds the other member's name or message text. */
export function getConversations(q: string, signal?: AbortSignal): Promise<ConversationListResponse> {
  return apiClient.get('/api/conversations', { query: { q: q || undefined }, signal, schema: ConversationListResponse });
}

export const conversationsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: conversationKeys.list(q),
    queryFn: ({ signal }) => getConversations(q, signal),
    // While a new search runs, the previous results stay on screen instead of a skeleton.
    placeholderData: keepPreviousData,
  });

export function useConversations(q: string) {
  return useQuery(conversationsQueryOptions(q));
}
