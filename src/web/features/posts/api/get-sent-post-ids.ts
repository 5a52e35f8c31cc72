import { queryOptions, useQuery } from '@tanstack/react-query';
import { SentPostIdsResponse } from '@shared/schemas/requests';
import { requestKeys } from '@/features/posts/api/query-keys';
import { apiClient } from '@/lib/api-client';

/** GET /api/requests/sent-post-ids: posts the member already sent a request on ('Connected'). */
export function getSentPostIds(): Promise<SentPostIdsResponse> {
  return apiClient.get('/api/requests/sent-post-ids', { schema: SentPostIdsResponse });
}

export const sentPostIdsQueryOptions = () => queryOptions({ queryKey: requestKeys.sentPostIds, queryFn: getSentPostIds });

/** The ids of posts the member has sent an exchange request on. */
export function useSentPostIds(): ReadonlySet<string> {
  const query = useQuery({ ...sentPostIdsQueryOptions(), select: (data) => new Set(data.postIds) });
  return query.data ?? EMPTY;
}

const EMPTY: ReadonlySet<string> = new Set();
