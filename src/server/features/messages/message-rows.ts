import { sql } from 'drizzle-orm';
import type { MessageItem, ProposalCard } from '../../../shared/schemas/messages.js';
import type { MessageType } from '../../db/schema/index.js';
import { toDate } from '../posts/post-query.js';

/** The columns of a message as `MessageRow` reads them (alias `m`). */
export const MESSAGE_COLUMNS = sql`m.id, m.conversation_id, m.sender_id, m.content, m.message_type, m.exchange_proposal, m.is_read, m.created_at`;

export interface MessageRow {
  id: string;
  conversation_id: string;
  sender_id: string;
  content: string;
  message_type: MessageType;
  exchange_proposal: Record<string, unknown> | null;
  is_read: boolean;
  created_at: Date | string;
}

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * The card of a stored proposal: the proposer's fields and the recipient's answer (a proposal
 * stored before answers existed, or not answered yet, is 'pending').
 */
export function toProposalCard(raw: Record<string, unknown>): ProposalCard {
  const status = raw.status === 'accepted' || raw.status === 'declined' ? raw.status : 'pending';
  const card: ProposalCard = {
    offered_skill: str(raw.offered_skill) ?? '',
    requested_skill: str(raw.requested_skill) ?? '',
    status,
    decidedAt: status === 'pending' ? null : (str(raw.decidedAt) ?? null),
    requestId: status === 'accepted' ? (str(raw.requestId) ?? null) : null,
  };
  if (typeof raw.duration_hours === 'number') card.duration_hours = raw.duration_hours;
  if (str(raw.location) !== undefined) card.location = str(raw.location);
  if (str(raw.notes) !== undefined) card.notes = str(raw.notes);
  return card;
}

export function toMessageItem(row: MessageRow, clientId: string | null = null): MessageItem {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    senderId: row.sender_id,
    content: row.content,
    messageType: row.message_type,
    exchangeProposal: row.exchange_proposal ? toProposalCard(row.exchange_proposal) : null,
    isRead: Boolean(row.is_read),
    createdAt: toDate(row.created_at).toISOString(),
    clientId,
  };
}
