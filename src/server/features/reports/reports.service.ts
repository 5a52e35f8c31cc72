import { sql, type SQL } from 'drizzle-orm';
import { REPORT_LIMITS, SAFETY_MESSAGES, type ReportReason, type ReportTargetType } from '../../../shared/schemas/safety.js';
import { queryRows, type Database } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import { enforceWindowLimit } from '../../lib/rate-limit.js';
import { authorVisibleTo } from '../posts/post-query.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ReportRequest {
  targetType: ReportTargetType;
  targetId: string;
  reason: ReportReason;
  note?: string | undefined;
}

/**
 * Two members who share a conversation: the chat shows the other's name and photo, so each may
 * report the other from there even when the other's profile is hidden from the community.
 */
function shareConversation(viewerId: string, memberId: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM conversations sc
    WHERE (sc.participant_1_id = ${viewerId} AND sc.participant_2_id = ${memberId})
       OR (sc.participant_2_id = ${viewerId} AND sc.participant_1_id = ${memberId}))`;
}

/**
 * The member behind what the viewer reports, or null when the target does not exist or the
 * viewer cannot see it: a member is a profile the viewer may open (or the other member of one
 * of their conversations), a post one whose author the viewer may see, a message one in a
 * conversation the viewer takes part in.
 */
async function reportedMemberOf(db: Database, viewerId: string, type: ReportTargetType, id: string): Promise<string | null> {
  let rows: { member_id: string }[];
  if (type === 'member') {
    rows = await queryRows(
      db,
      sql`SELECT pr.id AS member_id FROM profiles pr
          WHERE pr.id = ${id} AND (${authorVisibleTo(viewerId, sql`pr.id`)} OR ${shareConversation(viewerId, sql`pr.id`)})`,
    );
  } else if (type === 'post') {
    if (!UUID.test(id)) return null;
    rows = await queryRows(
      db,
      sql`SELECT p.user_id AS member_id FROM posts p WHERE p.id = ${id} AND ${authorVisibleTo(viewerId, sql`p.user_id`)}`,
    );
  } else {
    if (!UUID.test(id)) return null;
    rows = await queryRows(
      db,
      sql`SELECT m.sender_id AS member_id FROM messages m JOIN conversations c ON c.id = m.conversation_id
          WHERE m.id = ${id} AND (c.participant_1_id = ${viewerId} OR c.participant_2_id = ${viewerId})`,
    );
  }
  return rows[0]?.member_id ?? null;
}

/**
 * Stores a report for the operator. 404 when the target is missing or not visible to the
 * reporter, 400 for the reporter's own profile, post or message, 429 past
 * `REPORT_LIMITS.perHour` reports in an hour (only reports that would be stored count).
 */
export async function createReport(db: Database, viewerId: string, input: ReportRequest): Promise<{ id: string }> {
  const reportedId = await reportedMemberOf(db, viewerId, input.targetType, input.targetId);
  if (reportedId === null) throw notFound(SAFETY_MESSAGES.reportNotFound);
  if (reportedId === viewerId) throw new AppError('VALIDATION_FAILED', SAFETY_MESSAGES.reportOwn);
  await enforceWindowLimit(db, `report:${viewerId}`, 3600, REPORT_LIMITS.perHour, SAFETY_MESSAGES.reportRateLimited);
  const note = input.note?.trim() ? input.note.trim() : null;
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO reports (reporter_id, target_type, target_id, reported_member_id, reason, note)
        VALUES (${viewerId}, ${input.targetType}, ${input.targetId}, ${reportedId}, ${input.reason}, ${note})
        RETURNING id`,
  );
  if (!row) throw new Error('insert into reports returned no row');
  return { id: row.id };
}
