import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { FeedResponse } from '@shared/schemas/matching';
import { POST_LIMITS } from '@shared/schemas/posts';
import { MATCHING_SESSION_LAPSE } from '@/features/posts/api/get-matches';
import { COMPATIBILITY_STALE_MS, postKeys, RECENT_STALE_MS } from '@/features/posts/api/query-keys';
import { apiClient } from '@/lib/api-client';

export type FeedMode = 'recent' | 'compatibility';

export interface FeedParams {
  mode: FeedMode;
  /** Compatibility mode: one of the member's own posts; omitted for the general profile match. */
  postId?: string | undefined;
  /** Text filter (title, description, tags, author skill), applied by the server. */
  q: string;
}

/** GET /api/feed: one page of the community feed (never the member's own posts). */
export function getFeed(params: FeedParams & { offset: number; signal?: AbortSignal }): Promise<FeedResponse> {
  return apiClient.get('/api/feed', {
    query: {
      mode: params.mode,
      postId: params.mode === 'compatibility' ? params.postId : undefined,
      q: params.q || undefined,
      limit: POST_LIMITS.listLimitMax,
      offset: params.offset,
    },
    signal: params.signal,
    schema: FeedResponse,
  });
}

/**
 * The feed /home asks for first (the most recent posts; the top bar's search starts empty): the
 * page's starting state, and what its data is fetched with before the first render (home-data.ts).
 */
export const HOME_FIRST_FEED = { mode: 'recent', q: '' } as const satisfies FeedParams;

export const feedQueryOptions = (params: FeedParams) =>
  infiniteQueryOptions({
    queryKey: postKeys.feed(params.mode, params.postId, params.q),
    queryFn: ({ pageParam, signal }) => getFeed({ ...params, offset: pageParam, signal }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextOffset ?? undefined,
    staleTime: params.mode === 'compatibility' ? COMPATIBILITY_STALE_MS : RECENT_STALE_MS,
    meta: params.mode === 'compatibility' ? { sessionLapseDescription: MATCHING_SESSION_LAPSE } : undefined,
    // While new filter text loads, the cards on screen stay (no skeleton flash per keystroke);
    // a different mode or post shows skeletons, not the other list's scores.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === params.mode && previousQuery.queryKey[3] === (params.postId ?? 'general')
        ? keepPreviousData(previous)
        : undefined,
  });

export function useFeed(params: FeedParams, enabled = true) {
  return useInfiniteQuery({ ...feedQueryOptions(params), enabled });
}
