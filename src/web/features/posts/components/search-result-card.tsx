import { useId, useState } from 'react';
import { parseDescription } from '@shared/domain/post-text';
import type { PostItem } from '@shared/schemas/posts';
import { Card } from '@/components/ui/card';
import { AuthorResponse } from '@/features/posts/components/author-response';
import { ExchangeButton } from '@/features/posts/components/exchange-button';
import { AuthorIdentity } from '@/features/posts/components/member-avatar';
import { PostTags } from '@/features/posts/components/post-tags';
import { ProfileDetailsDialog } from '@/features/posts/components/profile-details-dialog';

const MAX_TAGS = 4;

/**
 * A search result: author (linked to their profile), skill, title, description (offering and
 * looking for), 4 tags plus '+N', Connect; the rest of the card opens Profile Details.
 */
export function SearchResultCard({ post }: { post: PostItem }) {
  const [detailsOpen, setDetailsOpen] = useState(false);
  const titleId = useId();
  const parts = parseDescription(post.description);
  return (
    <Card className="relative flex flex-col gap-3 p-5 transition-shadow focus-within:shadow-raised hover:shadow-raised" data-testid="search-result">
      <div className="flex items-center gap-3">
        <AuthorIdentity author={post.author} />
      </div>
      <AuthorResponse text={post.authorResponse} className="-mt-1" />
      <h2 id={titleId} className="text-base leading-snug font-semibold break-words">
        {/* The whole card opens Profile Details; the Connect button sits above this overlay. */}
        <button
          type="button"
          onClick={() => setDetailsOpen(true)}
          className="text-left after:absolute after:inset-0 after:rounded-xl after:content-[''] hover:text-brand-700 focus-visible:outline-none"
        >
          {post.title}
        </button>
      </h2>
      {/* The description (spec: author, skill, title, description), a few lines of each part. */}
      <dl className="grid gap-2 text-sm">
        <div>
          <dt className="font-medium text-brand-800">What I'm offering</dt>
          <dd className="mt-0.5 line-clamp-3 leading-relaxed break-words text-fg-muted">{parts.offering}</dd>
        </div>
        {parts.lookingFor ? (
          <div>
            <dt className="font-medium text-brand-800">What I'm looking for</dt>
            <dd className="mt-0.5 line-clamp-2 leading-relaxed break-words text-fg-muted">{parts.lookingFor}</dd>
          </div>
        ) : null}
      </dl>
      <PostTags tags={post.customTags} max={MAX_TAGS} showMore />
      <div className="relative z-10 mt-auto flex justify-end pt-1">
        <ExchangeButton target={{ postId: post.id, title: post.title, author: post.author }} exchangeStatus={post.exchangeStatus} label="Connect" />
      </div>
      <ProfileDetailsDialog post={post} open={detailsOpen} onOpenChange={setDetailsOpen} />
    </Card>
  );
}
