import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CreateNotificationInput,
  MarkAllReadResponse,
  MarkReadResponse,
  NotificationIdParams,
  NotificationItem,
  NotificationListQuery,
  NotificationListResponse,
  UnreadCountResponse,
} from '../../../shared/schemas/notifications.js';
import { requireViewer } from '../../plugins/session.js';
import { createOwnNotification, listNotifications, markAllRead, markRead, unreadCount } from './notifications.service.js';

/**
 * The member's notifications: the list with its counters, the unread count the top bar polls,
 * marking read, and the member's own reminders and notes. The server creates every other kind
 * with `notify()` in the transaction of its event.
 */
export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.get(
    '/api/notifications',
    { schema: { querystring: NotificationListQuery, response: { 200: NotificationListResponse } } },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      void reply.header('Cache-Control', 'no-store');
      return listNotifications(db, viewer.userId, request.query.cursor);
    },
  );

  r.get('/api/notifications/unread-count', { schema: { response: { 200: UnreadCountResponse } } }, async (request, reply) => {
    const viewer = await requireViewer(request);
    void reply.header('Cache-Control', 'no-store');
    return { unread: await unreadCount(db, viewer.userId) };
  });

  r.post('/api/notifications/read-all', { schema: { response: { 200: MarkAllReadResponse } } }, async (request) => {
    const viewer = await requireViewer(request);
    return markAllRead(db, viewer.userId);
  });

  r.post(
    '/api/notifications/:id/read',
    { schema: { params: NotificationIdParams, response: { 200: MarkReadResponse } } },
    async (request) => {
      const viewer = await requireViewer(request);
      return markRead(db, viewer.userId, request.params.id);
    },
  );

  r.post(
    '/api/notifications',
    { schema: { body: CreateNotificationInput, response: { 201: NotificationItem } } },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      return reply.status(201).send(await createOwnNotification(db, viewer.userId, request.body));
    },
  );
}
