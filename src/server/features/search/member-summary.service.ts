import { sql } from 'drizzle-orm';
import type { MemberSummary } from '../../../shared/schemas/posts.js';
import { queryRows, type Database } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { notBlockedWith } from '../blocks/blocks.service.js';
import { authorVisibleTo, photoUrl, toDate } from '../posts/post-query.js';

interface SummaryRow {
  id: string;
  created_at: Date | string;
  display_name: string | null;
  photo_id: string | null;
  category_name: string | null;
  rating_average: number | null;
  rating_count: number;
  completed_exchanges: number;
  median_response_seconds: number | null;
}

/**
 * The search Profile Details dialog: rating, join date and median response time to exchange
 * requests on the member's posts (hours, one decimal; null when they never answered one).
 * A member whose profile is hidden is 'not found' to everyone but their connections, and a
 * member blocked either way is 'not found' too.
 */
export async function memberSummary(db: Database, viewerId: string, memberId: string): Promise<MemberSummary> {
  const [row] = await queryRows<SummaryRow>(
    db,
    sql`SELECT u.id, u.created_at, pr.display_name, pr.photo_id::text AS photo_id, c.name AS category_name,
          (SELECT round(avg(r.rating), 1)::float8 FROM ratings r WHERE r.rated_user_id = u.id) AS rating_average,
          (SELECT count(*)::int FROM ratings r WHERE r.rated_user_id = u.id) AS rating_count,
          (SELECT count(*)::int FROM exchange_requests er JOIN posts ep ON ep.id = er.post_id
            WHERE er.status = 'completed' AND (er.requester_id = u.id OR ep.user_id = u.id)) AS completed_exchanges,
          (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM er.responded_at - er.created_at)::float8)
            FROM exchange_requests er JOIN posts ep ON ep.id = er.post_id
            WHERE ep.user_id = u.id AND er.responded_at IS NOT NULL) AS median_response_seconds
        FROM users u
        LEFT JOIN profiles pr ON pr.id = u.id
        LEFT JOIN skill_categories c ON c.id = pr.primary_category_id
        WHERE u.id = ${memberId} AND ${authorVisibleTo(viewerId, sql`u.id`)} AND ${notBlockedWith(viewerId, sql`u.id`)}`,
  );
  if (!row) throw notFound('Member not found.');
  const seconds = row.median_response_seconds === null ? null : Number(row.median_response_seconds);
  return {
    id: row.id,
    name: row.display_name?.trim() || 'Community Member',
    avatarUrl: photoUrl(row.photo_id),
    skill: row.category_name ?? 'Professional',
    joinedAt: toDate(row.created_at).toISOString(),
    ratingAverage: row.rating_average === null ? null : Number(row.rating_average),
    ratingCount: Number(row.rating_count),
    completedExchanges: Number(row.completed_exchanges),
    medianResponseHours: seconds === null ? null : Math.round((Math.max(seconds, 0) / 3600) * 10) / 10,
  };
}
