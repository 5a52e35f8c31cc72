import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { POST_LIMITS, SearchResponse, type SEARCH_SERVICE_TYPES } from '@shared/schemas/posts';
import { postKeys } from '@/features/posts/api/query-keys';
import { apiClient } from '@/lib/api-client';

export type SearchServiceType = (typeof SEARCH_SERVICE_TYPES)[number];

export interface SearchParams {
  q: string;
  serviceType: SearchServiceType;
  categoryId: number | undefined;
}

/** GET /api/search: one page of search results with the total count. */
export function searchPosts(params: SearchParams & { offset: number; signal?: AbortSignal }): Promise<SearchResponse> {
  return apiClient.get('/api/search', {
    query: {
      q: params.q || undefined,
      serviceType: params.serviceType === 'all' ? undefined : params.serviceType,
      categoryId: params.categoryId,
      limit: POST_LIMITS.listLimitMax,
      offset: params.offset,
    },
    signal: params.signal,
    schema: SearchResponse,
  });
}

export const searchQueryOptions = (params: SearchParams) =>
  infiniteQueryOptions({
    queryKey: postKeys.search(params.q, params.serviceType, params.categoryId),
    queryFn: ({ pageParam, signal }) => searchPosts({ ...params, offset: pageParam, signal }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextOffset ?? undefined,
  });

export function useSearchPosts(params: SearchParams) {
  return useInfiniteQuery(searchQueryOptions(params));
}
