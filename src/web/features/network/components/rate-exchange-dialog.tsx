import { Star } from 'lucide-react';
import { useState, type FormEvent, type JSX } from 'react';
import { toast } from 'sonner';
import { RATING_LIMITS, RATING_MESSAGES } from '@shared/schemas/ratings';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FieldMessage } from '@/components/ui/field-message';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { isSessionLapse } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useRateExchange } from '@/features/network/api/rate-exchange';

const STAR_VALUES = [1, 2, 3, 4, 5] as const;

/** What each star is called: '1 star', '2 stars'... */
const starLabel = (n: number) => `${n} ${n === 1 ? 'star' : 'stars'}`;

interface Problems {
  stars?: string;
  comment?: string;
  /** A refusal that belongs to no field (already rated, not completed, not found). */
  form?: string;
}

/**
 * Rate your exchange with a member: 1 to 5 stars (a radio group: Tab in, arrow keys change)
 * and an optional comment of up to 500 characters. Rendered from My Network's Rate button.
 */
export function RateExchangeDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  requestId: string;
  memberName: string;
}): JSX.Element {
  const { open, onOpenChange, requestId, memberName } = props;
  const [stars, setStars] = useState(0);
  const [hovered, setHovered] = useState(0);
  const [comment, setComment] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const rate = useRateExchange();
  const shown = hovered || stars;

  function reset() {
    setStars(0);
    setHovered(0);
    setComment('');
    setProblems({});
    rate.reset();
  }

  function handleOpenChange(next: boolean) {
    if (rate.isPending) return;
    if (!next) reset();
    onOpenChange(next);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (stars < RATING_LIMITS.starsMin || rate.isPending) {
      setProblems({ stars: RATING_MESSAGES.stars });
      return;
    }
    setProblems({});
    const text = comment.trim();
    rate.mutate(
      { requestId, stars, ...(text ? { comment: text } : {}) },
      {
        onSuccess: () => {
          toast.success('Thanks for your rating');
          reset();
          onOpenChange(false);
        },
        onError: (error) => {
          if (isSessionLapse(error)) return; // 'Session expired' says it all
          console.warn('Rating an exchange failed', error);
          if (error instanceof ApiError && (error.fields.stars || error.fields.comment)) {
            setProblems({ stars: error.fields.stars, comment: error.fields.comment });
          } else if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
            setProblems({ form: error.message });
          } else {
            setProblems({ form: 'Your rating could not be saved. Please try again.' });
          }
        },
      },
    );
  }

  const remaining = RATING_LIMITS.commentMax - comment.length;
  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent>
        <form onSubmit={handleSubmit} className="grid gap-5" noValidate>
          <DialogHeader>
            <DialogTitle className="wrap-anywhere">Rate your exchange with {memberName}</DialogTitle>
            <DialogDescription>Your rating and comment appear on {memberName}&apos;s profile.</DialogDescription>
          </DialogHeader>

          <fieldset className="grid gap-2" aria-describedby={problems.stars ? 'rating-stars-error' : undefined}>
            <legend className="mb-2 text-sm font-medium text-fg">Rating</legend>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <div className="flex" onMouseLeave={() => setHovered(0)}>
                {STAR_VALUES.map((n) => (
                  <label
                    key={n}
                    onMouseEnter={() => setHovered(n)}
                    className={cn(
                      'inline-flex size-11 cursor-pointer items-center justify-center rounded-lg transition-colors hover:bg-surface-muted',
                      'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-brand-600',
                      rate.isPending && 'cursor-not-allowed opacity-70',
                    )}
                  >
                    <input
                      type="radio"
                      name={`rating-stars-${requestId}`}
                      value={n}
                      checked={stars === n}
                      disabled={rate.isPending}
                      onChange={() => {
                        setStars(n);
                        setProblems((p) => ({ ...p, stars: undefined }));
                      }}
                      className="sr-only"
                    />
                    <span className="sr-only">{starLabel(n)}</span>
                    <Star
                      aria-hidden="true"
                      className={cn('size-8', n <= shown ? 'fill-accent-400 text-accent-400' : 'text-border-strong')}
                    />
                  </label>
                ))}
              </div>
              <span className="text-sm text-fg-muted" aria-hidden="true">
                {shown ? `${shown} out of 5` : 'Choose 1 to 5 stars'}
              </span>
            </div>
            <FieldMessage id="rating-stars-error" message={problems.stars} className="font-medium" />
          </fieldset>

          <FormField
            id="rating-comment"
            label="Comment"
            error={problems.comment}
            aside={
              <span id="rating-comment-count" className={cn('text-xs', remaining < 0 ? 'text-danger-700' : 'text-fg-subtle')}>
                {remaining} characters left
              </span>
            }
          >
            <Textarea
              id="rating-comment"
              value={comment}
              maxLength={RATING_LIMITS.commentMax}
              disabled={rate.isPending}
              aria-invalid={problems.comment ? true : undefined}
              aria-describedby={cn('rating-comment-count', problems.comment && 'rating-comment-error')}
              onChange={(event) => {
                setComment(event.target.value);
                setProblems((p) => ({ ...p, comment: undefined }));
              }}
              placeholder="Optional: what was it like to exchange with them?"
            />
          </FormField>

          {problems.form ? (
            <p role="alert" className="rounded-lg bg-danger-50 px-3 py-2 text-sm font-medium text-danger-700">
              {problems.form}
            </p>
          ) : null}

          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => handleOpenChange(false)} disabled={rate.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={stars === 0 || rate.isPending}>
              {rate.isPending ? 'Submitting...' : 'Submit'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
