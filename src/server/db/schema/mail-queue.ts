import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { createdAtColumn } from './columns.js';

/**
 * The transactional mail outbox (issue 13): every e-mail the server sends is first a row here,
 * written in the transaction of the event that causes it (a request, a message, a digest), so a
 * mail is never lost when SMTP is down and never sent for an event that rolled back. A worker in
 * every instance claims due rows (`FOR UPDATE SKIP LOCKED`), delivers them over SMTP (or into the
 * dev mailbox, `mail_outbox`, when SMTP_URL is unset), and on failure retries with backoff
 * (`attempts`, `next_attempt_at`, `last_error`) until `failed_at` gives up.
 *
 * `dedupe_key`, when set, makes a mail at most once: the digest of a week
 * (`digest:<user>:<week>`), the message mail of a conversation in an hour
 * (`message:<conversation>:<user>:<hour>`).
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What caused it ('verification', 'request_received', 'message', 'digest', ...), for logs and tests. */
    kind: text('kind').notNull(),
    /** The member it is for, when it is for one (deleting the member deletes their mail). */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    replyTo: text('reply_to'),
    /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    dedupeKey: text('dedupe_key'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Set when the worker gives up (after the last retry); the row stays for the operator. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('mail_queue_dedupe_key_idx').on(t.dedupeKey),
    index('mail_queue_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`sent_at IS NULL AND failed_at IS NULL`),
    index('mail_queue_user_id_idx').on(t.userId),
  ],
);

export type MailQueueEntry = typeof mailQueue.$inferSelect;
export type NewMailQueueEntry = typeof mailQueue.$inferInsert;
