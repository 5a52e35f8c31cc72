import { SearchX, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/lib/paths';

/** Placeholder cards while the feed loads. */
export function FeedSkeleton({ count = 4 }: { count?: number }) {
  return (
    <div className="grid gap-5 md:grid-cols-2" role="status" aria-label="Loading posts">
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} className="grid gap-4 p-5">
          <div className="flex items-center gap-3">
            <Skeleton className="size-10 rounded-full" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-3 w-1/3" />
            </div>
          </div>
          <Skeleton className="h-5 w-3/4" />
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </Card>
      ))}
    </div>
  );
}

export interface FeedEmptyProps {
  compatibility: boolean;
  /** The text filter the feed was read with; empty when there is none. */
  query: string;
  onClearQuery: () => void;
}

/**
 * The feed's empty states (spec section 2). A text filter with no hits says so and offers to
 * clear it: the spec's 'No posts available yet' would claim the community has no posts at all.
 */
export function FeedEmpty({ compatibility, query, onClearQuery }: FeedEmptyProps) {
  const Icon = compatibility && !query ? Sparkles : SearchX;
  return (
    <Card className="flex flex-col items-center px-6 py-12 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-brand-100 text-brand-700">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      {query ? (
        <>
          <p className="mt-4 text-lg font-semibold break-words">No posts match "{query}"</p>
          <p className="mt-1 text-fg-muted">Try other words, or clear the search to see every post.</p>
          <div className="mt-5 flex flex-wrap justify-center gap-3">
            <Button variant="outline" onClick={onClearQuery}>
              Clear search
            </Button>
            {/* The feed filters posts only; /search also finds people by name. */}
            <Button asChild variant="ghost">
              <Link to={`${paths.search}?${new URLSearchParams({ q: query }).toString()}`}>Search people and posts</Link>
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="mt-4 text-lg font-semibold">{compatibility ? 'No compatible posts yet' : 'No posts available yet'}</p>
          <p className="mt-1 text-fg-muted">
            {compatibility ? 'Try adding tags or widening your distance.' : 'Be the first to create a post!'}
          </p>
        </>
      )}
    </Card>
  );
}
