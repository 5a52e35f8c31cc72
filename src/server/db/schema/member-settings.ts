import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { updatedAtColumn } from './columns.js';

/**
 * A member's /settings toggles. A missing row means all defaults, so the service
 * upserts on first change. `profile_visibility` off limits the profile and posts
 * to connections; `location_sharing` off hides zip/location and drops the member
 * from distance matching; `ai_match_suggestions` off disables compatibility mode.
 */
export const memberSettings = pgTable(
  'member_settings',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    emailNotifications: boolean('email_notifications').notNull().default(true),
    newMessages: boolean('new_messages').notNull().default(true),
    weeklyDigest: boolean('weekly_digest').notNull().default(false),
    profileVisibility: boolean('profile_visibility').notNull().default(true),
    locationSharing: boolean('location_sharing').notNull().default(true),
    aiMatchSuggestions: boolean('ai_match_suggestions').notNull().default(true),
    updatedAt: updatedAtColumn(),
  },
  // The members with Profile Visibility off, whose posts each viewer's search leaves out (`ViewerStates`).
  (t) => [index('member_settings_hidden_idx').on(t.userId).where(sql`profile_visibility = false`)],
);

export type MemberSettings = typeof memberSettings.$inferSelect;
export type NewMemberSettings = typeof memberSettings.$inferInsert;
