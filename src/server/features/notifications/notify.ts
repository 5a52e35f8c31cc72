import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { notifications, type NotificationType } from '../../db/schema/index.js';
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

/**
 * Creates a notification inside the caller's transaction, so the event and its notification
 * commit or roll back together (a lost or duplicated notification is impossible). The member's
 * open tabs hear of it at commit (`notification.created` through the realtime hub). Requests,
 * answers, completed exchanges and messages are also e-mailed, queued in the same statement
 * when the member wants them (mail/member-mails.ts). `alsoPublish`: the caller's own events of
 * the same transaction, sent in the same statement after the notification's.
 */
export async function notify(tx: Executor, input: NewNotificationInput, alsoPublish: readonly MemberEventEnvelope[] = []): Promise<void> {
  // The id is made here so that the row and its event (with the caller's own events, in order
  // after it) go in one statement.
  const id = randomUUID();
  const insert = tx.insert(notifications).values({
    id,
    userId: input.userId,
    type: input.type,
    title: input.title.slice(0, 200),
    message: input.message.slice(0, 1000),
    data: input.data ? { ...input.data } : null,
  });
  const publish = publishManySql([{ userIds: [input.userId], event: { type: 'notification.created', notificationId: id } }, ...alsoPublish]);
  const mail = notificationMailInsert(input);
  // One statement: the notification, its e-mail with the mail workers' wake-up when one was
  // queued, and the events (drizzle puts the insert in parentheses of its own).
  const selects = [...(mail ? [sql`SELECT ${mailWakeUp} FROM queued`] : []), ...(publish ? [sql`(${publish})`] : [])];
  await tx.execute(sql`WITH created AS ${insert}${mail ? sql`, queued AS (${mail})` : sql``}
    ${selects.length > 0 ? sql.join(selects, sql` UNION ALL `) : sql`SELECT 1`}`);
}
