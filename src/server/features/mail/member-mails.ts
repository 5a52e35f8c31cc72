import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type SQL } from 'drizzle-orm';
import { UNSUBSCRIBE_SETTING_LABELS, type UnsubscribeSetting } from '../../../shared/schemas/unsubscribe.js';
import type { NotificationType } from '../../db/schema/index.js';
import { isOnlineSql } from '../../realtime/presence.js';
import { queuedMemberMailInsert } from './queue.js';
import { memberEventMail } from './templates.js';
import { unsubscribeLinks } from './unsubscribe-token.js';

/** What member e-mails need from the app's configuration. */
export interface MemberMailContext {
  appUrl: string;
  secret: string;
  appName: string;
  supportEmail: string;
}

/**
 * The configuration of the app serving the current request (set by app.ts for every request),
 * so `notify()` deep in a service can write the event's e-mail without every service taking the
 * configuration. Outside a request (scripts, seeds) there is none and no member mail is written.
 */
export const memberMailContext = new AsyncLocalStorage<MemberMailContext>();

/** Which notifications also e-mail, under which setting, and what the mail links to. */
const MAILED: Partial<Record<NotificationType, { setting: UnsubscribeSetting; label: string }>> = {
  exchange_request: { setting: 'emailNotifications', label: 'Open the request' },
  request_accepted: { setting: 'emailNotifications', label: 'Open the exchange' },
  request_declined: { setting: 'emailNotifications', label: 'Open the conversation' },
  exchange_completed: { setting: 'emailNotifications', label: 'Open the exchange' },
  message: { setting: 'newMessages', label: 'Open the conversation' },
};

/** One message mail per conversation and recipient in each clock hour. */
export function messageMailKey(conversationId: string, userId: string, at = new Date()): string {
  return `message:${conversationId}:${userId}:${Math.floor(at.getTime() / 3_600_000)}`;
}

export interface MailedNotification {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  data?: { requestId?: string; conversationId?: string } | null;
}

/**
 * The e-mail of a notification, for the statement that writes it (`notify`): queued when the
 * member wants it: their setting for it is on (no settings row = defaults: both on) and, for a
 * message, they have no open realtime connection on any instance and had no mail for this
 * conversation this hour, all read as it is queued (the mail does not depend on them). An
 * INSERT ... RETURNING id (`queuedMemberMailInsert`); null when the notification is not mailed
 * or outside a request.
 */
export function notificationMailInsert(input: MailedNotification): SQL | null {
  const rule = MAILED[input.type];
  const context = memberMailContext.getStore();
  if (!rule || !context) return null;
  const conversationId = input.data?.conversationId;
  const base = context.appUrl.replace(/\/+$/, '');
  const url = conversationId ? `${base}/messages/${encodeURIComponent(conversationId)}` : `${base}/network`;
  const links = unsubscribeLinks({ appUrl: context.appUrl, secret: context.secret }, input.userId, rule.setting);
  const mail = memberEventMail(
    { appName: context.appName, supportEmail: context.supportEmail, unsubscribeUrl: links.pageUrl, settingLabel: UNSUBSCRIBE_SETTING_LABELS[rule.setting] },
    { title: input.title, message: input.message, action: { label: rule.label, url } },
  );
  const settingOn = rule.setting === 'newMessages' ? sql`coalesce(s.new_messages, true)` : sql`coalesce(s.email_notifications, true)`;
  return queuedMemberMailInsert(
    {
      kind: input.type,
      userId: input.userId,
      ...mail,
      headers: links.headers,
      ...(input.type === 'message' && conversationId ? { dedupeKey: messageMailKey(conversationId, input.userId) } : {}),
    },
    input.type === 'message' ? sql`${settingOn} AND NOT ${isOnlineSql(input.userId)}` : settingOn,
  );
}
