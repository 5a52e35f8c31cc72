import { queryOptions, useQuery } from '@tanstack/react-query';
import { MemberSummary } from '@shared/schemas/posts';
import { memberKeys } from '@/features/posts/api/query-keys';
import { apiClient } from '@/lib/api-client';

/** GET /api/members/:id/summary: rating, join date and response time for Profile Details. */
export function getMemberSummary(id: string): Promise<MemberSummary> {
  return apiClient.get(`/api/members/${encodeURIComponent(id)}/summary`, { schema: MemberSummary });
}

export const memberSummaryQueryOptions = (id: string) =>
  queryOptions({ queryKey: memberKeys.summary(id), queryFn: () => getMemberSummary(id) });

export function useMemberSummary(id: string, enabled: boolean) {
  return useQuery({ ...memberSummaryQueryOptions(id), enabled });
}
