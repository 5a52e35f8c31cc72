import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PostItem, type CreatePostInput } from '@shared/schemas/posts';
import { postKeys } from '@/features/posts/api/query-keys';
import { apiClient } from '@/lib/api-client';

/** POST /api/posts: creates an exchange post (409 PROFILE_INCOMPLETE without a complete profile). */
export function createPost(input: CreatePostInput): Promise<PostItem> {
  return apiClient.post('/api/posts', input, { schema: PostItem });
}

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postKeys.all }),
  });
}
