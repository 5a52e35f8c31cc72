import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExchangeStatus, PostItem } from '@shared/schemas/posts';
import { ExchangeRequestItem, type CreateExchangeRequestInput } from '@shared/schemas/requests';
import { postKeys } from '@/features/posts/api/query-keys';
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
      // 'Connected' + 'Request pending' at once on every list showing the post; the refetch
      // confirms it from the server (PostItem.exchangeStatus).
      queryClient.setQueriesData({ queryKey: postKeys.all }, (data: unknown) => withExchangeStatus(data, request.postId, 'pending'));
      return queryClient.invalidateQueries({ queryKey: postKeys.all });
    },
  });
}

type PostList = { items: PostItem[] };
type Pages = { pages: PostList[] };

const isPostList = (value: unknown): value is PostList =>
  typeof value === 'object' && value !== null && Array.isArray((value as Partial<PostList>).items);
const isPages = (value: unknown): value is Pages =>
  typeof value === 'object' && value !== null && Array.isArray((value as Partial<Pages>).pages);

/** The cached list (one page, or an infinite query's pages) with the post's status set; anything else as it is. */
function withExchangeStatus(data: unknown, postId: string, status: ExchangeStatus): unknown {
  const patchList = <T extends PostList>(list: T): T =>
    list.items.some((p) => p.id === postId)
      ? { ...list, items: list.items.map((p) => (p.id === postId ? { ...p, exchangeStatus: status } : p)) }
      : list;
  if (isPages(data)) return { ...data, pages: data.pages.map((page) => (isPostList(page) ? patchList(page) : page)) };
  if (isPostList(data)) return patchList(data);
  return data;
}
