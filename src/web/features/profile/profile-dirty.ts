import type { DefaultValues } from 'react-hook-form';
import { DEFAULT_SERVICE_RADIUS_MILES, type OwnProfile, type ProfileFormValues } from '@shared/schemas/profile';

/** The edit form's values for a loaded profile (radius defaults to 10). */
export function toFormValues(profile: OwnProfile): DefaultValues<ProfileFormValues> {
  return {
    photoId: profile.photoId,
    displayName: profile.displayName ?? '',
    about: profile.about ?? '',
    serviceType: profile.serviceType ?? undefined,
    primaryCategoryId: profile.primaryCategory?.id ?? undefined,
    skillKeywords: [...profile.skillKeywords],
    portfolioUrl: profile.portfolioUrl ?? '',
    linkedinUrl: profile.linkedinUrl ?? '',
    leadTime: profile.leadTime ?? undefined,
    zipCode: profile.zipCode ?? '',
    serviceRadiusMiles: profile.serviceRadiusMiles ?? DEFAULT_SERVICE_RADIUS_MILES,
    location: profile.location ?? '',
  };
}

type Values = DefaultValues<ProfileFormValues>;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : value === null || value === undefined ? '' : String(value));

/**
 * Spec section 4: the edit form is dirty when any field differs from the loaded profile. Texts
 * are compared trimmed, the keyword list by content, and a missing radius counts as 10.
 */
export function isProfileDirty(current: Values, initial: Values): boolean {
  const keys: (keyof ProfileFormValues)[] = [
    'photoId',
    'displayName',
    'about',
    'serviceType',
    'primaryCategoryId',
    'portfolioUrl',
    'linkedinUrl',
    'leadTime',
    'zipCode',
    'location',
  ];
  if (keys.some((key) => text(current[key]) !== text(initial[key]))) return true;
  const radius = (values: Values) => values.serviceRadiusMiles ?? DEFAULT_SERVICE_RADIUS_MILES;
  if (radius(current) !== radius(initial)) return true;
  const keywords = (values: Values) => (values.skillKeywords ?? []).map((k) => k?.trim() ?? '');
  const a = keywords(current);
  const b = keywords(initial);
  return a.length !== b.length || a.some((keyword, i) => keyword !== b[i]);
}
