import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ExchangeRequestItem, type CreateExchangeRequestInput, type SentPostIdsResponse } from '@shared/schemas/requests';
import { requestKeys } from '@/features/posts/api/query-keys';
import { apiClient } from '@/lib/api-client';

/** POST /api/requests: sends an exchange request on a post, with an optional note. */
export function sendExchangeRequest(input: CreateExchangeRequestInput): Promise<ExchangeRequestItem> {
  return apiClient.post('/api/requests', input, { schema: ExchangeRequestItem });
}

export function useSendExchangeRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendExchangeRequest,
    onSuccess: (request) => {
      // 'Connected' shows at once; the refetch confirms it from the server.
      queryClient.setQueryData<SentPostIdsResponse>(requestKeys.sentPostIds, (old) => ({
        postIds: [...(old?.postIds ?? []), request.postId],
      }));
      return queryClient.invalidateQueries({ queryKey: requestKeys.sentPostIds });
    },
  });
}
