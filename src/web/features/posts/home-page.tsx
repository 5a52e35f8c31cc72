import { AlertTriangle } from 'lucide-react';
import { useMemo, useState } from 'react';
import { splitByMatchStrength } from '@shared/domain/match-score';
import type { FeedItem } from '@shared/schemas/matching';
import type { PostItem } from '@shared/schemas/posts';
import { useFeedSearch } from '@/lib/feed-search';
import { Button } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { HOME_FIRST_FEED, useFeed, type FeedMode } from '@/features/posts/api/get-feed';
import { FeedEmpty, FeedSkeleton } from '@/features/posts/components/feed-states';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useMatchingEnabled } from '@/features/posts/api/get-matches';
import { useMyPosts } from '@/features/posts/api/get-my-posts';
import { HomeHeader } from '@/features/posts/components/home-header';
import { MatchingOffNote } from '@/features/posts/components/matching-off-note';
import { MyPosts } from '@/features/posts/components/my-posts';
import { PostCard } from '@/features/posts/components/post-card';
import { useDocumentTitle } from '@/lib/use-document-title';
import { cn } from '@/lib/cn';
import { useRevealInSteps } from '@/lib/use-reveal-in-steps';

const GENERAL_MATCH = 'general';
/**
 * Cards rendered with the page: none, they follow two per commit (useRevealInSteps), each step a
 * task of its own, so a phone is not blocked while 50 cards render (issue 14: Total Blocking Time
 * of /home). Each card brings a menu and a tooltip; two of them in the page's first render made
 * its task ~30 % longer, and six per step made tasks of ~25 ms here, over a throttled phone's 50 ms.
 */
const FIRST_CARDS = 0;
const CARDS_PER_STEP = 2;
const SEARCH_DEBOUNCE_MS = 250;

/** Own posts matching the feed's text filter (the server filters the community posts). */
function matchesText(post: PostItem, text: string): boolean {
  if (!text) return true;
  const needle = text.toLowerCase();
  return [post.title, post.description, post.author.skill, ...post.customTags].some((field) => field.toLowerCase().includes(needle));
}

