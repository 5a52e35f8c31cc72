import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import {
  REQUEST_MESSAGES,
  type ExchangeRequestItem,
  type RequestTransitionStatus,
} from '../../../shared/schemas/requests.js';
import { MESSAGE_MESSAGES } from '../../../shared/schemas/messages.js';
import { SAFETY_MESSAGES } from '../../../shared/schemas/safety.js';
import { pgErrorCode, queryRows, type Database } from '../../db/client.js';
import { type ExchangeRequestStatus } from '../../db/schema/index.js';
import type { WriteLimits } from '../../config.js';
import { AppError, forbidden, notFound } from '../../errors.js';
import { enforceHourlyLimit } from '../../lib/rate-limit.js';
import { blockersQuery } from '../blocks/blocks.service.js';
import { notificationWrites, notify, type NotificationWrites } from '../notifications/notify.js';
import { MEMBER_NAME_SQL, memberName, UNNAMED_MEMBER } from '../profiles/member-name.js';
import { publishManyToMembers, type MemberEventEnvelope } from '../../realtime/member-events.js';
import { PostCards } from '../posts/post-cards.js';
import { ViewerStates } from '../posts/viewer-states.js';
import { ProfileViews } from '../profiles/profile-views.js';
import { scopeCondition, toDate } from '../posts/post-query.js';

export const DUPLICATE_REQUEST_MESSAGE = 'You have already sent an exchange request for this post.';
/** The hourly limit's 429 message; the Send Exchange Request dialog shows it as it is. */
export const REQUEST_LIMIT_MESSAGE = (max: number, wait: string) =>
  `You can send up to ${max} exchange requests an hour. Please try again in ${wait}.`;

/**
 * Sends an exchange request (spec section 7): a pending request, the conversation between the
 * two members for that post (reused when it exists) and a first text message (the note, or
 * 'Hi! I sent you an exchange request.'), with the author's notification, all in one statement.
 * The post must be visible to the requester and not their own; an open (pending or accepted)
 * request on it is a 409; a post of a member either side blocked is a 403 'You cannot contact
 * this member.'.
 */
export async function sendExchangeRequest(
  db: Database,
  viewerId: string,
  input: { postId: string; message: string | null },
  limits: Pick<WriteLimits, 'requestsPerHour'>,
): Promise<ExchangeRequestItem> {
  let target = await requestTarget(db, viewerId, input.postId);
  const post = { userId: target.user_id, title: target.title };
  await enforceHourlyLimit(db, `exchange-request:${viewerId}`, limits.requestsPerHour, (wait) =>
    REQUEST_LIMIT_MESSAGE(limits.requestsPerHour, wait),
  );

  // The request's and the conversation's ids are chosen here (the pair's conversation for the
  // post when it exists, read with the post), so that the notification, its e-mail and the
  // events can name them in the one statement that writes it all.
  for (let attempt = 1; ; attempt += 1) {
    const ids = { request: randomUUID(), conversation: target.conversation_id ?? randomUUID() };
    const requesterName = target.requester_name || UNNAMED_MEMBER;
    const notification = notificationWrites(
      {
        userId: post.userId,
        type: 'exchange_request',
        title: 'New exchange request',
        message: `${requesterName} wants to exchange on "${post.title}"`,
        data: { requestId: ids.request, postId: input.postId, conversationId: ids.conversation, actorId: viewerId },
      },
      // Both members' open tabs: the new request (My Network, cards) and its first message.
      [
        { userIds: [viewerId, post.userId], event: { type: 'request.updated', requestId: ids.request } },
        { userIds: [viewerId, post.userId], event: { type: 'conversation.updated', conversationId: ids.conversation } },
      ],
    );
    try {
      const [request] = await queryRows<RequestRow & { conversation_id: string }>(
        db,
        sendRequestQuery(ids, { viewerId, authorId: post.userId, postId: input.postId, note: input.message }, notification),
        'send_request',
      );
      if (!request) throw new Error('sending the request returned no row');
      // The author's response signal counts the request and the sender's pages show it: here
      // before the answer, elsewhere when the notification comes (migrations 0018, 0021).
      PostCards.of(db).signalsChanged([post.userId]);
      ProfileViews.of(db).forget(post.userId);
      ViewerStates.of(db).requestSent(viewerId, input.postId);
      return toRequestItem(request, request.conversation_id);
    } catch (err) {
      // Two sends at once: the partial unique index lets one through; the other is the same 409.
      if (pgErrorCode(err) === '23505') throw new AppError('CONFLICT', DUPLICATE_REQUEST_MESSAGE);
      // The pair's conversation for the post was made between the two statements: read it and send again.
      if (pgErrorCode(err) === '22012' && attempt === 1) {
        target = await requestTarget(db, viewerId, input.postId);
        continue;
      }
      throw err;
    }
  }
}

