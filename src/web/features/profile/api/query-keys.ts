import { profileCompletenessKey } from '@/lib/profile-completeness';

/** TanStack Query keys of the profile feature, so hooks that change data refresh exactly these. */
export const profileKeys = {
  all: ['profile'] as const,
  own: ['profile', 'me'] as const,
  completeness: profileCompletenessKey,
  view: (id: string) => ['profile', 'view', id] as const,
};

/** The spec caches the taxonomy under this key. */
export const categoriesKey = (level?: number) => ['skill-categories', level ?? 'all'] as const;
