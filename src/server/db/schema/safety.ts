import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { createdAtColumn } from './columns.js';

/**
 * One member blocking another (issue 12). Either direction hides the two from each other:
 * no messages, no requests, no profile or posts; services check it through `blocks.service`.
 */
export const memberBlocks = pgTable(
  'member_blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ name: 'member_blocks_pkey', columns: [t.blockerId, t.blockedId] }),
    index('member_blocks_blocked_id_idx').on(t.blockedId),
    check('member_blocks_distinct_check', sql`blocker_id <> blocked_id`),
  ],
);

/**
 * A report of a member, post or message for the operator (`npm run reports`). The reported
 * member is kept beside the target so a report outlives a deleted post or message.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    reportedMemberId: text('reported_member_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    note: text('note'),
    status: text('status').notNull().default('open'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('reports_status_created_at_idx').on(t.status, t.createdAt),
    index('reports_reporter_id_created_at_idx').on(t.reporterId, t.createdAt),
    check('reports_target_type_check', sql`target_type IN ('member', 'post', 'message')`),
    check('reports_reason_check', sql`reason IN ('spam', 'harassment', 'no_show', 'inappropriate', 'other')`),
    check('reports_status_check', sql`status IN ('open', 'closed')`),
    check('reports_note_length_check', sql`char_length(note) <= 1000`),
  ],
);