/** /home and /home-database: 'Discover and Connect'. */
export function HomePage() {
  useDocumentTitle('Discover and Connect');
  const { search, setSearch } = useFeedSearch();
  const q = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [mode, setMode] = useState<FeedMode>(HOME_FIRST_FEED.mode);
  const [matchPostId, setMatchPostId] = useState<string>(GENERAL_MATCH);

  const matching = useMatchingEnabled();
  const myPosts = useMyPosts();
  const ownPosts = myPosts.data?.items ?? [];
  const activeOwn = ownPosts.filter((post) => post.status === 'active');
  const compatibility = matching.enabled && mode === 'compatibility';
  const selectedPostId = activeOwn.some((post) => post.id === matchPostId) ? matchPostId : undefined;

  const feed = useFeed({ mode: compatibility ? 'compatibility' : 'recent', postId: selectedPostId, q });
  // When matching fails, the recent feed stands in (spec: 'Using fallback data').
  const fallback = useFeed({ mode: 'recent', q }, compatibility && feed.isError);
  const shown = compatibility && feed.isError ? fallback : feed;
  const allItems = useMemo<FeedItem[]>(() => shown.data?.pages.flatMap((page) => page.items) ?? [], [shown.data]);
  // Own posts lead the compatibility view; like every feed it shows active posts only (hidden and
  // completed ones are managed from My Posts).
  const ownShown = compatibility ? activeOwn.filter((post) => matchesText(post, q)) : [];
  const ranked = compatibility && !feed.isError;

  return (
    <Container size="wide" className="py-6 sm:py-8">
      <HomeHeader />

      <div className="mt-8 grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <aside className="min-w-0 lg:sticky lg:top-24 lg:order-last" aria-label="Your posts">
          <MyPosts posts={myPosts.data?.items} isPending={myPosts.isPending} matchingEnabled={matching.enabled} matchingTurnedOff={matching.turnedOff} />
        </aside>

        <div className="grid min-w-0 gap-6">
          <div className="flex flex-wrap items-end gap-4">
            {matching.enabled ? (
              <div className="grid gap-1.5">
                <Label htmlFor="feed-mode">Show</Label>
                <Select value={mode} onValueChange={(next) => setMode(next as FeedMode)}>
                  <SelectTrigger id="feed-mode" className="w-56" aria-label="Filter posts">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value="recent">Most Recent</SelectItem>
                    <SelectItem value="compatibility">Highest Compatibility</SelectItem>
                  </SelectContent>
                </Select>
              </div>
            ) : matching.turnedOff ? (
              <MatchingOffNote className="pb-2" />
            ) : null}
            {compatibility ? (
              <div className="grid min-w-0 gap-1.5">
                <Label htmlFor="feed-match-post">Viewing matches for</Label>
                <Select value={selectedPostId ?? GENERAL_MATCH} onValueChange={setMatchPostId}>
                  <SelectTrigger id="feed-match-post" className="w-full max-w-sm sm:w-80">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={GENERAL_MATCH}>All Posts (General Profile Match)</SelectItem>
                    {activeOwn.map((post) => (
                      <SelectItem key={post.id} value={post.id}>
                        {post.title}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
            ) : null}
          </div>

          {compatibility && feed.isError ? (
            <p role="alert" className="flex items-center gap-2 rounded-lg bg-warning-50 px-4 py-3 text-sm font-medium text-warning-700">
              <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />
              Error loading matches. Using fallback data.
            </p>
          ) : null}

          {ownShown.length > 0 ? (
            <section aria-labelledby="own-posts-title" className="grid gap-4">
              <h2 id="own-posts-title" className="text-xl font-semibold tracking-tight">
                Your Posts
              </h2>
              <div className="grid grid-cols-1 gap-5 md:grid-cols-2">
                {ownShown.map((post) => (
                  <PostCard key={post.id} post={post} />
                ))}
              </div>
            </section>
          ) : null}

          <section aria-labelledby={ownPosts.length > 0 ? 'community-posts-title' : undefined} aria-label={ownPosts.length > 0 ? undefined : 'Community posts'} className="grid gap-4">
            {ownPosts.length > 0 ? (
              <h2 id="community-posts-title" className="text-xl font-semibold tracking-tight">
                Community Posts
              </h2>
            ) : null}
            {shown.isPending ? (
              <FeedSkeleton />
            ) : shown.isError ? (
              <p role="alert" className="rounded-lg bg-danger-50 px-4 py-3 text-sm font-medium text-danger-700">
                Posts could not be loaded. Please try again.
              </p>
            ) : allItems.length === 0 ? (
              <FeedEmpty compatibility={compatibility} query={q} onClearQuery={() => setSearch('')} />
            ) : (
              <>
                <CommunityCards items={allItems} ranked={ranked} />
                {shown.hasNextPage ? (
                  <div className="flex justify-center">
                    <Button variant="outline" onClick={() => void shown.fetchNextPage()} disabled={shown.isFetchingNextPage}>
                      {shown.isFetchingNextPage ? 'Loading...' : 'Load more'}
                    </Button>
                  </div>
                ) : null}
              </>
            )}
          </section>
        </div>
      </div>
    </Container>
  );
}

/**
 * The community's cards, revealed a step at a time (useRevealInSteps) in a component of their own:
 * each step renders the list and its new cards, not the whole page with its selects and My Posts.
 */
function CommunityCards({ items: allItems, ranked }: { items: FeedItem[]; ranked: boolean }) {
  // A first page of a card or two shows at once: it is cheap, and nothing below it moves later.
  const revealed = useRevealInSteps(allItems.length, allItems.length <= CARDS_PER_STEP ? allItems.length : FIRST_CARDS, CARDS_PER_STEP);
  // While cards are still to come, the list holds a screen's height, so what is under it (Load
  // more, the footer) does not move down as they arrive (Cumulative Layout Shift).
  const revealing = revealed < allItems.length;
  const items = revealed === allItems.length ? allItems : allItems.slice(0, revealed);
  // Compatibility ranks scores below the meaningful-match threshold under 'Weaker matches', as
  // plain cards (docs/decisions/003): not a long list of low bars.
  const { meaningful, weaker } = ranked ? splitByMatchStrength(items) : { meaningful: items, weaker: [] };
  return (
    <div className={cn('grid content-start gap-5', revealing && 'min-h-dvh')} data-testid="community-posts">
      {meaningful.length > 0 ? (
        <div className="grid grid-cols-1 gap-5 md:grid-cols-2">
          {meaningful.map((item) => (
            <PostCard key={item.id} post={item} match={ranked ? item.match : undefined} />
          ))}
        </div>
      ) : null}
      {weaker.length > 0 ? (
        <section aria-labelledby="weaker-matches-title" className="grid gap-4" data-testid="weaker-matches">
          <div className="flex items-center gap-3">
            <span aria-hidden="true" className="h-px flex-1 bg-border" />
            <h3 id="weaker-matches-title" className="text-sm font-semibold text-fg-muted">
              Weaker matches
            </h3>
            <span aria-hidden="true" className="h-px flex-1 bg-border" />
          </div>
          <div className="grid grid-cols-1 gap-5 md:grid-cols-2">
            {weaker.map((item) => (
              <PostCard key={item.id} post={item} />
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
}
