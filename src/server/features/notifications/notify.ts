import type { Database } from '../../db/client.js';
import { notifications, type NotificationType } from '../../db/schema/index.js';
import { publishToMembers } from '../../realtime/member-events.js';
import { queueNotificationMail } from '../mail/member-mails.js';

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
 * answers, completed exchanges and messages are also e-mailed, queued in the same transaction
 * when the member wants them (mail/member-mails.ts).
 */
export async function notify(tx: Executor, input: NewNotificationInput): Promise<void> {
  const [created] = await tx
    .insert(notifications)
    .values({
      userId: input.userId,
      type: input.type,
      title: input.title.slice(0, 200),
      message: input.message.slice(0, 1000),
      data: input.data ? { ...input.data } : null,
    })
    .returning({ id: notifications.id });
  if (created) await publishToMembers(tx, [input.userId], { type: 'notification.created', notificationId: created.id });
  await queueNotificationMail(tx, input);
}
