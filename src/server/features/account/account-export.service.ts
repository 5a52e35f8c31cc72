import { sql, type SQL } from 'drizzle-orm';
import type { MemberSettings } from '../../../shared/schemas/settings.js';
import { queryRows, type Database } from '../../db/client.js';
import { unauthenticated } from '../../errors.js';
import { getMemberSettings } from '../settings/settings.service.js';

/**
 * "Download my data" (issue 13, account control): everything the service holds about one member,
 * as one JSON document. Only the member's own rows and the conversations they take part in; other
 * members appear by id and name only (never their e-mail), and nothing secret (password hashes,
 * session tokens, verification tokens) is read at all.
 */
export interface AccountExport {
  exportedAt: string;
  account: { id: string; email: string; emailVerified: boolean; createdAt: string };
  profile: Record<string, unknown> | null;
  settings: MemberSettings;
  posts: Record<string, unknown>[];
  requests: { sent: Record<string, unknown>[]; received: Record<string, unknown>[] };
  conversations: Record<string, unknown>[];
  ratings: { given: Record<string, unknown>[]; received: Record<string, unknown>[] };
  notifications: Record<string, unknown>[];
}

/** A member as others see them in the export: id and name. */
const member = (alias: string, profileAlias: string) =>
  sql.raw(`json_build_object('id', ${alias}.id, 'name', coalesce(${profileAlias}.display_name, ${alias}.name))`);

/** The rows of `query` as a JSON array built by the database, in the query's order ('[]' when none). */
async function jsonList(db: Database, query: SQL): Promise<Record<string, unknown>[]> {
  const [row] = await queryRows<{ items: Record<string, unknown>[] | null }>(
    db,
    sql`SELECT coalesce(json_agg(x), '[]'::json) AS items FROM (${query}) x`,
  );
  return row?.items ?? [];
}

/** The photo URL the photos route serves (as in post-query's photoUrl), or null. */
const photoUrlSql = (column: string) => sql.raw(`CASE WHEN ${column} IS NULL THEN NULL ELSE '/api/photos/' || ${column}::text END`);