/** What sending a request on a post needs to know first, in one statement (`requestTargetQuery`). */
interface RequestTarget {
  user_id: string;
  title: string;
  /** Either member blocked the other. */
  blocked: boolean;
  /** The post is one the requester may see in the community (the lists' rules, `scopeCondition`). */
  visible: boolean;
  requester_name: string | null;
  /** The two members' conversation for the post, when there is one. */
  conversation_id: string | null;
}

/** The post a request is sent on, when the member may send one on it (else the 404 or 403). */
async function requestTarget(db: Database, viewerId: string, postId: string): Promise<RequestTarget> {
  const [target] = await queryRows<RequestTarget>(db, requestTargetQuery(viewerId, postId), 'request_target');
  if (!target) throw notFound(REQUEST_MESSAGES.postId);
  if (target.user_id === viewerId) throw forbidden('You cannot send an exchange request for your own post.');
  if (target.blocked) throw forbidden(SAFETY_MESSAGES.blocked);
  if (!target.visible) throw notFound(REQUEST_MESSAGES.postId);
  return target;
}

/**
 * The post, the blocks between its author and the requester, its visibility to them, their name
 * and the two members' conversation for it.
 */
function requestTargetQuery(viewerId: string, postId: string): SQL {
  return sql`SELECT p.user_id, p.title,
      EXISTS (${blockersQuery(viewerId, sql`p.user_id`)}) AS blocked,
      (${scopeCondition(viewerId, 'community')}) AS visible,
      (SELECT ${MEMBER_NAME_SQL} FROM users u LEFT JOIN profiles pr ON pr.id = u.id WHERE u.id = ${viewerId}) AS requester_name,
      -- conversations_pair_post_idx's expressions.
      (SELECT c.id FROM conversations c
        WHERE least(c.participant_1_id, c.participant_2_id) = least(${viewerId}, p.user_id)
          AND greatest(c.participant_1_id, c.participant_2_id) = greatest(${viewerId}, p.user_id)
          AND coalesce(c.post_id::text, '') = p.id::text) AS conversation_id
    FROM posts p WHERE p.id = ${postId}`;
}

/** An exchange_requests row as the API answers it (`REQUEST_COLUMNS`). */
interface RequestRow {
  id: string;
  requester_id: string;
  post_id: string;
  status: ExchangeRequestStatus;
  message: string | null;
  response_message: string | null;
  created_at: Date | string;
  responded_at: Date | string | null;
  completed_at: Date | string | null;
  completed_by_id: string | null;
}

const REQUEST_COLUMNS = sql.raw(
  'id, requester_id, post_id, status, message, response_message, created_at, responded_at, completed_at, completed_by_id',
);

/**
 * The pending request, the two members' conversation for the post (made, or brought to the top of
 * both lists when it exists), its first message and the author's notification with its e-mail and
 * events, in one statement: atomic without a transaction, one round trip. The notification names
 * the conversation chosen before (`ids.conversation`); should another one for the pair and post
 * have been made since, the statement divides by zero (22012) and writes nothing.
 */
function sendRequestQuery(
  ids: { request: string; conversation: string },
  send: { viewerId: string; authorId: string; postId: string; note: string | null },
  notification: NotificationWrites,
): SQL {
  const firstMessage = send.note ?? REQUEST_MESSAGES.defaultFirstMessage;
  return sql`WITH request AS (
      INSERT INTO exchange_requests (id, requester_id, post_id, message, status)
      VALUES (${ids.request}, ${send.viewerId}, ${send.postId}, ${send.note}, 'pending')
      RETURNING ${REQUEST_COLUMNS}
    ), conversation AS (
      INSERT INTO conversations (id, participant_1_id, participant_2_id, post_id)
      VALUES (${ids.conversation}, ${send.viewerId}, ${send.authorId}, ${send.postId})
      ON CONFLICT (least(participant_1_id, participant_2_id), greatest(participant_1_id, participant_2_id), coalesce(post_id::text, ''))
      DO UPDATE SET updated_at = now()
      RETURNING id
    ), message AS (
      INSERT INTO messages (conversation_id, sender_id, content, message_type)
      SELECT conversation.id, ${send.viewerId}, ${firstMessage}, 'text' FROM conversation
      RETURNING id
    ), ${notification.ctes},
    woken AS (${notification.wakeUps})
    SELECT request.*, conversation.id AS conversation_id,
      1 / (conversation.id = ${ids.conversation}::uuid)::int AS conversation_checked,
      (SELECT count(*) FROM woken) AS woken
    FROM request, conversation WHERE EXISTS (SELECT 1 FROM message)`;
}

