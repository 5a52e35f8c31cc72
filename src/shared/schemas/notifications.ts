import { z } from 'zod';
import { MemberId, text } from './text.js';

/** Every kind of notification (the database's check constraint holds the same list). */
export const NOTIFICATION_TYPES = [
  'exchange_request',
  'request_accepted',
  'request_declined',
  'message',
  'exchange_completed',
  'rating_received',
  'system',
  'reminder',
  'personal_note',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The only kinds a member may create, and only for themselves (spec: notifications rule). */
export const SELF_NOTIFICATION_TYPES = ['reminder', 'personal_note'] as const;

export const NOTIFICATION_LIMITS = {
  titleMax: 200,
  messageMax: 1000,
  /** Items per page of the list; 'Load more' asks for the next. */
  pageSize: 50,
  /** Self-created notifications per member per hour. */
  selfCreatedPerHour: 100,
  /** The 'This Week' counter: created in the last 7 days. */
  thisWeekDays: 7,
} as const;

export const NOTIFICATION_MESSAGES = {
  type: 'Invalid notification type for self-creation',
  titleRequired: 'Please enter a title.',
  titleMax: 'The title must be 200 characters or less.',
  messageRequired: 'Please enter a message.',
  messageMax: 'The message must be 1000 characters or less.',
  onlyYourself: 'You can only create notifications for yourself.',
  notFound: 'Notification not found.',
  cursor: 'This page of notifications is not valid. Please reload the list.',
  limit: (max: number, wait: string) => `You can create up to ${max} notifications an hour. Please try again in ${wait}.`,
} as const;

/** What a notification points at, so a click can open it. */
export const NotificationData = z.object({
  requestId: z.string().optional(),
  postId: z.string().optional(),
  conversationId: z.string().optional(),
  actorId: z.string().optional(),
});
export type NotificationData = z.infer<typeof NotificationData>;

const uuid = z.uuid({ error: 'Not a valid id.' });

/**
 * POST /api/notifications: a member's own reminder or note. Always for the signed-in member: a
 * `userId` (or any other unknown field) is refused rather than silently ignored.
 */
export const CreateNotificationInput = z.strictObject({
  type: z.enum(SELF_NOTIFICATION_TYPES, { error: NOTIFICATION_MESSAGES.type }),
  title: text({ error: NOTIFICATION_MESSAGES.titleRequired })
    .trim()
    .min(1, NOTIFICATION_MESSAGES.titleRequired)
    .max(NOTIFICATION_LIMITS.titleMax, NOTIFICATION_MESSAGES.titleMax),
  message: text({ error: NOTIFICATION_MESSAGES.messageRequired })
    .trim()
    .min(1, NOTIFICATION_MESSAGES.messageRequired)
    .max(NOTIFICATION_LIMITS.messageMax, NOTIFICATION_MESSAGES.messageMax),
  data: z
    .strictObject({
      requestId: uuid.optional(),
      postId: uuid.optional(),
      conversationId: uuid.optional(),
      actorId: MemberId.optional(),
    })
    .nullish(),
  userId: z.undefined({ error: NOTIFICATION_MESSAGES.onlyYourself }).optional(),
});
export type CreateNotificationInput = z.input<typeof CreateNotificationInput>;

export const NotificationItem = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  data: NotificationData.nullable(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type NotificationItem = z.infer<typeof NotificationItem>;

export const NotificationCounts = z.object({
  total: z.number().int(),
  unread: z.number().int(),
  /** Created in the last 7 days. */
  thisWeek: z.number().int(),
});
export type NotificationCounts = z.infer<typeof NotificationCounts>;

/** GET /api/notifications?cursor=: a page, newest first; `nextCursor` is null on the last page. */
export const NotificationListQuery = z.object({
  cursor: text().max(200, NOTIFICATION_MESSAGES.cursor).optional(),
});

export const NotificationListResponse = z.object({
  items: z.array(NotificationItem),
  nextCursor: z.string().nullable(),
  counts: NotificationCounts,
});
export type NotificationListResponse = z.infer<typeof NotificationListResponse>;

export const UnreadCountResponse = z.object({ unread: z.number().int() });
export type UnreadCountResponse = z.infer<typeof UnreadCountResponse>;

export const NotificationIdParams = z.object({ id: z.uuid({ error: NOTIFICATION_MESSAGES.notFound }) });

export const MarkReadResponse = z.object({ id: z.string(), isRead: z.boolean() });
export const MarkAllReadResponse = z.object({ updated: z.number().int() });