/** GET /api/account/export: the signed-in member's data, assembled section by section. */
export async function exportAccount(db: Database, userId: string): Promise<AccountExport> {
  const [account] = await jsonList(
    db,
    sql`SELECT u.id, u.email, u.email_verified AS "emailVerified", u.created_at AS "createdAt" FROM users u WHERE u.id = ${userId}`,
  );
  if (!account) throw unauthenticated();
  const [profile] = await jsonList(
    db,
    sql`SELECT pr.display_name AS "displayName", pr.about, ${photoUrlSql('pr.photo_id')} AS "photoUrl",
               pr.service_type AS "serviceType", c.name AS "primaryCategory", pr.skill_keywords AS "skillKeywords",
               pr.portfolio_url AS "portfolioUrl", pr.linkedin_url AS "linkedinUrl", pr.lead_time AS "leadTime",
               pr.zip_code AS "zipCode", pr.location, pr.latitude, pr.longitude,
               pr.service_radius_miles AS "serviceRadiusMiles", pr.created_at AS "createdAt", pr.updated_at AS "updatedAt"
        FROM profiles pr LEFT JOIN skill_categories c ON c.id = pr.primary_category_id
        WHERE pr.id = ${userId}`,
  );
  const posts = await jsonList(
    db,
    sql`SELECT p.id, p.status, p.title, p.offering, p.looking_for AS "lookingFor", p.description,
               p.additional_context AS "additionalContext", p.custom_tags AS "tags", p.service_type AS "serviceType",
               c.name AS category, p.available_from AS "availableFrom", p.available_until AS "availableUntil",
               p.preferred_days AS "preferredDays", p.preferred_times AS "preferredTimes",
               p.availability_description AS "availability", p.service_radius_miles AS "serviceRadiusMiles",
               p.lead_time_days AS "leadTimeDays", p.estimated_duration_hours AS "estimatedDurationHours",
               p.is_flexible_timing AS "isFlexibleTiming", p.is_same_day_ok AS "isSameDayOk",
               p.zip_code AS "zipCode", p.latitude, p.longitude, p.created_at AS "createdAt", p.updated_at AS "updatedAt"
        FROM posts p LEFT JOIN skill_categories c ON c.id = p.category_id
        WHERE p.user_id = ${userId}
        ORDER BY p.created_at, p.id`,
  );
  const requestColumns = sql`r.id, r.status, json_build_object('id', p.id, 'title', p.title) AS post,
        r.message, r.proposed_exchange AS "proposedExchange", r.response_message AS "responseMessage",
        r.created_at AS "createdAt", r.updated_at AS "updatedAt", r.responded_at AS "respondedAt",
        r.completed_at AS "completedAt", r.completed_by_id AS "completedById"`;
  const sent = await jsonList(
    db,
    sql`SELECT ${requestColumns}, ${member('o', 'op')} AS "postOwner"
        FROM exchange_requests r JOIN posts p ON p.id = r.post_id
        JOIN users o ON o.id = p.user_id LEFT JOIN profiles op ON op.id = o.id
        WHERE r.requester_id = ${userId}
        ORDER BY r.created_at, r.id`,
  );
  const received = await jsonList(
    db,
    sql`SELECT ${requestColumns}, ${member('o', 'op')} AS requester
        FROM posts p JOIN exchange_requests r ON r.post_id = p.id
        JOIN users o ON o.id = r.requester_id LEFT JOIN profiles op ON op.id = o.id
        WHERE p.user_id = ${userId}
        ORDER BY r.created_at, r.id`,
  );
  const conversations = await jsonList(
    db,
    sql`SELECT c.id, ${member('o', 'op')} AS "otherMember",
               CASE WHEN p.id IS NULL THEN NULL ELSE json_build_object('id', p.id, 'title', p.title) END AS post,
               c.created_at AS "createdAt", c.updated_at AS "updatedAt",
               (SELECT coalesce(json_agg(json_build_object(
                   'id', m.id, 'senderId', m.sender_id, 'fromMe', m.sender_id = ${userId}, 'content', m.content,
                   'type', m.message_type, 'exchangeProposal', m.exchange_proposal, 'isRead', m.is_read,
                   'createdAt', m.created_at) ORDER BY m.created_at, m.id), '[]'::json)
                FROM messages m WHERE m.conversation_id = c.id) AS messages
        FROM conversations c
        JOIN users o ON o.id = CASE WHEN c.participant_1_id = ${userId} THEN c.participant_2_id ELSE c.participant_1_id END
        LEFT JOIN profiles op ON op.id = o.id
        LEFT JOIN posts p ON p.id = c.post_id
        WHERE c.participant_1_id = ${userId} OR c.participant_2_id = ${userId}
        ORDER BY c.created_at, c.id`,
  );
  const ratingColumns = sql`ra.id, ra.exchange_request_id AS "exchangeRequestId", ra.rating AS stars, ra.comment, ra.created_at AS "createdAt"`;
  const given = await jsonList(
    db,
    sql`SELECT ${ratingColumns}, ${member('o', 'op')} AS "ratedMember"
        FROM ratings ra JOIN users o ON o.id = ra.rated_user_id LEFT JOIN profiles op ON op.id = o.id
        WHERE ra.rater_id = ${userId}
        ORDER BY ra.created_at, ra.id`,
  );
  const ratingsReceived = await jsonList(
    db,
    sql`SELECT ${ratingColumns}, ${member('o', 'op')} AS rater
        FROM ratings ra JOIN users o ON o.id = ra.rater_id LEFT JOIN profiles op ON op.id = o.id
        WHERE ra.rated_user_id = ${userId}
        ORDER BY ra.created_at, ra.id`,
  );
  const notifications = await jsonList(
    db,
    sql`SELECT n.id, n.type, n.title, n.message, n.data, n.is_read AS "isRead", n.created_at AS "createdAt"
        FROM notifications n WHERE n.user_id = ${userId}
        ORDER BY n.created_at, n.id`,
  );
  return {
    exportedAt: new Date().toISOString(),
    account: account as AccountExport['account'],
    profile: profile ?? null,
    settings: await getMemberSettings(db, userId),
    posts,
    requests: { sent, received },
    conversations,
    ratings: { given, received: ratingsReceived },
    notifications,
  };
}
