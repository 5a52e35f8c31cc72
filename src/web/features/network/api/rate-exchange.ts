import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RatingItem, type RateExchangeInput } from '@shared/schemas/ratings';
import { ApiError, apiClient } from '@/lib/api-client';

/**
 * Query roots this mutation refreshes: My Network (the Rate button turns into 'Rated') and every
 * profile query (the rated member's average, count and reviews). The profile feature keys its
 * queries under `['profile', ...]` (features/profile/api/query-keys.ts; features never import
 * each other, so the root is named here).
 */
const NETWORK_ROOT = ['network'] as const;
const PROFILE_ROOT = ['profile'] as const;

/** POST /api/requests/:id/rating: rates the other party of a completed exchange, once. */
export function rateExchange({ requestId, ...input }: RateExchangeInput & { requestId: string }): Promise<RatingItem> {
  return apiClient.post(`/api/requests/${encodeURIComponent(requestId)}/rating`, input, { schema: RatingItem });
}

export function useRateExchange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rateExchange,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: NETWORK_ROOT }),
        queryClient.invalidateQueries({ queryKey: PROFILE_ROOT }),
      ]),
    // 'Already rated' (another tab) or 'not completed': My Network is out of date.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: NETWORK_ROOT });
    },
  });
}
