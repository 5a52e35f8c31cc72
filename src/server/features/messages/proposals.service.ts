import { sql } from 'drizzle-orm';
import { MESSAGE_MESSAGES, type MessageItem, type ProposalDecisionInput } from '../../../shared/schemas/messages.js';
import { queryRows, type Database } from '../../db/client.js';
import { AppError, forbidden, notFound } from '../../errors.js';
import { publishToMembers } from '../../realtime/member-events.js';
import { assertNotBlocked } from '../blocks/blocks.service.js';
import { notify } from '../notifications/notify.js';
import { acceptExchangeForProposal } from '../requests/requests.service.js';
import { memberName } from '../profiles/member-name.js';
import { MESSAGE_COLUMNS, toMessageItem, toProposalCard, type MessageRow } from './message-rows.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The recipient of an exchange proposal answers it, once (docs/decisions/013). In one
 * transaction: a conditional UPDATE of the message's jsonb (`status` still pending, sender not
 * the viewer) claims the answer, so of two answers at once exactly one wins and the other gets
 * the 409 naming the winner's; accepting then makes the exchange between the two accepted
 * (requests.service), the proposer is notified, and both members' tabs hear
 * 'conversation.updated' (the card) and, on acceptance, 'request.updated' (My Network).
 * A member outside the proposal's conversation, and any id that is not a proposal, get 404; the proposer 403.
 */
export async function decideProposal(
  db: Database,
  viewerId: string,
  messageId: string,
  input: ProposalDecisionInput,
): Promise<MessageItem> {
  if (!UUID.test(messageId)) throw notFound(MESSAGE_MESSAGES.proposalNotFound);
  // The proposal's conversation, only when the viewer takes part in it.
  const [found] = await queryRows<{ conversation_id: string; sender_id: string; other_id: string; post_id: string | null }>(
    db,
    sql`SELECT m.conversation_id, m.sender_id, c.post_id::text AS post_id,
               CASE WHEN c.participant_1_id = ${viewerId} THEN c.participant_2_id ELSE c.participant_1_id END AS other_id
        FROM messages m JOIN conversations c ON c.id = m.conversation_id
        WHERE m.id = ${messageId} AND m.message_type = 'exchange_proposal'
          AND (c.participant_1_id = ${viewerId} OR c.participant_2_id = ${viewerId})`,
  );
  if (!found) throw notFound(MESSAGE_MESSAGES.proposalNotFound);
  if (found.sender_id === viewerId) throw forbidden(MESSAGE_MESSAGES.proposalOwn);
  // After a block either way, nothing new passes between the two: no answer, no exchange.
  await assertNotBlocked(db, viewerId, found.other_id);
  const conversationId = found.conversation_id;
  const otherId = found.other_id;
  const decidedAt = new Date().toISOString();

  return db.transaction(async (tx) => {
    const [claimed] = await queryRows<MessageRow>(
      tx,
      sql`UPDATE messages AS m
          SET exchange_proposal = m.exchange_proposal || jsonb_build_object('status', ${input.decision}::text, 'decidedAt', ${decidedAt}::text)
          WHERE m.id = ${messageId} AND m.sender_id <> ${viewerId}
            AND coalesce(m.exchange_proposal->>'status', 'pending') = 'pending'
          RETURNING ${MESSAGE_COLUMNS}`,
    );
    if (!claimed) {
      // Answered already (an answer that won a race is committed, so visible now): say which way.
      const [current] = await queryRows<MessageRow>(tx, sql`SELECT ${MESSAGE_COLUMNS} FROM messages m WHERE m.id = ${messageId}`);
      if (!current?.exchange_proposal) throw notFound(MESSAGE_MESSAGES.proposalNotFound);
      const status = toProposalCard(current.exchange_proposal).status;
      throw new AppError('CONFLICT', status === 'accepted' ? MESSAGE_MESSAGES.proposalAccepted : MESSAGE_MESSAGES.proposalDeclined);
    }

    const proposal = toProposalCard(claimed.exchange_proposal ?? {});
    const actorName = await memberName(tx, viewerId);
    let row = claimed;
    if (input.decision === 'accepted') {
      const exchange = await acceptExchangeForProposal(tx, {
        proposerId: otherId,
        recipientId: viewerId,
        postId: found.post_id,
        proposal,
      });
      const [linked] = await queryRows<MessageRow>(
        tx,
        sql`UPDATE messages AS m SET exchange_proposal = m.exchange_proposal || jsonb_build_object('requestId', ${exchange.requestId}::text)
            WHERE m.id = ${messageId}
            RETURNING ${MESSAGE_COLUMNS}`,
      );
      if (linked) row = linked;
      await notify(tx, {
        userId: otherId,
        type: 'request_accepted',
        title: 'Proposal accepted',
        message: `${actorName} accepted your exchange proposal for "${exchange.title}"`,
        data: { requestId: exchange.requestId, postId: exchange.postId, conversationId, actorId: viewerId },
      });
      await publishToMembers(tx, [viewerId, otherId], { type: 'request.updated', requestId: exchange.requestId });
    } else {
      await notify(tx, {
        userId: otherId,
        type: 'request_declined',
        title: 'Proposal declined',
        message: `${actorName} declined your exchange proposal`,
        data: { conversationId, actorId: viewerId },
      });
    }
    await publishToMembers(tx, [viewerId, otherId], { type: 'conversation.updated', conversationId });
    return toMessageItem(row);
  });
}
