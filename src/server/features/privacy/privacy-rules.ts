import { sql, type SQL } from 'drizzle-orm';

/**
 * The privacy settings as SQL conditions over a member id (a missing `member_settings` row means
 * every default: on). Profile Visibility lives with the post rules (`authorVisibleTo` in
 * posts/post-query.ts); these two are what matching needs.
 *
 * Each is `member NOT IN (members who turned it off)`, like `notBlockedWith`: the member id stays
 * outside the subquery (so a bare `user_id` cannot be captured by it), and PostgreSQL runs the
 * subquery once as a hashed set of the few members who turned the setting off.
 */

/** The members who turned AI Match Suggestions off, as a subquery of their ids. */
export function membersOutOfMatching(): SQL {
  return sql`SELECT mso.user_id FROM member_settings mso WHERE mso.ai_match_suggestions = false`;
}

/** The member takes part in AI Match Suggestions: their posts may appear in others' matches. */
export function takesPartInMatching(memberId: SQL): SQL {
  return sql`(${memberId} NOT IN (${membersOutOfMatching()}))`;
}

/** The member shares their location: their posts' coordinates may count towards others' scores. */
export function sharesLocation(memberId: SQL): SQL {
  return sql`(${memberId} NOT IN (SELECT msl.user_id FROM member_settings msl WHERE msl.location_sharing = false))`;
}
