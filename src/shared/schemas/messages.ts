import { z } from 'zod';
import { text } from './text.js';

/**
 * Conversations and messages (issue 12): the API contract shared by the server, the web app and
 * the realtime channel. Message text is plain text, never HTML.
 */
export const MESSAGE_LIMITS = {
  contentMax: 2000,
  /** Messages per page; older ones load when scrolling up. */
  pageSize: 50,
  /** Messages one member may send per minute (429 beyond). */
  perMinute: 30,
  searchMax: 100,
} as const;

export const MESSAGE_MESSAGES = {
  contentRequired: 'Please write a message.',
  contentMax: 'Your message must be 2,000 characters or less.',
  rateLimited: 'You are sending messages too quickly. Please wait a moment and try again.',
  conversationNotFound: 'Conversation not found.',
  memberNotFound: 'Member not found.',
  self: 'You cannot start a conversation with yourself.',
  cursor: 'This page of messages is not valid. Please reload the conversation.',
  proposalNotFound: 'Proposal not found.',
  proposalOwn: 'You cannot answer your own proposal.',
  proposalAccepted: 'This proposal was already accepted.',
  proposalDeclined: 'This proposal was already declined.',
  proposalDecision: 'Choose accepted or declined.',
  /** Accepting needs a post for the exchange (docs/decisions/013). */
  proposalNoPost: 'An exchange needs an active post from one of you. Create a post first, then accept the proposal.',
} as const;

export const MESSAGE_TYPES = ['text', 'exchange_proposal'] as const;

/**
 * The Propose an Exchange dialog (spec: offered skill, requested skill, hours, location, notes).
 * The message's content is always 'Exchange proposal'; the card shows these fields.
 */
export const ExchangeProposal = z.object({
  offered_skill: text().trim().min(1, 'Please enter the skill you offer.').max(200),
  requested_skill: text().trim().min(1, 'Please enter the skill you would like.').max(200),
  duration_hours: z.number().int().min(1).max(100).optional(),
  location: text().trim().max(200).optional(),
  notes: text().trim().max(1000).optional(),
});
export type ExchangeProposal = z.infer<typeof ExchangeProposal>;

/** Where a proposal stands: waiting for the other member, or their answer. */
export const PROPOSAL_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/**
 * A proposal as messages carry it: the proposer's fields and the recipient's answer (stored in
 * the message's jsonb; a proposal nobody answered yet is 'pending'). `requestId` is the exchange
 * request an accepted proposal made accepted (the Connection on My Network).
 */
export const ProposalCard = z.object({
  offered_skill: z.string(),
  requested_skill: z.string(),
  duration_hours: z.number().optional(),
  location: z.string().optional(),
  notes: z.string().optional(),
  status: z.enum(PROPOSAL_STATUSES),
  decidedAt: z.string().nullable(),
  requestId: z.string().nullable(),
});
export type ProposalCard = z.infer<typeof ProposalCard>;

/** POST /api/messages/:id/proposal: the recipient's answer to a proposal message, once. */
export const ProposalDecisionInput = z.object({
  decision: z.enum(['accepted', 'declined'], { error: MESSAGE_MESSAGES.proposalDecision }),
});
export type ProposalDecisionInput = z.infer<typeof ProposalDecisionInput>;

export const MemberRef = z.object({ id: z.string(), name: z.string(), photoUrl: z.string().nullable() });

export const MessageItem = z.object({
  id: z.string(),
  conversationId: z.string(),
  senderId: z.string(),
  content: z.string(),
  messageType: z.enum(MESSAGE_TYPES),
  exchangeProposal: ProposalCard.nullable(),
  isRead: z.boolean(),
  createdAt: z.string(),
  /** Echoed from the sender's POST, so the sending tab can swap its pending bubble for this one. */
  clientId: z.string().nullable(),
});
export type MessageItem = z.infer<typeof MessageItem>;

/** One row of the conversation list (newest activity first). */
export const ConversationSummary = z.object({
  id: z.string(),
  otherMember: MemberRef,
  post: z.object({ id: z.string(), title: z.string() }).nullable(),
  lastMessage: MessageItem.nullable(),
  /** Messages from the other member the viewer has not read. */
  unreadCount: z.number().int(),
  updatedAt: z.string(),
  /**
   * A block between the two members (history stays; nothing new can be sent either way):
   * 'by_viewer' when the viewer blocked the other member, 'by_other' when they were blocked.
   */
  blocked: z.enum(['by_viewer', 'by_other']).nullable(),
});
export type ConversationSummary = z.infer<typeof ConversationSummary>;

/** GET /api/conversations?q= : the search finds the other member's name or message text. */
export const ConversationListQuery = z.object({ q: text().trim().max(MESSAGE_LIMITS.searchMax).optional() });
export const ConversationListResponse = z.object({ items: z.array(ConversationSummary) });
export type ConversationListResponse = z.infer<typeof ConversationListResponse>;

/** POST /api/conversations: open (or create) the conversation with a member, about a post if given. */
export const OpenConversationInput = z.object({
  memberId: z.string().min(1).max(100),
  postId: z.uuid().nullish(),
});
export type OpenConversationInput = z.input<typeof OpenConversationInput>;

/** GET /api/conversations/:id/messages?before= : 50 a page, oldest first within the page. */
export const MessagePageQuery = z.object({ before: z.string().max(200).optional() });
export const MessagePage = z.object({ items: z.array(MessageItem), nextCursor: z.string().nullable() });
export type MessagePage = z.infer<typeof MessagePage>;

/** POST /api/conversations/:id/messages */
export const SendMessageInput = z.object({
  content: text({ error: MESSAGE_MESSAGES.contentRequired })
    .trim()
    .min(1, MESSAGE_MESSAGES.contentRequired)
    .max(MESSAGE_LIMITS.contentMax, MESSAGE_MESSAGES.contentMax),
  clientId: z.string().max(100).nullish(),
  exchangeProposal: ExchangeProposal.nullish(),
});
export type SendMessageInput = z.input<typeof SendMessageInput>;

/** GET /api/messages/unread-count: the top bar's Messages dot. */
export const UnreadMessagesResponse = z.object({ unread: z.number().int() });

/**
 * Frames the server sends on the WebSocket `/api/realtime`, only to the members they concern.
 * The client updates its TanStack Query cache from them and refetches after a reconnect.
 */
export type RealtimeEvent =
  | { type: 'message.created'; message: MessageItem }
  | { type: 'message.read'; conversationId: string; readerId: string }
  | { type: 'notification.created'; notificationId: string }
  | { type: 'conversation.updated'; conversationId: string }
  | { type: 'request.updated'; requestId: string };
