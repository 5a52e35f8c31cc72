import { sql, type SQL } from 'drizzle-orm';
import {
  MESSAGE_LIMITS,
  MESSAGE_MESSAGES,
  type ConversationSummary,
  type ExchangeProposal,
  type MessageItem,
  type MessagePage,
} from '../../../shared/schemas/messages.js';
import { queryRows, type Database } from '../../db/client.js';
import type { MessageType } from '../../db/schema/index.js';
import { notFound, validationFailed } from '../../errors.js';
import { publishToMembers } from '../../realtime/member-events.js';
import { assertNotBlocked } from '../blocks/blocks.service.js';
import { escapeLike } from '../posts/post-text-filter.js';
import { messageWriter } from './message-writer.js';
import { MESSAGE_COLUMNS, toMessageItem, type MessageRow } from './message-rows.js';
import { photoUrl, toDate } from '../posts/post-query.js';
import { UNNAMED_MEMBER } from '../profiles/member-name.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The newest conversations the list shows (a member with more searches for the rest). */
export const CONVERSATION_LIST_LIMIT = 200;

/** The text an exchange proposal message carries (the list's last message shows it). */
export const PROPOSAL_CONTENT = 'Exchange proposal';

type Executor = Pick<Database, 'execute'>;

interface SummaryRow {
  id: string;
  updated_at: Date | string;
  other_id: string;
  other_name: string | null;
  other_photo_id: string | null;
  post_id: string | null;
  post_title: string | null;
  unread_count: number | string;
  lm_id: string | null;
  lm_sender_id: string | null;
  lm_content: string | null;
  lm_message_type: MessageType | null;
  lm_exchange_proposal: Record<string, unknown> | null;
  lm_is_read: boolean | null;
  lm_created_at: Date | string | null;
  blocked: 'by_viewer' | 'by_other' | null;
}

/**
 * Conversation summaries of the viewer, newest activity first, in one query: the other member
 * (profile display name, else account name, and photo), the post, the last message and the
 * count of the other member's messages the viewer has not read, and a block between the two
 * (two primary key probes). `where` narrows further.
 */
async function selectSummaries(
  db: Executor,
  viewerId: string,
  filter: { where: SQL; join?: SQL },
  limit: number,
): Promise<ConversationSummary[]> {
  const rows = await queryRows<SummaryRow>(
    db as Database,
    sql`SELECT c.id, c.updated_at, o.id AS other_id, coalesce(pr.display_name, o.name) AS other_name,
               pr.photo_id::text AS other_photo_id, c.post_id::text AS post_id, p.title AS post_title,
               (SELECT count(*) FROM messages um
                 WHERE um.conversation_id = c.id AND um.is_read = false AND um.sender_id <> ${viewerId})::int AS unread_count,
               lm.id AS lm_id, lm.sender_id AS lm_sender_id, lm.content AS lm_content,
               lm.message_type AS lm_message_type, lm.exchange_proposal AS lm_exchange_proposal,
               lm.is_read AS lm_is_read, lm.created_at AS lm_created_at,
               CASE WHEN EXISTS (SELECT 1 FROM member_blocks bv WHERE bv.blocker_id = ${viewerId} AND bv.blocked_id = o.id) THEN 'by_viewer'
                    WHEN EXISTS (SELECT 1 FROM member_blocks bo WHERE bo.blocker_id = o.id AND bo.blocked_id = ${viewerId}) THEN 'by_other'
               END AS blocked
        FROM conversations c
        JOIN users o ON o.id = CASE WHEN c.participant_1_id = ${viewerId} THEN c.participant_2_id ELSE c.participant_1_id END
        LEFT JOIN profiles pr ON pr.id = o.id
        LEFT JOIN posts p ON p.id = c.post_id
        LEFT JOIN LATERAL (
          SELECT m.id, m.sender_id, m.content, m.message_type, m.exchange_proposal, m.is_read, m.created_at
          FROM messages m WHERE m.conversation_id = c.id
          ORDER BY m.created_at DESC, m.id DESC LIMIT 1
        ) lm ON true
        ${filter.join ?? sql``}
        WHERE (c.participant_1_id = ${viewerId} OR c.participant_2_id = ${viewerId}) AND ${filter.where}
        ORDER BY c.updated_at DESC, c.id DESC
        LIMIT ${limit}`,
  );
  return rows.map((row) => ({
    id: row.id,
    otherMember: { id: row.other_id, name: row.other_name || UNNAMED_MEMBER, photoUrl: photoUrl(row.other_photo_id) },
    post: row.post_id && row.post_title !== null ? { id: row.post_id, title: row.post_title } : null,
    lastMessage:
      row.lm_id === null
        ? null
        : toMessageItem({
            id: row.lm_id,
            conversation_id: row.id,
            sender_id: row.lm_sender_id ?? '',
            content: row.lm_content ?? '',
            message_type: row.lm_message_type ?? 'text',
            exchange_proposal: row.lm_exchange_proposal,
            is_read: Boolean(row.lm_is_read),
            created_at: row.lm_created_at ?? row.updated_at,
          }),
    unreadCount: Number(row.unread_count),
    updatedAt: toDate(row.updated_at).toISOString(),
    blocked: row.blocked ?? null,
  }));
}

