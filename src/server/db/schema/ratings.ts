import { sql } from 'drizzle-orm';
import {
  check,
  index,
  pgTable,
  smallint,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { exchangeRequests } from './exchange-requests.js';
import { createdAtColumn } from './columns.js';

/**
 * A star rating one party of a completed exchange gives the other, once per
 * exchange and rater. Feeds the profile's average rating and trust score.
 */
export const ratings = pgTable(
  'ratings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    exchangeRequestId: uuid('exchange_request_id')
      .notNull()
      .references(() => exchangeRequests.id, { onDelete: 'cascade' }),
    raterId: text('rater_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ratedUserId: text('rated_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    unique('ratings_exchange_request_id_rater_id_key').on(t.exchangeRequestId, t.raterId),
    index('ratings_rated_user_id_idx').on(t.ratedUserId),
    check('ratings_rating_check', sql`rating BETWEEN 1 AND 5`),
    check('ratings_distinct_users_check', sql`rater_id <> rated_user_id`),
    check('ratings_comment_length_check', sql`char_length(comment) <= 500`),
  ],
);

export type Rating = typeof ratings.$inferSelect;
export type NewRating = typeof ratings.$inferInsert;