/** A request row as the API answers it. */
function toRequestItem(row: RequestRow, conversationId: string | null): ExchangeRequestItem {
  const iso = (value: Date | string | null) => (value === null ? null : toDate(value).toISOString());
  return {
    id: row.id,
    postId: row.post_id,
    requesterId: row.requester_id,
    status: row.status,
    message: row.message,
    conversationId,
    responseMessage: row.response_message,
    createdAt: toDate(row.created_at).toISOString(),
    respondedAt: iso(row.responded_at),
    completedAt: iso(row.completed_at),
    completedById: row.completed_by_id,
  };
}



const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The 409 a member reads when the request is no longer in the state their action needs. */
export function conflictMessage(current: ExchangeRequestStatus, wanted: RequestTransitionStatus): string {
  switch (current) {
    case 'accepted':
      return 'This request was already accepted.';
    case 'declined':
      return 'This request was already declined.';
    case 'withdrawn':
      return 'This request was withdrawn.';
    case 'completed':
      return 'This exchange is already completed.';
    case 'pending':
      return wanted === 'completed'
        ? 'Only an accepted exchange can be marked completed.'
        : 'This request is still pending.';
  }
}

/** Which state each move starts from, and who may make it (docs/decisions/010). */
const TRANSITIONS: Record<RequestTransitionStatus, { from: ExchangeRequestStatus; by: 'owner' | 'requester' | 'either' }> = {
  accepted: { from: 'pending', by: 'owner' },
  declined: { from: 'pending', by: 'owner' },
  withdrawn: { from: 'pending', by: 'requester' },
  completed: { from: 'accepted', by: 'either' },
};

const FORBIDDEN_MESSAGES: Record<RequestTransitionStatus, string> = {
  accepted: 'Only the post owner can accept a request.',
  declined: 'Only the post owner can decline a request.',
  withdrawn: 'Only the member who sent a request can withdraw it.',
  completed: 'Only the two members of an exchange can mark it completed.',
};

interface RequestRow {
  id: string;
  post_id: string;
  requester_id: string;
  owner_id: string;
  title: string;
  status: ExchangeRequestStatus;
}

/**
 * Moves a request through its lifecycle: pending -> accepted | declined (post owner, optional
 * response message), pending -> withdrawn (requester), accepted -> completed (either party).
 * The move is one conditional UPDATE ... WHERE status = <expected> inside a transaction, so of
 * two members acting at once exactly one wins; the other gets the 409 for the state the winner
 * set. The notification to the other member is written in the same transaction.
 * Anyone who is not one of the two members (and any malformed id) gets 404.
 */
