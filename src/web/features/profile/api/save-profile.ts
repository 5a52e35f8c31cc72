import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OwnProfileSchema, type OwnProfile, type ProfileInput } from '@shared/schemas/profile';
import { profileKeys } from '@/features/profile/api/query-keys';
import { apiClient } from '@/lib/api-client';

/** Writes the signed-in member's own profile (complete-profile and edit). */
export function saveProfile(input: ProfileInput): Promise<OwnProfile> {
  return apiClient.put('/api/profiles/me', input, { schema: OwnProfileSchema });
}

/** Saves the profile and refreshes every profile answer that may show it. */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: async (saved) => {
      queryClient.setQueryData(profileKeys.own, saved);
      queryClient.setQueryData(profileKeys.completeness, {
        complete: true,
        displayName: saved.displayName,
        photoUrl: saved.photoUrl,
      });
      await queryClient.invalidateQueries({ queryKey: profileKeys.view(saved.id) });
    },
  });
}
