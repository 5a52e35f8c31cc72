import { eq, sql, type SQL } from 'drizzle-orm';
import { FORMER_MEMBER_NAME, PROFILE_REVIEWS_LIMIT, RATING_MESSAGES, type RatingItem, type ReviewItem } from '../../../shared/schemas/ratings.js';
import { pgErrorCode, queryRows, type Database } from '../../db/client.js';
import { isoTime } from '../../db/iso-time.js';
import { exchangeRequests, posts, profiles, ratings } from '../../db/schema/index.js';
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
  return (await queryRows<ReviewRow>(db, latestReviewsQuery(userId, limit))).map(toReviewItem);
}

/** One row of `latestReviewsQuery`. */
export interface ReviewRow {
  id: string;
  stars: number;
  comment: string | null;
  created_at: string;
  reviewer_id: string;
  reviewer_name: string | null;
  reviewer_photo_id: string | null;
  reviewer_has_profile: boolean;
  reviewer_account_name: string | null;
}

/**
 * The member's latest reviews, newest first, each with its reviewer as shown now (their profile's
 * name and photo, the account's name without a profile): `latestReviews`, and a column of the
 * profile view's one statement.
 */
export function latestReviewsQuery(userId: string, limit = PROFILE_REVIEWS_LIMIT): SQL {
  return sql`SELECT r.id, r.rating AS stars, r.comment, ${isoTime('r.created_at')} AS created_at, r.rater_id AS reviewer_id,
      pr.display_name AS reviewer_name, pr.photo_id::text AS reviewer_photo_id, pr.id IS NOT NULL AS reviewer_has_profile,
      u.name AS reviewer_account_name
    FROM ratings r LEFT JOIN profiles pr ON pr.id = r.rater_id LEFT JOIN users u ON u.id = r.rater_id
    WHERE r.rated_user_id = ${userId}
    ORDER BY r.created_at DESC, r.id DESC
    LIMIT ${sql.raw(String(Math.trunc(limit)))}`;
}

export function toReviewItem(row: ReviewRow): ReviewItem {
  return {
    id: row.id,
    stars: row.stars,
    comment: row.comment,
    createdAt: row.created_at,
    reviewer: {
      id: row.reviewer_id,
      name: row.reviewer_has_profile ? row.reviewer_name?.trim() || FORMER_MEMBER_NAME : row.reviewer_account_name?.trim() || FORMER_MEMBER_NAME,
      photoUrl: row.reviewer_has_profile && row.reviewer_photo_id ? photoUrl(row.reviewer_photo_id) : null,
    },
  };
}

