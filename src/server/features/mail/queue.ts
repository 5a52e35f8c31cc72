import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.js';
import { mailQueue } from '../../db/schema/index.js';
import { DATABASE_CHANNELS } from '../../realtime/hub.js';
import type { Mail } from './mailer.js';

/** A mail for the outbox (`mail_queue`): what it is about and, for a member mail, who it is for. */
export interface QueuedMail extends Mail {
  /** What caused it: 'verification', 'request_received', 'request_accepted', 'message', 'digest', ... */
  kind: string;
  /** The member it is for, if any. */
  userId?: string | null;
  /** Extra headers, e.g. the List-Unsubscribe pair from `unsubscribeLinks`. */
  headers?: Record<string, string>;
  /** At most one mail per key, ever: a second enqueue with the same key is dropped. */
  dedupeKey?: string;
  /** Not before this moment (default: now). */
  notBefore?: Date;
}

/** A transaction or the database: a mail is queued in the transaction of its event. */
type Executor = Pick<Database, 'insert' | 'execute'>;

/**
 * Puts a mail in the outbox inside the caller's transaction, so it exists exactly when its event
 * does, and wakes the mail workers of every instance at commit. Returns false when `dedupeKey`
 * was already used (nothing queued).
 */
export async function enqueueMail(tx: Executor, mail: QueuedMail): Promise<boolean> {
  const insert = tx
    .insert(mailQueue)
    .values({
      kind: mail.kind,
      userId: mail.userId ?? null,
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      replyTo: mail.replyTo ?? null,
      headers: mail.headers ?? null,
      dedupeKey: mail.dedupeKey ?? null,
      ...(mail.notBefore ? { nextAttemptAt: mail.notBefore } : {}),
    })
    .onConflictDoNothing({ target: mailQueue.dedupeKey })
    .returning({ id: mailQueue.id });
  // One statement: the row, and the wake-up only when a row went in (drizzle puts the insert in
  // parentheses of its own).
  const queued = await queryRows<{ id: string }>(
    tx as Database,
    sql`WITH queued AS ${insert} SELECT id, pg_notify(${DATABASE_CHANNELS.mailQueued}, '') FROM queued`,
  );
  return queued.length > 0;
}