/**
 * The viewer's conversations, newest activity first. `q` finds the other member's name or the
 * text of any message in the conversation (case-insensitive substring, LIKE wildcards escaped).
 */
export async function listConversations(db: Database, viewerId: string, q: string | undefined): Promise<ConversationSummary[]> {
  const phrase = q?.trim() ?? '';
  if (!phrase) return selectSummaries(db, viewerId, { where: sql`true` }, CONVERSATION_LIST_LIMIT);
  const pattern = `%${escapeLike(phrase)}%`;
  // A lateral probe per conversation (on its index), not an EXISTS: under the OR the planner
  // would hash the matches of every conversation in the database.
  return selectSummaries(
    db,
    viewerId,
    {
      join: sql`LEFT JOIN LATERAL (
                  SELECT true AS hit FROM messages sm WHERE sm.conversation_id = c.id AND sm.content ILIKE ${pattern} LIMIT 1
                ) found ON true`,
      where: sql`(coalesce(pr.display_name, o.name) ILIKE ${pattern} OR found.hit)`,
    },
    CONVERSATION_LIST_LIMIT,
  );
}

/** One conversation of the viewer's; anyone else's (and a malformed id) is 404. */
export async function getConversation(db: Database, viewerId: string, conversationId: string): Promise<ConversationSummary> {
  if (!UUID.test(conversationId)) throw notFound(MESSAGE_MESSAGES.conversationNotFound);
  const [summary] = await selectSummaries(db, viewerId, { where: sql`c.id = ${conversationId}` }, 1);
  if (!summary) throw notFound(MESSAGE_MESSAGES.conversationNotFound);
  return summary;
}

/**
 * Opens the conversation between the viewer and a member (about a post when given), creating
 * it when none exists. The unique index on the unordered pair and post makes two opens at once
 * end with one conversation: INSERT ... ON CONFLICT DO NOTHING, then read the one that exists.
 * A member either side blocked is a 403 'You cannot contact this member.'.
 */
export async function openConversation(
  db: Database,
  viewerId: string,
  input: { memberId: string; postId?: string | null },
): Promise<{ created: boolean; conversation: ConversationSummary }> {
  if (input.memberId === viewerId) throw validationFailed({ memberId: MESSAGE_MESSAGES.self }, MESSAGE_MESSAGES.self);
  const [member] = await queryRows<{ id: string }>(db, sql`SELECT id FROM users WHERE id = ${input.memberId}`);
  if (!member) throw notFound(MESSAGE_MESSAGES.memberNotFound);
  await assertNotBlocked(db, viewerId, input.memberId);
  const postId = input.postId ?? null;
  if (postId) {
    // A conversation is about a post of one of its two members.
    const [post] = await queryRows<{ id: string }>(
      db,
      sql`SELECT id FROM posts WHERE id = ${postId} AND user_id IN (${viewerId}, ${input.memberId})`,
    );
    if (!post) throw notFound('Post not found.');
  }
  // Under racing opens the INSERT waits for the winner and does nothing, but this statement's
  // snapshot predates the winner's row: the next statement (READ COMMITTED) sees it.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const row = await upsertConversation(db, viewerId, input.memberId, postId);
    if (row) return { created: Boolean(row.created), conversation: await getConversation(db, viewerId, row.id) };
  }
  throw new Error('no conversation after upsert');
}

