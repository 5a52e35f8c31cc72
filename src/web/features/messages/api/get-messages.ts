import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { MessagePage } from '@shared/schemas/messages';
import { messageKeys } from '@/features/messages/api/query-keys';
import { ApiError, apiClient } from '@/lib/api-client';

/** The cache of one conversation: pages[0] holds the newest 50, each later page older ones. */
export type MessagesData = InfiniteData<MessagePage, string | null>;

/** GET /api/conversations/:id/messages?before= : 50 a page, oldest first within the page. */
export function getMessages(conversationId: string, before: string | null, signal?: AbortSignal): Promise<MessagePage> {
  return apiClient.get(`/api/conversations/${encodeURIComponent(conversationId)}/messages`, {
    query: { before },
    signal,
    schema: MessagePage,
  });
}

export const messagesQueryOptions = (conversationId: string) =>
  infiniteQueryOptions({
    queryKey: messageKeys.conversation(conversationId),
    queryFn: ({ pageParam, signal }) => getMessages(conversationId, pageParam, signal),
    initialPageParam: null as string | null,
    // nextCursor points at older messages: 'next' here means further back in time.
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

export function useMessages(conversationId: string) {
  return useInfiniteQuery(messagesQueryOptions(conversationId));
}
