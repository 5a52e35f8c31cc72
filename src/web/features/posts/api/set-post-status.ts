import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PostItem, type PostStatus } from '@shared/schemas/posts';
import { postKeys } from '@/features/posts/api/query-keys';
import { apiClient } from '@/lib/api-client';

/** POST /api/posts/:id/status: hide, mark completed, or make a post active again. */
export function setPostStatus({ id, status }: { id: string; status: PostStatus }): Promise<PostItem> {
  return apiClient.post(`/api/posts/${encodeURIComponent(id)}/status`, { status }, { schema: PostItem });
}

export function useSetPostStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPostStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postKeys.all }),
  });
}
