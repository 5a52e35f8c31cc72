import { desc, eq } from 'drizzle-orm';
import { FORMER_MEMBER_NAME, PROFILE_REVIEWS_LIMIT, RATING_MESSAGES, type RatingItem, type ReviewItem } from '../../../shared/schemas/ratings.js';
import { pgErrorCode, type Database } from '../../db/client.js';
import { exchangeRequests, posts, profiles, ratings, users } from '../../db/schema/index.js';
import { AppError, forbidden, notFound } from '../../errors.js';
import { notify } from '../notifications/notify.js';
import { photoUrl } from '../uploads/photos.service.js';
import { UNNAMED_MEMBER } from '../profiles/member-name.js';

/** The rated member's notification: '{rater name} rated your exchange {n} stars' (1 star singular). */
export function ratingNotificationMessage(raterName: string, stars: number): string {
  return `${raterName} rated your exchange ${stars} ${stars === 1 ? 'star' : 'stars'}`;
}

/**
 * One party of a completed exchange rates the other, once (docs/decisions/011-ratings.md).
 * Only the requester and the post's owner may see the request (anyone else gets the same 404
 * as for an unknown id); the rated member is the other party. The rating and the rated
 * member's 'rating_received' notification are written in one transaction; a second rating,
 * even one sent at the same moment, meets the unique (request, rater) constraint and is a 409.
 */
export async function rateExchange(
  db: Database,
  viewerId: string,
  requestId: string,
  input: { stars: number; comment: string | null },
): Promise<RatingItem> {
  const [request] = await db
    .select({
      requesterId: exchangeRequests.requesterId,
      status: exchangeRequests.status,
      postId: exchangeRequests.postId,
      ownerId: posts.userId,
    })
    .from(exchangeRequests)
    .innerJoin(posts, eq(posts.id, exchangeRequests.postId))
    .where(eq(exchangeRequests.id, requestId))
    .limit(1);
  if (!request || (request.requesterId !== viewerId && request.ownerId !== viewerId)) {
    throw notFound(RATING_MESSAGES.requestNotFound);
  }
  if (request.status !== 'completed') throw new AppError('CONFLICT', RATING_MESSAGES.notCompleted);
  const ratedUserId = request.requesterId === viewerId ? request.ownerId : request.requesterId;
  if (ratedUserId === viewerId) throw forbidden(RATING_MESSAGES.selfRating);

  try {
    return await db.transaction(async (tx) => {
      const [rating] = await tx
        .insert(ratings)
        .values({ exchangeRequestId: requestId, raterId: viewerId, ratedUserId, rating: input.stars, comment: input.comment })
        .onConflictDoNothing({ target: [ratings.exchangeRequestId, ratings.raterId] })
        .returning();
      if (!rating) throw new AppError('CONFLICT', RATING_MESSAGES.alreadyRated);
      const [rater] = await tx.select({ name: profiles.displayName }).from(profiles).where(eq(profiles.id, viewerId)).limit(1);
      await notify(tx, {
        userId: ratedUserId,
        type: 'rating_received',
        title: 'New rating',
        message: ratingNotificationMessage(rater?.name?.trim() || UNNAMED_MEMBER, input.stars),
        data: { requestId, postId: request.postId, actorId: viewerId },
      });
      return {
        id: rating.id,
        stars: rating.rating,
        comment: rating.comment,
        createdAt: new Date(rating.createdAt).toISOString(),
      };
    });
  } catch (err) {
    // Belt and braces: the constraints themselves, should a write slip past the checks above.
    const code = pgErrorCode(err);
    if (code === '23505') throw new AppError('CONFLICT', RATING_MESSAGES.alreadyRated);
    if (code === '23514') throw forbidden(RATING_MESSAGES.selfRating);
    throw err;
  }
}

/**
 * The latest ratings a member received, newest first, each with its reviewer's name and photo
 * ('Former member' without a photo once the reviewer's profile is gone, 'Deleted member' once they
 * deleted their account, from the anonymised users row): one query.
 */
export async function latestReviews(db: Database, userId: string, limit = PROFILE_REVIEWS_LIMIT): Promise<ReviewItem[]> {
  const rows = await db
    .select({
      id: ratings.id,
      stars: ratings.rating,
      comment: ratings.comment,
      createdAt: ratings.createdAt,
      reviewerId: ratings.raterId,
      reviewerName: profiles.displayName,
      reviewerPhotoId: profiles.photoId,
      reviewerHasProfile: profiles.id,
      reviewerAccountName: users.name,
    })
    .from(ratings)
    .leftJoin(profiles, eq(profiles.id, ratings.raterId))
    .leftJoin(users, eq(users.id, ratings.raterId))
    .where(eq(ratings.ratedUserId, userId))
    .orderBy(desc(ratings.createdAt), desc(ratings.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    stars: row.stars,
    comment: row.comment,
    createdAt: new Date(row.createdAt).toISOString(),
    reviewer: {
      id: row.reviewerId,
      name: row.reviewerHasProfile === null ? row.reviewerAccountName?.trim() || FORMER_MEMBER_NAME : row.reviewerName?.trim() || FORMER_MEMBER_NAME,
      photoUrl: row.reviewerHasProfile !== null && row.reviewerPhotoId ? photoUrl(row.reviewerPhotoId) : null,
    },
  }));
}

