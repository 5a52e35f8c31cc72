import { sql } from 'drizzle-orm';
import { boolean, check, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { updatedAtColumn } from './columns.js';

/**
 * The spec's `verification` entity: a member's trust steps beyond email (the email
 * step comes from `users.emailVerified`). Named `member_verifications` to keep it
 * apart from better-auth's token table `auth_verifications`.
 */
export const memberVerifications = pgTable(
  'member_verifications',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    phoneVerified: boolean('phone_verified').notNull().default(false),
    identityVerified: boolean('identity_verified').notNull().default(false),
    skillsVerified: boolean('skills_verified').notNull().default(false),
    verificationDocuments: jsonb('verification_documents').$type<unknown[]>(),
    phoneNumber: text('phone_number'),
    updatedAt: updatedAtColumn(),
  },
  () => [
    check('member_verifications_phone_number_length_check', sql`char_length(phone_number) <= 32`),
  ],
);

export type MemberVerification = typeof memberVerifications.$inferSelect;
export type NewMemberVerification = typeof memberVerifications.$inferInsert;
