import { sql, type SQL } from 'drizzle-orm';
import { BLOCK_LIMITS, SAFETY_MESSAGES, type BlockedMember } from '../../../shared/schemas/safety.js';
import { queryRows, type Database } from '../../db/client.js';
import { forbidden, notFound, validationFailed } from '../../errors.js';
import { enforceWindowLimit } from '../../lib/rate-limit.js';
import { publishToMembers } from '../../realtime/member-events.js';
import { photoUrl } from '../uploads/photos.service.js';
import { UNNAMED_MEMBER } from '../profiles/member-name.js';

type Executor = Pick<Database, 'execute'>;

/** The most blocked members the Privacy tab lists (a hard maximum, as for every list). */
export const BLOCK_LIST_MAX = 500;

/**
 * The members `viewerId` has blocked or who blocked `viewerId`, as a subquery for `x NOT IN (...)`.
 * Both directions hide two members from each other (issue 12), so every list asks for both.
 * A member blocks few others: PostgreSQL hashes this once per query, never per row.
 */
export function blockedMemberIds(viewerId: string | SQL): SQL {
  return sql`SELECT bo.blocked_id FROM member_blocks bo WHERE bo.blocker_id = ${viewerId}
    UNION ALL SELECT bi.blocker_id FROM member_blocks bi WHERE bi.blocked_id = ${viewerId}`;
}

/** A condition over a member id column: true unless the viewer and that member blocked each other (either way). */
export function notBlockedWith(viewerId: string, memberId: SQL): SQL {
  return sql`${memberId} NOT IN (${blockedMemberIds(viewerId)})`;
}

/** Who blocked whom between the viewer and another member: 'by_viewer' wins when both did. */
export type BlockState = 'by_viewer' | 'by_other' | null;

/** The block between two members as the viewer sees it (primary key lookups, both directions). */
export async function blockStateBetween(db: Executor, viewerId: string, otherId: string): Promise<BlockState> {
  const rows = await queryRows<{ blocker_id: string }>(db as Database, blockersQuery(viewerId, otherId));
  return blockState(viewerId, rows.map((r) => r.blocker_id));
}

/** The blocks between two members as `blocker_id` rows (none, one or two). */
export function blockersQuery(viewerId: string, otherId: string | SQL): SQL {
  return sql`SELECT blocker_id FROM member_blocks
    WHERE (blocker_id = ${viewerId} AND blocked_id = ${otherId}) OR (blocker_id = ${otherId} AND blocked_id = ${viewerId})`;
}

/** The viewer's block state from the blockers between them and another member (`blockersQuery`). */
export function blockState(viewerId: string, blockers: readonly string[]): BlockState {
  if (blockers.includes(viewerId)) return 'by_viewer';
  return blockers.length > 0 ? 'by_other' : null;
}

/** True when either member blocked the other. */
export async function blockedBetween(db: Executor, a: string, b: string): Promise<boolean> {
  return (await blockStateBetween(db, a, b)) !== null;
}

/** 403 'You cannot contact this member.' when either member blocked the other (messages, requests). */
export async function assertNotBlocked(db: Executor, viewerId: string, otherId: string): Promise<void> {
  if (await blockedBetween(db, viewerId, otherId)) throw forbidden(SAFETY_MESSAGES.blocked);
}

/**
 * After a block or an unblock: both members' open tabs refresh their conversations with each
 * other (the chat swaps its composer for the block line). Every instance's caches hear of it from
 * member_blocks' change trigger (migration 0019).
 */
async function announceBlockChange(tx: Executor, viewerId: string, memberId: string): Promise<void> {
  const conversations = await queryRows<{ id: string }>(
    tx as Database,
    sql`SELECT id FROM conversations
        WHERE least(participant_1_id, participant_2_id) = least(${viewerId}::text, ${memberId}::text)
          AND greatest(participant_1_id, participant_2_id) = greatest(${viewerId}::text, ${memberId}::text)`,
  );
  for (const { id } of conversations) {
    await publishToMembers(tx, [viewerId, memberId], { type: 'conversation.updated', conversationId: id });
  }
}

/**
 * The viewer blocks a member: `created` false when they already had. Blocking yourself is a
 * 400, an unknown member a 404. Existing conversations stay (history is kept), but nothing new
 * can be sent either way until the block is lifted.
 */
export async function blockMember(
  db: Database,
  viewerId: string,
  memberId: string,
): Promise<{ created: boolean; block: BlockedMember }> {
  if (memberId === viewerId) throw validationFailed({ memberId: SAFETY_MESSAGES.blockSelf }, SAFETY_MESSAGES.blockSelf);
  const [member] = await queryRows<{ id: string }>(db, sql`SELECT id FROM users WHERE id = ${memberId}`);
  if (!member) throw notFound(SAFETY_MESSAGES.memberNotFound);
  await enforceBlockLimit(db, viewerId);
  const created = await db.transaction(async (tx) => {
    const inserted = await queryRows<{ blocked_id: string }>(
      tx,
      sql`INSERT INTO member_blocks (blocker_id, blocked_id) VALUES (${viewerId}, ${memberId})
          ON CONFLICT DO NOTHING RETURNING blocked_id`,
    );
    if (inserted.length > 0) await announceBlockChange(tx, viewerId, memberId);
    return inserted.length > 0;
  });
  const [block] = await listBlockedMembers(db, viewerId, memberId);
  // An unblock from another tab may land in between: the block as it was made is still the answer.
  return { created, block: block ?? { member: { id: memberId, name: UNNAMED_MEMBER, photoUrl: null }, blockedAt: new Date().toISOString() } };
}

/** Lifts the viewer's block of a member; nothing happens when there was none. */
export async function unblockMember(db: Database, viewerId: string, memberId: string): Promise<void> {
  await enforceBlockLimit(db, viewerId);
  await db.transaction(async (tx) => {
    const deleted = await queryRows<{ blocked_id: string }>(
      tx,
      sql`DELETE FROM member_blocks WHERE blocker_id = ${viewerId} AND blocked_id = ${memberId} RETURNING blocked_id`,
    );
    if (deleted.length > 0) await announceBlockChange(tx, viewerId, memberId);
  });
}

/** 429 past `BLOCK_LIMITS.changesPerHour` blocks and unblocks: each one empties every feed cache. */
async function enforceBlockLimit(db: Database, viewerId: string): Promise<void> {
  await enforceWindowLimit(db, `block:${viewerId}`, 3600, BLOCK_LIMITS.changesPerHour, SAFETY_MESSAGES.blockRateLimited);
}

/** The members the viewer blocked, newest block first (the Privacy tab of /settings). */
export async function listBlockedMembers(db: Database, viewerId: string, only?: string): Promise<BlockedMember[]> {
  const rows = await queryRows<{ id: string; name: string | null; photo_id: string | null; created_at: Date | string }>(
    db,
    sql`SELECT u.id, coalesce(pr.display_name, u.name) AS name, pr.photo_id::text AS photo_id, mb.created_at
        FROM member_blocks mb
        JOIN users u ON u.id = mb.blocked_id
        LEFT JOIN profiles pr ON pr.id = u.id
        WHERE mb.blocker_id = ${viewerId}${only === undefined ? sql`` : sql` AND mb.blocked_id = ${only}`}
        ORDER BY mb.created_at DESC, u.id
        LIMIT ${BLOCK_LIST_MAX}`,
  );
  return rows.map((row) => ({
    member: { id: row.id, name: row.name?.trim() || UNNAMED_MEMBER, photoUrl: row.photo_id ? photoUrl(row.photo_id) : null },
    blockedAt: new Date(row.created_at).toISOString(),
  }));
}
