import { queryOptions, useQuery } from '@tanstack/react-query';
import { MEANINGFUL_MATCH_SCORE } from '@shared/domain/match-score';
import { MatchesResponse } from '@shared/schemas/matching';
import { COMPATIBILITY_STALE_MS, postKeys } from '@/features/posts/api/query-keys';
import { ApiError, apiClient } from '@/lib/api-client';

export interface MatchesParams {
  /** One of the member's own posts; omitted for the general profile match. */
  postId?: string | undefined;
  /** Lowest score counted and listed; the meaningful matches by default. */
  minScore?: number;
  limit?: number;
}

/**
 * GET /api/matches: compatibility matches for the member or one of their posts. A 401 fails with
 * the spec's 'Authentication required' (section 8); the session watcher then says 'Session
 * expired' with MATCHING_SESSION_LAPSE and sends the member to sign in.
 */
export async function getMatches({ postId, minScore = MEANINGFUL_MATCH_SCORE, limit = 25 }: MatchesParams): Promise<MatchesResponse> {
  try {
    return await apiClient.get('/api/matches', { query: { postId, minScore, limit }, schema: MatchesResponse });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw new ApiError(401, error.code, 'Authentication required', error.fields);
    throw error;
  }
}

/** Spec section 8: the 'Session expired' text when matching finds the session gone. */
export const MATCHING_SESSION_LAPSE = 'Please sign in to see compatible posts.';

export const matchesQueryOptions = (params: MatchesParams) =>
  queryOptions({
    queryKey: postKeys.matches(params.postId, params.minScore ?? MEANINGFUL_MATCH_SCORE, params.limit ?? 25),
    queryFn: () => getMatches(params),
    staleTime: COMPATIBILITY_STALE_MS,
    meta: { sessionLapseDescription: MATCHING_SESSION_LAPSE },
  });

/**
 * Up to 3 matches per My Posts entry (spec section 9); the count and the list hold only
 * meaningful matches (docs/decisions/003: the spec's 'above 20' counted nearly every post).
 */
export const MY_POST_MATCHES = { limit: 3, minScore: MEANINGFUL_MATCH_SCORE } as const;

export function useMatches(params: MatchesParams, enabled = true) {
  return useQuery({ ...matchesQueryOptions(params), enabled });
}

/**
 * Whether the member has AI Match Suggestions on: asked of the matching endpoint with the
 * smallest list, so My Posts and the mode selector know before any feed page has loaded
 * (the feed answers `matchingEnabled` too, but only with its own page).
 */
export function useMatchingEnabled(): { enabled: boolean; isPending: boolean; turnedOff: boolean } {
  const query = useQuery({ ...matchesQueryOptions({ limit: 1 }) });
  // Only the member's setting takes the compatibility mode away: when the question itself
  // fails, the mode stays and its own failure shows 'Error loading matches. Using fallback data.'
  return {
    enabled: query.data ? query.data.matchingEnabled : query.isError,
    isPending: query.isPending,
    /** The server said the member turned AI Match Suggestions off (not merely still asking). */
    turnedOff: query.data?.matchingEnabled === false,
  };
}
