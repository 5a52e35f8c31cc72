import type { QueryClient } from '@tanstack/react-query';
import { feedQueryOptions, HOME_FIRST_FEED } from '@/features/posts/api/get-feed';
import { matchesQueryOptions, MY_POST_MATCHES } from '@/features/posts/api/get-matches';
import { myPostsQueryOptions } from '@/features/posts/api/get-my-posts';
import { profileCompletenessQueryOptions } from '@/lib/profile-completeness';

/**
 * Fetches what /home shows on its first render: the feed's first page, My Posts with their
 * matches, whether matching is on, and the profile's completeness. The entry waits for it before
 * a member's first load renders (app/page-data.ts), so the page renders once, with its data, in
 * a transition that React slices; otherwise each answer arrived on its own and re-rendered the
 * page synchronously (a store update), ~600 ms of a 4x slower phone's main thread in one task
 * (Lighthouse's Total Blocking Time, issue 14). Never fails: a query that fails is left to the
 * page, which shows its own error.
 */
export async function prefetchHomeData(queryClient: QueryClient): Promise<void> {
  const matching = matchesQueryOptions({ limit: 1 });
  const myPosts = myPostsQueryOptions();
  await Promise.all([
    queryClient.prefetchInfiniteQuery(feedQueryOptions(HOME_FIRST_FEED)),
    queryClient.prefetchQuery(myPosts),
    queryClient.prefetchQuery(matching),
    queryClient.prefetchQuery(profileCompletenessQueryOptions),
  ]);
  if (!queryClient.getQueryData(matching.queryKey)?.matchingEnabled) return;
  const active = queryClient.getQueryData(myPosts.queryKey)?.items.filter((post) => post.status === 'active') ?? [];
  await Promise.all(active.map((post) => queryClient.prefetchQuery(matchesQueryOptions({ postId: post.id, ...MY_POST_MATCHES }))));
}