/** Inserts the conversation unless it exists; either way its id (nothing when a racing insert is not visible yet). */
async function upsertConversation(db: Database, viewerId: string, memberId: string, postId: string | null) {
  const [row] = await queryRows<{ id: string; created: boolean }>(
    db,
    sql`WITH inserted AS (
          INSERT INTO conversations (participant_1_id, participant_2_id, post_id)
          VALUES (${viewerId}, ${memberId}, ${postId})
          ON CONFLICT DO NOTHING
          RETURNING id)
        SELECT id, true AS created FROM inserted
        UNION ALL
        SELECT id, false FROM conversations
        WHERE least(participant_1_id, participant_2_id) = least(${viewerId}::text, ${memberId}::text)
          AND greatest(participant_1_id, participant_2_id) = greatest(${viewerId}::text, ${memberId}::text)
          AND coalesce(post_id::text, '') = ${postId ?? ''}
        LIMIT 1`,
  );
  return row;
}

interface Participants {
  id: string;
  participant_1_id: string;
  participant_2_id: string;
}

/** The conversation's two members when the viewer is one of them; otherwise 404. */
export async function participantsOf(db: Executor, viewerId: string, conversationId: string): Promise<{ otherId: string; blocked: boolean }> {
  if (!UUID.test(conversationId)) throw notFound(MESSAGE_MESSAGES.conversationNotFound);
  // One round trip for the membership and the block (each send asks for both).
  const [row] = await queryRows<Participants & { blocked: boolean }>(
    db as Database,
    sql`SELECT c.id, c.participant_1_id, c.participant_2_id,
               EXISTS (SELECT 1 FROM member_blocks b
                       WHERE (b.blocker_id = c.participant_1_id AND b.blocked_id = c.participant_2_id)
                          OR (b.blocker_id = c.participant_2_id AND b.blocked_id = c.participant_1_id)) AS blocked
        FROM conversations c
        WHERE c.id = ${conversationId} AND (c.participant_1_id = ${viewerId} OR c.participant_2_id = ${viewerId})`,
  );
  if (!row) throw notFound(MESSAGE_MESSAGES.conversationNotFound);
  return { otherId: row.participant_1_id === viewerId ? row.participant_2_id : row.participant_1_id, blocked: row.blocked };
}

/** The opaque cursor for "messages older than this one". */
export function encodeCursor(messageId: string): string {
  return Buffer.from(`m:${messageId}`).toString('base64url');
}

function decodeCursor(cursor: string): string {
  const decoded = Buffer.from(cursor, 'base64url').toString('utf8');
  const id = decoded.startsWith('m:') ? decoded.slice(2) : '';
  if (!UUID.test(id)) throw validationFailed({ before: MESSAGE_MESSAGES.cursor }, MESSAGE_MESSAGES.cursor);
  return id;
}

/**
 * One page of a conversation: the 50 newest messages older than the cursor (keyset on
 * created_at, id), oldest first, and the cursor of the next older page (null at the start).
 */
