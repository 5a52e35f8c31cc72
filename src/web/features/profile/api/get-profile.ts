import { queryOptions, useQuery } from '@tanstack/react-query';
import { ProfileViewSchema, type ProfileView } from '@shared/schemas/profile';
import { profileKeys } from '@/features/profile/api/query-keys';
import { ApiError, apiClient } from '@/lib/api-client';

/** A member's profile as /profile/{id} shows it. */
export function getProfile(id: string): Promise<ProfileView> {
  return apiClient.get(`/api/profiles/${encodeURIComponent(id)}`, { schema: ProfileViewSchema });
}

/** True for the answer that means there is no such profile: retrying will not change it. */
export function isProfileNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** Spec: 3 attempts with 1 s between after an error; none when the profile does not exist. */
export const PROFILE_FETCH_ATTEMPTS = 3;

export const profileQueryOptions = (id: string) =>
  queryOptions({
    queryKey: profileKeys.view(id),
    queryFn: () => getProfile(id),
    retry: (failureCount, error) => !isProfileNotFound(error) && failureCount < PROFILE_FETCH_ATTEMPTS - 1,
    retryDelay: 1000,
  });

export function useProfile(id: string) {
  return useQuery({ ...profileQueryOptions(id), enabled: id !== '' });
}
