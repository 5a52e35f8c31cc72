import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import type { NotificationType } from '../../../shared/schemas/notifications.js';
import { createdAtColumn } from './columns.js';

// Notification kinds: the one list is the shared contract's (members may create only 'reminder'
// and 'personal_note' themselves).
export { NOTIFICATION_TYPES, type NotificationType } from '../../../shared/schemas/notifications.js';

/**
 * In-app notifications. `data` carries ids the client needs to navigate
 * (request, conversation, post), shaped per type by the service.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<NotificationType>().notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>(),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('notifications_user_id_is_read_created_at_idx').on(t.userId, t.isRead, t.createdAt),
    // The list, newest first, paged by (created_at, id) keyset.
    index('notifications_user_id_created_at_id_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    check(
      'notifications_type_check',
      sql`type IN ('exchange_request', 'request_accepted', 'request_declined', 'message', 'exchange_completed', 'rating_received', 'system', 'reminder', 'personal_note')`,
    ),
    check('notifications_title_length_check', sql`char_length(title) <= 200`),
    check('notifications_message_length_check', sql`char_length(message) <= 1000`),
  ],
);

export type Notification = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;
