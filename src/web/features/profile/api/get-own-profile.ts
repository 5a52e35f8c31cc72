import { queryOptions, useQuery } from '@tanstack/react-query';
import { OwnProfileSchema, type OwnProfile } from '@shared/schemas/profile';
import { profileKeys } from '@/features/profile/api/query-keys';
import { ApiError, apiClient } from '@/lib/api-client';

/** The signed-in member's own profile; null when they have not completed it yet. */
export async function getOwnProfile(): Promise<OwnProfile | null> {
  try {
    return await apiClient.get('/api/profiles/me', { schema: OwnProfileSchema });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const ownProfileQueryOptions = queryOptions({ queryKey: profileKeys.own, queryFn: getOwnProfile });

export function useOwnProfile() {
  return useQuery(ownProfileQueryOptions);
}
