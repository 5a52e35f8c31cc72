import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.js';
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
  // One statement: the row, and the wake-up only when a row went in.
  const queued = await queryRows<{ id: string }>(
    tx as Database,
    sql`WITH queued AS (${queuedMailInsert(mail, sql`${mail.to}::text`, sql``)}) SELECT id, ${mailWakeUp} FROM queued`,
  );
  return queued.length > 0;
}

/** The mail workers' wake-up (a select-list item), for each row a statement queued. */
export const mailWakeUp = sql`pg_notify(${DATABASE_CHANNELS.mailQueued}, '')`;

/**
 * A member's mail as `enqueueMail` queues it, to their address and only when `wanted` holds (a
 * condition over their account `u` and settings `s`, which may be missing: defaults), for a
 * statement of the caller's that reads them as it queues it: an INSERT ... RETURNING id, whose
 * rows the caller wakes the workers for (`mailWakeUp`).
 */
export function queuedMemberMailInsert(mail: Omit<QueuedMail, 'to'> & { userId: string }, wanted: SQL): SQL {
  return queuedMailInsert(mail, sql`u.email`, sql`FROM users u LEFT JOIN member_settings s ON s.user_id = u.id WHERE u.id = ${mail.userId} AND ${wanted}`);
}

/** The mail's row, addressed to `to` and selected from `source` (a FROM and WHERE `to` may use). */
function queuedMailInsert(mail: Omit<QueuedMail, 'to'>, to: SQL, source: SQL): SQL {
  return sql`INSERT INTO mail_queue (kind, user_id, to_address, subject, text_body, html_body, reply_to, headers, dedupe_key, next_attempt_at)
    SELECT ${mail.kind}::text, ${mail.userId ?? null}::text, ${to}, ${mail.subject}::text, ${mail.text}::text, ${mail.html}::text,
      ${mail.replyTo ?? null}::text, ${mail.headers ? JSON.stringify(mail.headers) : null}::jsonb, ${mail.dedupeKey ?? null}::text,
      coalesce(${mail.notBefore?.toISOString() ?? null}::timestamptz, now())
    ${source}
    ON CONFLICT (dedupe_key) DO NOTHING
    RETURNING id`;
}
