import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { profileCompletenessKey, useProfileCompletenessQuery } from '@/lib/profile-completeness';
import { useSession } from '@/lib/auth';

export interface ProfileCompletion {
  /** True once the server says the profile is complete (or it was marked so locally). */
  isComplete: boolean;
  /** True until the first answer (or failure) for a signed-in member. */
  isLoading: boolean;
  /** Records locally that the profile is now complete (after Complete Profile saved it). */
  markCompleted: () => void;
}

/**
 * Whether the signed-in member's profile is complete (spec section 4). A failed check is logged
 * and counts as incomplete.
 */
export function useProfileCompletion(): ProfileCompletion {
  const { data: session } = useSession();
  const query = useProfileCompletenessQuery(session !== null);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (query.error) console.warn('Profile completeness check failed; treating the profile as incomplete', query.error);
  }, [query.error]);

  return {
    isComplete: query.data?.complete === true,
    isLoading: session !== null && query.isPending,
    markCompleted: () => queryClient.setQueryData(profileCompletenessKey, { complete: true }),
  };
}
