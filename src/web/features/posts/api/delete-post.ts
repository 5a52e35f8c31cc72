import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postKeys } from '@/features/posts/api/query-keys';
import { apiClient } from '@/lib/api-client';

/** DELETE /api/posts/:id: removes the post permanently. */
export function deletePost(id: string): Promise<void> {
  return apiClient.delete(`/api/posts/${encodeURIComponent(id)}`);
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postKeys.all }),
  });
}
