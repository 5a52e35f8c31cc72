import { memo, useId } from 'react';
import { parseDescription } from '@shared/domain/post-text';
import type { MatchInfo } from '@shared/schemas/matching';
import type { PostItem } from '@shared/schemas/posts';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { ExchangeButton } from '@/features/posts/components/exchange-button';
import { MatchBar } from '@/features/posts/components/match-bar';
import { AuthorResponse } from '@/features/posts/components/author-response';
import { AuthorIdentity } from '@/features/posts/components/member-avatar';
import { PostTags } from '@/features/posts/components/post-tags';
import { PostActionsMenu, PostReportMenu } from '@/features/posts/components/post-actions-menu';
import { cn } from '@/lib/cn';

const MAX_TAGS = 5;

const STATUS_BADGES = {
  hidden: { label: 'Hidden', variant: 'warning' },
  completed: { label: 'Completed', variant: 'success' },
} as const;

export interface PostCardProps {
  post: PostItem;
  /** The compatibility bar; omitted in recent mode. */
  match?: MatchInfo | undefined;
  className?: string;
}

/**
 * A post in the feed: author, category, title, offering / looking for, tags, match bar, Exchange.
 * Memoised: /home reveals its cards a few per commit (useRevealInSteps), and each step re-rendered
 * every card already shown (50 cards: ~600 card renders instead of 50, issue 14: Total Blocking
 * Time); a card's post and match objects change only when its data does.
 */
export const PostCard = memo(function PostCard({ post, match, className }: PostCardProps) {
  const titleId = useId();
  const parts = parseDescription(post.description);
  const status = post.status === 'active' ? null : STATUS_BADGES[post.status];
  return (
    <Card className={cn('flex flex-col gap-4 p-5', className)}>
      <article aria-labelledby={titleId} className="contents" data-testid="post-card">
        <header className="flex items-start gap-3">
          <AuthorIdentity author={post.author} />
          {post.isOwn ? <PostActionsMenu post={post} /> : <PostReportMenu post={post} />}
        </header>
        {post.isOwn ? null : <AuthorResponse text={post.authorResponse} className="-mt-2" />}
        {/* Badges on their own line, so a long category never cuts the author's name and skill short. */}
        {status || post.categoryName ? (
          <div className="-mt-1 flex flex-wrap gap-1.5">
            {status ? <Badge variant={status.variant}>{status.label}</Badge> : null}
            {post.categoryName ? <Badge variant="brand">{post.categoryName}</Badge> : null}
          </div>
        ) : null}

        <h3 id={titleId} className="text-lg leading-snug font-semibold tracking-tight break-words">
          {post.title}
        </h3>

        <dl className="grid gap-3 text-sm">
          <div>
            <dt className="font-medium text-brand-800">What I'm offering</dt>
            <dd className="mt-0.5 leading-relaxed break-words text-fg-muted">{parts.offering}</dd>
          </div>
          {parts.lookingFor ? (
            <div>
              <dt className="font-medium text-brand-800">What I'm looking for</dt>
              <dd className="mt-0.5 leading-relaxed break-words text-fg-muted">{parts.lookingFor}</dd>
            </div>
          ) : null}
        </dl>

        <PostTags tags={post.customTags} max={MAX_TAGS} />

        {match ? <MatchBar match={match} /> : null}

        {post.isOwn ? null : (
          <footer className="mt-auto flex justify-end pt-1">
            <ExchangeButton
              target={{ postId: post.id, title: post.title, author: post.author }}
              exchangeStatus={post.exchangeStatus}
              withTooltip
            />
          </footer>
        )}
      </article>
    </Card>
  );
});
