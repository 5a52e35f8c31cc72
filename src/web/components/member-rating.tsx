import { Star } from 'lucide-react';
import { ratingText } from '@shared/domain/rating';
import { cn } from '@/lib/cn';

export interface MemberRatingProps {
  /** Average stars, or null (or any number with a count of 0) without ratings. */
  average: number | null;
  count: number;
  /** A star before the text, and 'Rating' for screen readers; off where a visible label says it. */
  withStar?: boolean;
  /** Five stars filled to the average instead of the single star (the profile header). */
  fiveStars?: boolean;
  className?: string;
}

/** A member's rating in the same words on every screen: 'No ratings yet' until the first, then '4.3 (3 ratings)'. */
export function MemberRating({ average, count, withStar = true, fiveStars = false, className }: MemberRatingProps) {
  const rated = average !== null && count > 0;
  return (
    <span className={cn('inline-flex items-center gap-1.5', className)}>
      {withStar && fiveStars && rated ? <StarRating value={average} decorative /> : null}
      {withStar && !(fiveStars && rated) ? (
        <Star aria-hidden="true" className={cn('size-4 shrink-0', rated ? 'fill-accent-400 text-accent-400' : 'text-fg-subtle')} />
      ) : null}
      <span>
        {withStar && rated ? <span className="sr-only">Rating: </span> : null}
        {ratingText(average, count)}
      </span>
    </span>
  );
}

/** The label a star display carries: '4 out of 5 stars', '4.5 out of 5 stars'. */
export function starsLabel(value: number): string {
  return `${Number.isInteger(value) ? value : value.toFixed(1)} out of 5 stars`;
}

export interface StarRatingProps {
  /** 0 to 5; fractions fill part of a star. */
  value: number;
  /** Hidden from screen readers where text beside it already says the rating. */
  decorative?: boolean;
  className?: string;
}

/** Five stars filled to `value`, read as '{n} out of 5 stars'. */
export function StarRating({ value, decorative = false, className }: StarRatingProps) {
  const clamped = Math.min(5, Math.max(0, value));
  return (
    <span
      className={cn('inline-flex items-center gap-0.5', className)}
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': starsLabel(clamped) })}
    >
      {[0, 1, 2, 3, 4].map((i) => {
        const fill = Math.min(1, Math.max(0, clamped - i));
        return (
          <span key={i} className="relative inline-flex size-4 shrink-0">
            <Star aria-hidden="true" className="size-4 text-border-strong" />
            {fill > 0 ? (
              <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
                <Star aria-hidden="true" className="size-4 fill-accent-400 text-accent-400" />
              </span>
            ) : null}
          </span>
        );
      })}
    </span>
  );
}
