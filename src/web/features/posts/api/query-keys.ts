/*
 * TanStack Query keys of posts and everything listing them. Feed, matches and search live under
 * 'posts' so that a change to any post (create, edit, delete, status) refreshes them all at once.
 */
export const postKeys = {
  all: ['posts'] as const,
  mine: ['posts', 'mine'] as const,
  feedAll: ['posts', 'feed'] as const,
  feed: (mode: 'recent' | 'compatibility', postId: string | undefined, q: string) =>
    ['posts', 'feed', mode, postId ?? 'general', q] as const,
  matches: (postId: string | undefined, minScore: number, limit: number) =>
    ['posts', 'matches', postId ?? 'general', minScore, limit] as const,
  search: (q: string, serviceType: string, categoryId: number | undefined) =>
    ['posts', 'search', q, serviceType, categoryId ?? 'all'] as const,
};

export const memberKeys = {
  summary: (id: string) => ['members', id, 'summary'] as const,
};

/** The spec caches the taxonomy under this key (the profile feature uses the same one). */
export const categoriesKey = (level?: number) => ['skill-categories', level ?? 'all'] as const;

/** Spec section 9: recent posts are cached 2 minutes, compatibility results 5. */
export const RECENT_STALE_MS = 2 * 60 * 1000;
export const COMPATIBILITY_STALE_MS = 5 * 60 * 1000;
