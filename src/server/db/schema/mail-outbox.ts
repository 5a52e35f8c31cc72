import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn } from './columns.js';

/**
 * Outgoing mail captured when SMTP_URL is unset, read by the dev mailbox page
 * (/dev/mailbox) and by tests that follow verification and reset links.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    createdAt: createdAtColumn(),
  },
  (t) => [index('mail_outbox_created_at_idx').on(t.createdAt)],
);

export type MailOutboxEntry = typeof mailOutbox.$inferSelect;
export type NewMailOutboxEntry = typeof mailOutbox.$inferInsert;
