import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileCompleteness } from '@shared/schemas/profile';
import { profileKeys } from '@/features/profile/api/query-keys';
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

/** Whether the signed-in member's profile is complete (spec section 4). */
export function getProfileCompleteness(): Promise<ProfileCompleteness> {
  return apiClient.get('/api/profiles/me/completeness', { schema: completenessParser });
}

export const profileCompletenessQueryOptions = queryOptions({
  queryKey: profileKeys.completeness,
  queryFn: getProfileCompleteness,
});

export function useProfileCompletenessQuery(enabled = true) {
  return useQuery({ ...profileCompletenessQueryOptions, enabled });
}