export async function updateRequestStatus(
  db: Database,
  viewerId: string,
  requestId: string,
  input: { status: RequestTransitionStatus; responseMessage: string | null },
): Promise<ExchangeRequestItem> {
  if (!UUID.test(requestId)) throw notFound(REQUEST_MESSAGES.notFound);
  const move = TRANSITIONS[input.status];
  return db.transaction(async (tx) => {
    const [row] = await queryRows<RequestRow>(
      tx,
      sql`SELECT r.id, r.post_id, r.requester_id, p.user_id AS owner_id, p.title, r.status
          FROM exchange_requests r JOIN posts p ON p.id = r.post_id
          WHERE r.id = ${requestId}`,
    );
    const role = !row ? null : row.owner_id === viewerId ? 'owner' : row.requester_id === viewerId ? 'requester' : null;
    if (!row || !role) throw notFound(REQUEST_MESSAGES.notFound);
    if (move.by !== 'either' && move.by !== role) throw forbidden(FORBIDDEN_MESSAGES[input.status]);
    if (row.status !== move.from) throw new AppError('CONFLICT', conflictMessage(row.status, input.status));

    const respond = input.status === 'accepted' || input.status === 'declined';
    const set =
      input.status === 'completed'
        ? sql`, completed_at = now(), completed_by_id = ${viewerId}`
        : respond
          ? sql`, responded_at = now(), response_message = ${input.responseMessage}`
          : sql``;
    const [updated] = await queryRows<RequestRow>(
      tx,
      sql`UPDATE exchange_requests SET status = ${input.status}, updated_at = now()${set}
          WHERE id = ${requestId} AND status = ${move.from}
          RETURNING ${REQUEST_COLUMNS}`,
    );
    if (!updated) {
      // Someone else moved it first: read the state they set (committed, so visible now).
      const [current] = await queryRows<{ status: ExchangeRequestStatus }>(
        tx,
        sql`SELECT status FROM exchange_requests WHERE id = ${requestId}`,
      );
      if (!current) throw notFound(REQUEST_MESSAGES.notFound);
      throw new AppError('CONFLICT', conflictMessage(current.status, input.status));
    }

    const [conversation] = await queryRows<{ id: string }>(
      tx,
      sql`SELECT id FROM conversations
          WHERE least(participant_1_id, participant_2_id) = least(${row.requester_id}::text, ${row.owner_id}::text)
            AND greatest(participant_1_id, participant_2_id) = greatest(${row.requester_id}::text, ${row.owner_id}::text)
            AND coalesce(post_id::text, '') = ${row.post_id}
          LIMIT 1`,
    );
    const otherId = role === 'owner' ? row.requester_id : row.owner_id;
    const actorName = await memberName(tx, viewerId);
    const data = { requestId, postId: row.post_id, conversationId: conversation?.id, actorId: viewerId };
    const updatedEvent: MemberEventEnvelope = { userIds: [row.requester_id, row.owner_id], event: { type: 'request.updated', requestId } };
    if (input.status === 'accepted' || input.status === 'declined') {
      const accepted = input.status === 'accepted';
      const notification = {
        userId: row.requester_id,
        type: accepted ? 'request_accepted' : 'request_declined',
        title: accepted ? 'Request accepted' : 'Request declined',
        message: `${actorName} ${accepted ? 'accepted' : 'declined'} your request for "${row.title}"`,
        data,
      } as const;
      await notify(tx, notification, [updatedEvent]);
    } else if (input.status === 'completed') {
      await notify(
        tx,
        {
          userId: otherId,
          type: 'exchange_completed',
          title: 'Exchange completed',
          message: `${actorName} marked your exchange for "${row.title}" as completed`,
          data,
        },
        [updatedEvent],
      );
    } else {
      await publishManyToMembers(tx, [updatedEvent]);
    }
    return toRequestItem(updated, conversation?.id ?? null);
  });
}


