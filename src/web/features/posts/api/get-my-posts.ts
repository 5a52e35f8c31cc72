import { queryOptions, useQuery } from '@tanstack/react-query';
import { PostListResponse, POST_LIMITS } from '@shared/schemas/posts';
import { postKeys } from '@/features/posts/api/query-keys';
import { apiClient } from '@/lib/api-client';

/** GET /api/posts/mine: the member's own posts in every status, newest first. */
export function getMyPosts(): Promise<PostListResponse> {
  return apiClient.get('/api/posts/mine', { query: { limit: POST_LIMITS.listLimitMax }, schema: PostListResponse });
}

export const myPostsQueryOptions = () => queryOptions({ queryKey: postKeys.mine, queryFn: getMyPosts });

export function useMyPosts() {
  return useQuery(myPostsQueryOptions());
}
