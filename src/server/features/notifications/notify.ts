import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { NotificationType } from '../../db/schema/index.js';
import { publishManySql, type MemberEventEnvelope } from '../../realtime/member-events.js';
import { notificationMailInsert } from '../mail/member-mails.js';
import { mailWakeUp } from '../mail/queue.js';

/**
 * What a notification points at, so a click can open it: the exchange request, its post and
 * conversation, and the member who caused it. Every server-created notification carries the
 * ids that apply.
 */
export interface NotificationData {
  requestId?: string;
  postId?: string;
  conversationId?: string;
  actorId?: string;
}

export interface NewNotificationInput {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  data?: NotificationData | null;
}

/** A transaction or the database: notifications are written in the transaction of their event. */
type Executor = Pick<Database, 'insert' | 'execute'>;

/** What writes a notification inside a statement (`notificationWrites`). */
export interface NotificationWrites {
  /** The notification's row and, when the member wants it, its e-mail: common table expressions (`created`, `queued`). */
  ctes: SQL;
  /** A select the statement must run: it wakes the mail workers for a queued e-mail and sends the events. */
  wakeUps: SQL;
}

/**
 * Creates a notification inside the caller's transaction, so the event and its notification
 * commit or roll back together (a lost or duplicated notification is impossible). The member's
 * open tabs hear of it at commit (`notification.created` through the realtime hub). Requests,
 * answers, completed exchanges and messages are also e-mailed, queued in the same statement
 * when the member wants them (mail/member-mails.ts). `alsoPublish`: the caller's own events of
 * the same transaction, sent in the same statement after the notification's.
 */
export async function notify(tx: Executor, input: NewNotificationInput, alsoPublish: readonly MemberEventEnvelope[] = []): Promise<void> {
  const { ctes, wakeUps } = notificationWrites(input, alsoPublish);
  await tx.execute(sql`WITH ${ctes} ${wakeUps}`);
}

/**
 * `notify` as parts of a statement of the caller's, for a write whose notification goes in its
 * own statement (one round trip, atomic without a transaction): the caller adds `ctes` to its
 * WITH and must run `wakeUps`.
 */
export function notificationWrites(input: NewNotificationInput, alsoPublish: readonly MemberEventEnvelope[] = []): NotificationWrites {
  // The id is made here so that the row and its event (with the caller's own events, in order
  // after it) go in one statement.
  const id = randomUUID();
  const insert = sql`INSERT INTO notifications (id, user_id, type, title, message, data)
    VALUES (${id}, ${input.userId}, ${input.type}, ${input.title.slice(0, 200)}, ${input.message.slice(0, 1000)}, ${input.data ? JSON.stringify(input.data) : null}::jsonb)`;
  const mail = notificationMailInsert(input);
  const publish = publishManySql([{ userIds: [input.userId], event: { type: 'notification.created', notificationId: id } }, ...alsoPublish]);
  const wakeUps = [...(mail ? [sql`SELECT ${mailWakeUp} FROM queued`] : []), ...(publish ? [sql`(${publish})`] : [])];
  return {
    ctes: sql`created AS (${insert})${mail ? sql`, queued AS (${mail})` : sql``}`,
    wakeUps: wakeUps.length > 0 ? sql.join(wakeUps, sql` UNION ALL `) : sql`SELECT 1`,
  };
}
