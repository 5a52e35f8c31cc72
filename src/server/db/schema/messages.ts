import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { posts } from './posts.js';
import { createdAtColumn, updatedAtColumn } from './columns.js';

/** Chat message kinds: plain text or an exchange proposal card. */
export const MESSAGE_TYPES = ['text', 'exchange_proposal'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** The card payload of an `exchange_proposal` message (spec field names). */
export interface ExchangeProposal {
  offered_skill: string;
  requested_skill: string;
  duration_hours?: number;
  location?: string;
  notes?: string;
}

/**
 * A two-member conversation, optionally about one post. The pair is unordered:
 * a unique expression index on (least, greatest, post or '') lets the service
 * reuse the existing conversation with INSERT ... ON CONFLICT DO NOTHING.
 * `updated_at` is bumped on each message and orders the conversation list.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    participant1Id: text('participant_1_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    participant2Id: text('participant_2_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('conversations_pair_post_idx').on(
      sql`least(participant_1_id, participant_2_id)`,
      sql`greatest(participant_1_id, participant_2_id)`,
      sql`coalesce(post_id::text, '')`,
    ),
    index('conversations_participant_1_updated_at_idx').on(t.participant1Id, t.updatedAt),
    index('conversations_participant_2_updated_at_idx').on(t.participant2Id, t.updatedAt),
    check('conversations_distinct_participants_check', sql`participant_1_id <> participant_2_id`),
  ],
);

/**
 * One chat message. `exchange_proposal` is set exactly when `message_type` is
 * 'exchange_proposal'. The partial index serves unread dots and counts.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    messageType: text('message_type').$type<MessageType>().notNull().default('text'),
    exchangeProposal: jsonb('exchange_proposal').$type<ExchangeProposal>(),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('messages_conversation_id_created_at_idx').on(t.conversationId, t.createdAt),
    index('messages_unread_idx')
      .on(t.conversationId, t.senderId)
      .where(sql`is_read = false`),
    check('messages_content_length_check', sql`char_length(content) BETWEEN 1 AND 2000`),
    check('messages_message_type_check', sql`message_type IN ('text', 'exchange_proposal')`),
    check(
      'messages_exchange_proposal_check',
      sql`(message_type = 'exchange_proposal') = (exchange_proposal IS NOT NULL)`,
    ),
  ],
);

export type Conversation = typeof conversations.$inferSelect;
export type NewConversation = typeof conversations.$inferInsert;
export type Message = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;
