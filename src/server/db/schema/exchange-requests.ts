import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { posts } from './posts.js';
import { createdAtColumn, updatedAtColumn } from './columns.js';

/**
 * Request lifecycle: pending, then accepted or declined by the post owner, or withdrawn by the
 * requester; accepted may become completed (by either party).
 */
export const EXCHANGE_REQUEST_STATUSES = ['pending', 'accepted', 'declined', 'withdrawn', 'completed'] as const;
export type ExchangeRequestStatus = (typeof EXCHANGE_REQUEST_STATUSES)[number];

/**
 * A member's request to exchange with a post's owner. 'Connected' on a card is
 * derived from these rows. `responded_at` feeds the median response time;
 * `completed_at` / `completed_by_id` record which party marked the exchange done.
 * At most one open (pending or accepted) request per requester and post.
 */
export const exchangeRequests = pgTable(
  'exchange_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requesterId: text('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    message: text('message'),
    proposedExchange: text('proposed_exchange'),
    status: text('status').$type<ExchangeRequestStatus>().notNull().default('pending'),
    responseMessage: text('response_message'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    completedById: text('completed_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** The post's author, set by the database from post_id (migration 0017): response signals read requests by it. */
    postAuthorId: text('post_author_id'),
  },
  (t) => [
    uniqueIndex('exchange_requests_open_per_requester_post_idx')
      .on(t.requesterId, t.postId)
      .where(sql`status IN ('pending', 'accepted')`),
    index('exchange_requests_post_id_status_idx').on(t.postId, t.status),
    index('exchange_requests_requester_id_status_idx').on(t.requesterId, t.status),
    index('exchange_requests_post_author_id_created_at_idx').on(t.postAuthorId, t.createdAt),
    check(
      'exchange_requests_status_check',
      sql`status IN ('pending', 'accepted', 'declined', 'withdrawn', 'completed')`,
    ),
    check('exchange_requests_message_length_check', sql`char_length(message) <= 300`),
    check(
      'exchange_requests_proposed_exchange_length_check',
      sql`char_length(proposed_exchange) <= 1000`,
    ),
    check(
      'exchange_requests_response_message_length_check',
      sql`char_length(response_message) <= 300`,
    ),
  ],
);

export type ExchangeRequest = typeof exchangeRequests.$inferSelect;
export type NewExchangeRequest = typeof exchangeRequests.$inferInsert;
