import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Who has an open realtime connection, on which instance (issue 13: a new message is e-mailed
 * only to a member with no open tab anywhere). One row per instance and member while that
 * instance holds at least one of their sockets; the instance refreshes `seen_at` of all its rows
 * on every socket heartbeat and deletes them on close, so the rows of a crashed instance stop
 * counting once `seen_at` is older than `PRESENCE_TTL_SECONDS` (realtime/presence.ts).
 */
export const realtimePresence = pgTable(
  'realtime_presence',
  {
    instanceId: text('instance_id').notNull(),
    userId: text('user_id').notNull(),
    sockets: integer('sockets').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.instanceId] }), index('realtime_presence_instance_idx').on(t.instanceId)],
);
