import { Star } from 'lucide-react';
import { ratingText } from '@shared/domain/rating';
import { cn } from '@/lib/cn';

export interface MemberRatingProps {
  /** Average stars, or null (or any number with a count of 0) without ratings. */
  average: number | null;
  count: number;
  /** A star before the text, and 'Rating' for screen readers; off where a visible label says it. */
  withStar?: boolean;
  className?: string;
}

/** A member's rating in the same words on every screen: 'No ratings yet' until the first, then '4.3 (3 ratings)'. */
export function MemberRating({ average, count, withStar = true, className }: MemberRatingProps) {
  const rated = average !== null && count > 0;
  return (
    <span className={cn('inline-flex items-center gap-1.5', className)}>
      {withStar ? (
        <Star aria-hidden="true" className={cn('size-4 shrink-0', rated ? 'fill-accent-400 text-accent-400' : 'text-fg-subtle')} />
      ) : null}
      <span>
        {withStar && rated ? <span className="sr-only">Rating: </span> : null}
        {ratingText(average, count)}
      </span>
    </span>
  );
}
