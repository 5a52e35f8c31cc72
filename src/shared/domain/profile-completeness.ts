/** The profile fields the completeness rule reads. */
export interface CompletenessFields {
  displayName?: string | null;
  about?: string | null;
  serviceType?: string | null;
  primaryCategoryId?: number | null;
  skillKeywords?: readonly string[] | null;
}

const filled = (value: string | null | undefined) => typeof value === 'string' && value.trim() !== '';

/**
 * Spec section 4: a profile is complete only when display name and about are non-blank,
 * service type and primary category are set, and there is at least one skill keyword.
 * A missing profile is incomplete.
 */
export function isProfileComplete(profile: CompletenessFields | null | undefined): boolean {
  if (!profile) return false;
  return (
    filled(profile.displayName) &&
    filled(profile.about) &&
    filled(profile.serviceType) &&
    typeof profile.primaryCategoryId === 'number' &&
    (profile.skillKeywords ?? []).some((keyword) => keyword.trim() !== '')
  );
}