/** The exchange an accepted proposal made accepted (docs/decisions/013). */
export interface ProposalExchange {
  requestId: string;
  postId: string;
  title: string;
  requesterId: string;
  ownerId: string;
  /** 'accepted-pending': a pending request was accepted; 'created': a new accepted one; 'existing': already accepted. */
  how: 'accepted-pending' | 'created' | 'existing';
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The short summary a request made from a proposal keeps in `proposed_exchange` (at most 1,000 characters). */
function proposalSummary(proposal: { offered_skill: string; requested_skill: string; duration_hours?: number; location?: string }): string {
  const parts = [`${proposal.offered_skill} in exchange for ${proposal.requested_skill}`];
  if (proposal.duration_hours) parts.push(`${proposal.duration_hours} ${proposal.duration_hours === 1 ? 'hour' : 'hours'}`);
  if (proposal.location) parts.push(proposal.location);
  return [...parts.join(', ')].slice(0, 1000).join('');
}

/**
 * Makes the exchange between a proposal's two members accepted, inside the caller's transaction
 * (the one that records the recipient's answer), following docs/decisions/013:
 * - a conversation about a post: the request on that post between the two (the requester is the
 *   member who does not own it) is accepted when pending, kept when already accepted, and
 *   otherwise created in state accepted;
 * - a conversation about no post: the newest open request between the two (either direction) is
 *   used; with none, a request is created in state accepted on the recipient's newest active post
 *   (requester: the proposer), else on the proposer's (requester: the recipient). With no active
 *   post on either side there is nothing to connect through: 409.
 * My Network reads requests only, so the pair shows as a Connection for both right after commit.
 */
export async function acceptExchangeForProposal(
  tx: Transaction,
  input: {
    proposerId: string;
    recipientId: string;
    postId: string | null;
    proposal: { offered_skill: string; requested_skill: string; duration_hours?: number; location?: string };
  },
): Promise<ProposalExchange> {
  const { proposerId, recipientId } = input;
  let target: { postId: string; title: string; ownerId: string; requesterId: string } | null = null;

  if (input.postId) {
    const [post] = await queryRows<{ id: string; user_id: string; title: string }>(
      tx,
      sql`SELECT id, user_id, title FROM posts WHERE id = ${input.postId} AND user_id IN (${proposerId}, ${recipientId})`,
    );
    if (post) {
      target = {
        postId: post.id,
        title: post.title,
        ownerId: post.user_id,
        requesterId: post.user_id === proposerId ? recipientId : proposerId,
      };
    }
  }
  if (!target) {
    const [open] = await queryRows<{ post_id: string; title: string; owner_id: string; requester_id: string }>(
      tx,
      sql`SELECT r.post_id, p.title, p.user_id AS owner_id, r.requester_id
          FROM exchange_requests r JOIN posts p ON p.id = r.post_id
          WHERE r.status IN ('pending', 'accepted')
            AND ((r.requester_id = ${proposerId} AND p.user_id = ${recipientId})
              OR (r.requester_id = ${recipientId} AND p.user_id = ${proposerId}))
          ORDER BY r.created_at DESC, r.id DESC
          LIMIT 1`,
    );
    if (open) target = { postId: open.post_id, title: open.title, ownerId: open.owner_id, requesterId: open.requester_id };
  }
  if (!target) {
    // The proposer asks for the recipient's skill: their post first, then the proposer's own.
    const [post] = await queryRows<{ id: string; user_id: string; title: string }>(
      tx,
      sql`SELECT id, user_id, title FROM posts
          WHERE user_id IN (${proposerId}, ${recipientId}) AND status = 'active'
          ORDER BY (user_id = ${recipientId}) DESC, created_at DESC, id DESC
          LIMIT 1`,
    );
    if (!post) throw new AppError('CONFLICT', MESSAGE_MESSAGES.proposalNoPost);
    target = {
      postId: post.id,
      title: post.title,
      ownerId: post.user_id,
      requesterId: post.user_id === recipientId ? proposerId : recipientId,
    };
  }

  const [existing] = await queryRows<{ id: string; status: ExchangeRequestStatus }>(
    tx,
    sql`SELECT id, status FROM exchange_requests
        WHERE requester_id = ${target.requesterId} AND post_id = ${target.postId} AND status IN ('pending', 'accepted')
        FOR UPDATE`,
  );
  const base = { postId: target.postId, title: target.title, requesterId: target.requesterId, ownerId: target.ownerId };
  if (existing?.status === 'accepted') return { ...base, requestId: existing.id, how: 'existing' };
  if (existing) {
    // The same conditional move as PATCH /api/requests/:id (the row is locked, so it holds).
    const [updated] = await queryRows<{ id: string }>(
      tx,
      sql`UPDATE exchange_requests SET status = 'accepted', updated_at = now(), responded_at = now()
          WHERE id = ${existing.id} AND status = 'pending'
          RETURNING id`,
    );
    if (!updated) throw new AppError('CONFLICT', conflictMessage(existing.status, 'accepted'));
    return { ...base, requestId: updated.id, how: 'accepted-pending' };
  }
  try {
    // A savepoint, so a racing request on the same post ends in a clear 409, not an aborted transaction.
    const created = await tx.transaction(async (sp) => {
      const [row] = await queryRows<{ id: string }>(
        sp,
        sql`INSERT INTO exchange_requests (requester_id, post_id, proposed_exchange, status, responded_at)
            VALUES (${target.requesterId}, ${target.postId}, ${proposalSummary(input.proposal)}, 'accepted', now())
            RETURNING id`,
      );
      if (!row) throw new Error('insert into exchange_requests returned no row');
      return row;
    });
    return { ...base, requestId: created.id, how: 'created' };
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw new AppError('CONFLICT', PROPOSAL_RACE_MESSAGE);
    throw err;
  }
}

export const PROPOSAL_RACE_MESSAGE = 'This exchange changed a moment ago. Please try again.';
