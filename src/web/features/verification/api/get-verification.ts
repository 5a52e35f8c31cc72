import { queryOptions, useQuery } from '@tanstack/react-query';
import { VerificationResponse } from '@shared/schemas/verification';
import { apiClient } from '@/lib/api-client';

/** TanStack Query keys of /verification. */
export const verificationKeys = {
  all: ['verification'] as const,
};

/** GET /api/verification: the member's four steps, progress and Trust Score. */
export function getVerification(): Promise<VerificationResponse> {
  return apiClient.get('/api/verification', { schema: VerificationResponse });
}

/**
 * Always refetched when the page opens (a rating or a completed exchange elsewhere changes the
 * figures, and other features never import this key); what was loaded before shows meanwhile.
 */
export const verificationQueryOptions = () =>
  queryOptions({ queryKey: verificationKeys.all, queryFn: getVerification, staleTime: 0 });

export function useVerification() {
  return useQuery(verificationQueryOptions());
}