export async function listMessages(
  db: Database,
  viewerId: string,
  conversationId: string,
  before: string | undefined,
): Promise<MessagePage> {
  await participantsOf(db, viewerId, conversationId);
  let older = sql`true`;
  if (before) {
    const cursorId = decodeCursor(before);
    const [anchor] = await queryRows<{ id: string }>(
      db,
      sql`SELECT id FROM messages WHERE id = ${cursorId} AND conversation_id = ${conversationId}`,
    );
    if (!anchor) throw validationFailed({ before: MESSAGE_MESSAGES.cursor }, MESSAGE_MESSAGES.cursor);
    older = sql`(m.created_at, m.id) < (SELECT a.created_at, a.id FROM messages a WHERE a.id = ${cursorId})`;
  }
  const size = MESSAGE_LIMITS.pageSize;
  const rows = await queryRows<MessageRow>(
    db,
    sql`SELECT ${MESSAGE_COLUMNS} FROM messages m
        WHERE m.conversation_id = ${conversationId} AND ${older}
        ORDER BY m.created_at DESC, m.id DESC
        LIMIT ${size + 1}`,
  );
  const page = rows.slice(0, size);
  const oldest = page[page.length - 1];
  return {
    items: page.reverse().map((row) => toMessageItem(row)),
    nextCursor: rows.length > size && oldest ? encodeCursor(oldest.id) : null,
  };
}

/**
 * Sends a message (plain text, or an exchange proposal card): the message, the conversation's
 * new activity time, the 'message.created' event to both members' tabs and, when the recipient
 * has no unread 'message' notification for this conversation yet, one, written with the other
 * sends of the moment (message-writer.ts: in one transaction when a notification may be due, else
 * the messages commit and their events follow). More than `perMinute`
 * messages a minute from one member answer 429; a block between the two, either way, a 403
 * 'You cannot contact this member.'; a conversation that is not the viewer's, 404.
 */
export async function sendMessage(
  db: Database,
  viewerId: string,
  conversationId: string,
  input: { content: string; clientId?: string | null; exchangeProposal?: ExchangeProposal | null },
  perMinute: number,
): Promise<MessageItem> {
  if (!UUID.test(conversationId)) throw notFound(MESSAGE_MESSAGES.conversationNotFound);
  const proposal = input.exchangeProposal ?? null;
  return messageWriter(db).send({
    viewerId,
    conversationId,
    // A proposal's text is always the same short label (the list shows it as the last message).
    content: proposal ? PROPOSAL_CONTENT : input.content,
    proposal,
    clientId: input.clientId ?? null,
    perMinute,
  });
}

/**
 * Marks the other member's messages in the conversation read (never the viewer's own), and the
 * viewer's unread 'message' notifications for it; both members' tabs hear 'message.read' when
 * anything changed.
 */
export async function markConversationRead(db: Database, viewerId: string, conversationId: string): Promise<void> {
  const { otherId } = await participantsOf(db, viewerId, conversationId);
  await db.transaction(async (tx) => {
    const updated = await queryRows<{ id: string }>(
      tx,
      sql`UPDATE messages SET is_read = true
          WHERE conversation_id = ${conversationId} AND sender_id <> ${viewerId} AND is_read = false
          RETURNING id`,
    );
    await tx.execute(
      sql`UPDATE notifications SET is_read = true
          WHERE user_id = ${viewerId} AND type = 'message' AND is_read = false
            AND data->>'conversationId' = ${conversationId}`,
    );
    if (updated.length > 0) {
      await publishToMembers(tx, [viewerId, otherId], { type: 'message.read', conversationId, readerId: viewerId });
    }
  });
}

/** Messages sent to the viewer, in any of their conversations, that they have not read. */
export async function unreadMessageCount(db: Database, viewerId: string): Promise<number> {
  // Counted per conversation through the partial unread index, never by scanning messages.
  const [row] = await queryRows<{ unread: number | string }>(
    db,
    sql`SELECT coalesce(sum((SELECT count(*) FROM messages m
                              WHERE m.conversation_id = c.id AND m.is_read = false AND m.sender_id <> ${viewerId})), 0)::int AS unread
        FROM conversations c
        WHERE c.participant_1_id = ${viewerId} OR c.participant_2_id = ${viewerId}`,
  );
  return Number(row?.unread ?? 0);
}
