import { useState } from 'react';
import { Link } from 'react-router';
import { stripOfferingPrefix, shortPostTitle } from '@shared/domain/post-text';
import type { PostItem } from '@shared/schemas/posts';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { MY_POST_MATCHES, useMatches } from '@/features/posts/api/get-matches';
import { ExchangeButton } from '@/features/posts/components/exchange-button';
import { MatchingOffNote } from '@/features/posts/components/matching-off-note';
import { AuthorIdentity } from '@/features/posts/components/member-avatar';
import { PostActionsMenu } from '@/features/posts/components/post-actions-menu';
import { paths } from '@/lib/paths';

function matchCountText(count: number): string {
  return `— ${count} ${count === 1 ? 'Match' : 'Matches'}`;
}

function pendingRequestsText(count: number): string {
  return `${count} pending ${count === 1 ? 'request' : 'requests'}`;
}

interface MyPostRowProps {
  post: PostItem;
  matchingEnabled: boolean;
  matchingTurnedOff: boolean;
  /** Whether the row's panel is mounted: from the first pointer or focus on its trigger on (see MyPosts). */
  opened: boolean;
  onPrime: (id: string) => void;
}

function MyPostRow({ post, matchingEnabled, matchingTurnedOff, opened, onPrime }: MyPostRowProps) {
  const active = post.status === 'active';
  const matches = useMatches({ postId: post.id, ...MY_POST_MATCHES }, active && matchingEnabled);
  const items = matches.data?.items ?? [];
  return (
    <AccordionItem value={post.id} data-testid="my-post">
      <div className="flex items-center gap-1">
        <AccordionTrigger
          headingLevel="h3"
          headerClassName="min-w-0 flex-1"
          className="py-3 text-sm"
          onPointerEnter={() => onPrime(post.id)}
          onFocus={() => onPrime(post.id)}
        >
          <span className="min-w-0">
            <span className="block break-words">{shortPostTitle(post.title)}</span>
            <span className="mt-0.5 flex items-center gap-2 text-xs font-normal text-fg-muted">
              {active && matches.data ? <span className="whitespace-nowrap">{matchCountText(matches.data.total)}</span> : null}
              {post.status === 'hidden' ? <Badge variant="warning">Hidden</Badge> : null}
              {post.status === 'completed' ? <Badge variant="success">Completed</Badge> : null}
            </span>
          </span>
        </AccordionTrigger>
        <PostActionsMenu post={post} />
      </div>
      {post.pendingRequestCount ? (
        // Outside the trigger (a link may not sit inside its button), under the title so it never squeezes it.
        <div className="-mt-2 pb-3">
          <Link
            to={paths.network}
            className="inline-block rounded-full bg-brand-100 px-2 py-0.5 text-xs font-medium text-brand-800 hover:bg-brand-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            data-testid="my-post-pending"
          >
            {pendingRequestsText(post.pendingRequestCount)}
          </Link>
        </div>
      ) : null}
      {opened ? (
        <AccordionContent className="text-sm">
          {active && matchingTurnedOff ? (
            <MatchingOffNote />
          ) : active && matchingEnabled && matches.isPending ? (
            <p role="status">Finding potential matches...</p>
          ) : items.length === 0 ? (
            <p>No matches yet. Check back later.</p>
          ) : (
            <ul className="grid gap-3">
              {items.map((match) => (
                <li key={match.id} className="grid min-w-0 gap-2 rounded-lg bg-surface-muted p-3" data-testid="my-post-match">
                  <div className="flex min-w-0 items-center gap-3">
                    <AuthorIdentity author={match.author} size="sm" />
                  </div>
                  <p className="line-clamp-2 text-xs">Offering: {stripOfferingPrefix(match.title)}</p>
                  <ExchangeButton
                    target={{ postId: match.id, title: match.title, author: match.author }}
                    exchangeStatus={match.exchangeStatus}
                    className="justify-self-end"
                  />
                </li>
              ))}
            </ul>
          )}
        </AccordionContent>
      ) : null}
    </AccordionItem>
  );
}

export interface MyPostsProps {
  posts: PostItem[] | undefined;
  isPending: boolean;
  matchingEnabled: boolean;
  /** The member turned AI Match Suggestions off: each active post says so instead of 'No matches yet'. */
  matchingTurnedOff?: boolean;
}

/** 'My Posts': an accordion of the member's posts with their best matches. */
export function MyPosts({ posts, isPending, matchingEnabled, matchingTurnedOff = false }: MyPostsProps) {
  // A row's panel mounts when a pointer or the focus first reaches its trigger (so it is there,
  // closed, to animate open on the click), not with the page: Radix measures every closed panel
  // as it mounts, forcing the whole page's style and layout inside /home's first render (issue 14:
  // Total Blocking Time). A closed row's trigger says aria-expanded="false", so its aria-controls
  // may name a panel that is not there yet.
  const [primed, setPrimed] = useState<ReadonlySet<string>>(() => new Set());
  const [openId, setOpenId] = useState('');
  function prime(id: string) {
    setPrimed((ids) => (ids.has(id) ? ids : new Set(ids).add(id)));
  }
  return (
    <Card className="p-4 sm:p-5">
      <section aria-labelledby="my-posts-title">
        <h2 id="my-posts-title" className="text-lg font-semibold tracking-tight">
          My Posts
        </h2>
        {isPending ? (
          <div className="mt-3 grid gap-3" data-testid="my-posts-loading">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : !posts || posts.length === 0 ? (
          <div className="mt-3 text-sm text-fg-muted">
            <p className="font-medium text-fg">You haven't created any posts yet.</p>
            <p>Create one to start exchanging.</p>
          </div>
        ) : (
          <Accordion
            type="single"
            collapsible
            className="mt-1"
            value={openId}
            onValueChange={(id) => {
              if (id) prime(id);
              setOpenId(id);
            }}
          >
            {posts.map((post) => (
              <MyPostRow
                key={post.id}
                post={post}
                matchingEnabled={matchingEnabled}
                matchingTurnedOff={matchingTurnedOff}
                opened={primed.has(post.id)}
                onPrime={prime}
              />
            ))}
          </Accordion>
        )}
      </section>
    </Card>
  );
}
