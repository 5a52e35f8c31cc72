import { and, eq, sql } from 'drizzle-orm';
import {
  NOTIFICATION_LIMITS,
  NOTIFICATION_MESSAGES,
  type NotificationCounts,
  type NotificationItem,
  type NotificationListResponse,
  type NotificationType,
} from '../../../shared/schemas/notifications.js';
import { queryRows, type Database } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';
import { notFound, validationFailed } from '../../errors.js';
import { enforceHourlyLimit } from '../../lib/rate-limit.js';
import { toDate } from '../posts/post-query.js';
import type { NotificationData } from './notify.js';

/** Where the list continues: the last item's created_at (to the microsecond, UTC) and id. */
interface Cursor {
  createdAt: string;
  id: string;
}

const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Opaque to the client: base64url of 'created_at|id'. */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`, 'utf8').toString('base64url');
}

/** The cursor a client sent back, or a 400 on the `cursor` field when it is not one of ours. */
export function decodeCursor(value: string): Cursor {
  const invalid = () => validationFailed({ cursor: NOTIFICATION_MESSAGES.cursor }, NOTIFICATION_MESSAGES.cursor);
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(value)) throw invalid();
  const [createdAt = '', id = '', ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !CURSOR_TIME.test(createdAt) || !UUID.test(id) || Number.isNaN(Date.parse(createdAt))) throw invalid();
  return { createdAt, id };
}

interface NotificationRow {
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  data: NotificationData | null;
  is_read: boolean;
  /** created_at in UTC to the microsecond, so the keyset loses nothing (named apart, so ORDER BY sorts the column). */
  created_utc: string;
}

/** The member's counters: all, unread, and created in the last 7 days. */
export async function notificationCounts(db: Database, userId: string): Promise<NotificationCounts> {
  const [row] = await queryRows<{ total: number | string; unread: number | string; this_week: number | string }>(
    db,
    sql`SELECT count(*) AS total,
               count(*) FILTER (WHERE NOT is_read) AS unread,
               count(*) FILTER (WHERE created_at > now() - make_interval(days => ${NOTIFICATION_LIMITS.thisWeekDays})) AS this_week
        FROM notifications WHERE user_id = ${userId}`,
  );
  return { total: Number(row?.total ?? 0), unread: Number(row?.unread ?? 0), thisWeek: Number(row?.this_week ?? 0) };
}

/**
 * A page of the member's notifications, newest first, continuing after `cursor`: a keyset on
 * (created_at, id) read from `notifications_user_id_created_at_id_idx`, so page 10 costs what
 * page 1 does. One row more than a page says whether another follows.
 */
export async function listNotifications(db: Database, userId: string, cursorText: string | undefined): Promise<NotificationListResponse> {
  const cursor = cursorText ? decodeCursor(cursorText) : null;
  const size = NOTIFICATION_LIMITS.pageSize;
  const after = cursor ? sql`AND (created_at, id) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)` : sql``;
  const [rows, counts] = await Promise.all([
    queryRows<NotificationRow>(
      db,
      sql`SELECT id, type, title, message, data, is_read,
                 to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_utc
          FROM notifications
          WHERE user_id = ${userId} ${after}
          ORDER BY created_at DESC, id DESC
          LIMIT ${size + 1}`,
    ),
    notificationCounts(db, userId),
  ]);
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return {
    items: page.map(toItem),
    nextCursor: rows.length > size && last ? encodeCursor({ createdAt: last.created_utc, id: last.id }) : null,
    counts,
  };
}

function toItem(row: NotificationRow): NotificationItem {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    data: pickData(row.data),
    isRead: row.is_read,
    // Milliseconds are enough for the client (the cursor keeps the microseconds).
    createdAt: new Date(row.created_utc).toISOString(),
  };
}

/** Only the documented ids, as strings: whatever else a row's jsonb holds stays on the server. */
function pickData(data: unknown): NotificationData | null {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const source = data as Record<string, unknown>;
  const picked: NotificationData = {};
  for (const key of ['requestId', 'postId', 'conversationId', 'actorId'] as const) {
    if (typeof source[key] === 'string') picked[key] = source[key];
  }
  return picked;
}

/** The unread count behind the top bar's dot (an index-only count on the unread index). */
export async function unreadCount(db: Database, userId: string): Promise<number> {
  const [row] = await queryRows<{ unread: number | string }>(
    db,
    sql`SELECT count(*) AS unread FROM notifications WHERE user_id = ${userId} AND is_read = false`,
  );
  return Number(row?.unread ?? 0);
}

/** Marks one of the member's notifications read; someone else's (or none) is a 404. */
export async function markRead(db: Database, userId: string, id: string): Promise<{ id: string; isRead: true }> {
  const [row] = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (!row) throw notFound(NOTIFICATION_MESSAGES.notFound);
  return { id: row.id, isRead: true };
}

/** Marks every unread notification of the member read; answers how many changed. */
export async function markAllRead(db: Database, userId: string): Promise<{ updated: number }> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return { updated: rows.length };
}

/**
 * A member's own reminder or note (the schema allows only those two types and no other
 * recipient), at most NOTIFICATION_LIMITS.selfCreatedPerHour an hour.
 */
export async function createOwnNotification(
  db: Database,
  userId: string,
  input: { type: 'reminder' | 'personal_note'; title: string; message: string; data?: NotificationData | null },
  perHour: number = NOTIFICATION_LIMITS.selfCreatedPerHour,
): Promise<NotificationItem> {
  await enforceHourlyLimit(db, `notification:${userId}`, perHour, (wait) => NOTIFICATION_MESSAGES.limit(perHour, wait));
  const [row] = await db
    .insert(notifications)
    .values({ userId, type: input.type, title: input.title, message: input.message, data: input.data ? { ...input.data } : null })
    .returning();
  if (!row) throw new Error('insert into notifications returned no row');
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    data: pickData(row.data),
    isRead: row.isRead,
    createdAt: toDate(row.createdAt).toISOString(),
  };
}
