import { z } from 'zod';
import { text } from './text.js';

/** Limits of a rating; the database's checks (migration 0006) hold the same. */
export const RATING_LIMITS = { starsMin: 1, starsMax: 5, commentMax: 500 } as const;

export const RATING_MESSAGES = {
  stars: 'Choose 1 to 5 stars.',
  commentMax: 'Your comment must be 500 characters or less.',
  requestNotFound: 'Request not found.',
  notCompleted: 'You can rate an exchange once it is completed.',
  alreadyRated: 'You have already rated this exchange.',
  selfRating: 'You cannot rate yourself.',
} as const;

/** Rate your exchange: 1 to 5 whole stars and an optional comment (trimmed; blank = none). */
export const RateExchangeInput = z.object({
  stars: z
    .number({ error: RATING_MESSAGES.stars })
    .int(RATING_MESSAGES.stars)
    .min(RATING_LIMITS.starsMin, RATING_MESSAGES.stars)
    .max(RATING_LIMITS.starsMax, RATING_MESSAGES.stars),
  comment: text()
    .trim()
    .max(RATING_LIMITS.commentMax, RATING_MESSAGES.commentMax)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type RateExchangeInput = z.input<typeof RateExchangeInput>;

export const RequestIdParams = z.object({ id: z.uuid({ error: RATING_MESSAGES.requestNotFound }) });

/** The rating just given. */
export const RatingItem = z.object({
  id: z.string(),
  stars: z.number(),
  comment: z.string().nullable(),
  createdAt: z.string(),
});
export type RatingItem = z.infer<typeof RatingItem>;

/** A rating as the rated member's profile lists it, with who gave it. */
export const ReviewItem = RatingItem.extend({
  reviewer: z.object({ id: z.string(), name: z.string(), photoUrl: z.string().nullable() }),
});
export type ReviewItem = z.infer<typeof ReviewItem>;

/** What a reviewer whose profile is gone is called (their review stays, without a link or photo). */
export const FORMER_MEMBER_NAME = 'Former member';

/** How many reviews a profile lists, newest first. */
export const PROFILE_REVIEWS_LIMIT = 10;
