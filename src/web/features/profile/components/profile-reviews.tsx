import { format } from 'date-fns';
import { Link } from 'react-router';
import { DELETED_MEMBER_NAME } from '@shared/schemas/account';
import { FORMER_MEMBER_NAME, type ReviewItem } from '@shared/schemas/ratings';
import { StarRating } from '@/components/member-rating';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ProfileAvatar } from '@/features/profile/components/profile-avatar';
import { profilePath } from '@/lib/paths';

/** The profile's Reviews card: the latest ratings the member received, newest first. */
export function ProfileReviews({ reviews }: { reviews: ReviewItem[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" id="profile-reviews-title">
          Reviews
        </CardTitle>
      </CardHeader>
      <CardContent>
        {reviews.length === 0 ? (
          <p className="text-fg-muted">No reviews yet.</p>
        ) : (
          <ul aria-labelledby="profile-reviews-title" className="divide-y divide-border">
            {reviews.map((review) => (
              <li key={review.id} className="flex gap-3 py-4 first:pt-0 last:pb-0">
                <ProfileAvatar photoUrl={review.reviewer.photoUrl} name={review.reviewer.name} className="size-10 shrink-0 text-sm" />
                <div className="min-w-0 flex-1 space-y-1">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
                    <ReviewerName review={review} />
                    <time dateTime={review.createdAt} className="text-sm text-fg-subtle">
                      {format(new Date(review.createdAt), 'MMM d, yyyy')}
                    </time>
                  </div>
                  <StarRating value={review.stars} />
                  {review.comment ? <p className="leading-relaxed whitespace-pre-line break-words">{review.comment}</p> : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** The reviewer's name, linking to their profile while they still have one (not once gone or deleted). */
function ReviewerName({ review }: { review: ReviewItem }) {
  if (review.reviewer.photoUrl === null && (review.reviewer.name === FORMER_MEMBER_NAME || review.reviewer.name === DELETED_MEMBER_NAME)) {
    return <span className="font-medium text-fg-muted">{review.reviewer.name}</span>;
  }
  return (
    <Link to={profilePath(review.reviewer.id)} className="font-medium wrap-anywhere text-brand-700 underline-offset-4 hover:underline focus-visible:underline">
      {review.reviewer.name}
    </Link>
  );
}
