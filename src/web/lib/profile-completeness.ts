import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileCompleteness } from '@shared/schemas/profile';
import { apiClient } from '@/lib/api-client';

// Checked by hand rather than with the zod schema: the prompt is in every signed-in page's
// entry bundle, which should not carry zod for one boolean.
const completenessParser = {
  parse(data: unknown): ProfileCompleteness {
    if (typeof data === 'object' && data !== null && 'complete' in data && typeof data.complete === 'boolean') {
      const text = (key: string) => {
        const value: unknown = (data as Record<string, unknown>)[key];
        return typeof value === 'string' ? value : null;
      };
      return { complete: data.complete, displayName: text('displayName'), photoUrl: text('photoUrl') };
    }
    throw new Error('Unexpected completeness answer');
  },
};

/**
 * Whether the signed-in member's profile is complete: the app shell, the posts screens (Create
 * Post) and the profile screens all ask, so it lives here rather than in one feature.
 */
export const profileCompletenessKey = ['profile', 'me', 'completeness'] as const;

/** Whether the signed-in member's profile is complete (spec section 4). */
export function getProfileCompleteness(): Promise<ProfileCompleteness> {
  return apiClient.get('/api/profiles/me/completeness', { schema: completenessParser });
}

export const profileCompletenessQueryOptions = queryOptions({
  queryKey: profileCompletenessKey,
  queryFn: getProfileCompleteness,
});

export function useProfileCompletenessQuery(enabled = true) {
  return useQuery({ ...profileCompletenessQueryOptions, enabled });
}
