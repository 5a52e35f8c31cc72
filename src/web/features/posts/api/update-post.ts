import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PostItem, type UpdatePostInput } from '@shared/schemas/posts';
import { postKeys } from '@/features/posts/api/query-keys';
import { apiClient } from '@/lib/api-client';

/** PATCH /api/posts/:id: the Edit Exchange Post dialog's save. */
export function updatePost({ id, input }: { id: string; input: UpdatePostInput }): Promise<PostItem> {
  return apiClient.patch(`/api/posts/${encodeURIComponent(id)}`, input, { schema: PostItem });
}

export function useUpdatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postKeys.all }),
  });
}
