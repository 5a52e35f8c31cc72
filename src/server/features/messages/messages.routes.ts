import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ConversationListQuery,
  ConversationListResponse,
  ConversationSummary,
  MessageItem,
  MessagePage,
  MessagePageQuery,
  OpenConversationInput,
  SendMessageInput,
  UnreadMessagesResponse,
} from '../../../shared/schemas/messages.js';
import { requireViewer } from '../../plugins/session.js';
import {
  getConversation,
  listConversations,
  listMessages,
  markConversationRead,
  openConversation,
  sendMessage,
  unreadMessageCount,
} from './messages.service.js';

/** Any id is accepted here; the service answers 404 'Conversation not found.' to a malformed one. */
const ConversationIdParams = z.object({ id: z.string().max(100) });

/**
 * Conversations and messages (issue 12): the list with search, opening a conversation with a
 * member, paging and sending messages, read receipts and the Messages dot. Only the two members
 * of a conversation can see or write it; everyone else gets 404.
 */
export async function messageRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.get(
    '/api/conversations',
    { schema: { querystring: ConversationListQuery, response: { 200: ConversationListResponse } } },
    async (request) => {
      const viewer = await requireViewer(request);
      return { items: await listConversations(db, viewer.userId, request.query.q) };
    },
  );

  r.post(
    '/api/conversations',
    { schema: { body: OpenConversationInput, response: { 200: ConversationSummary, 201: ConversationSummary } } },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const { created, conversation } = await openConversation(db, viewer.userId, request.body);
      return reply.status(created ? 201 : 200).send(conversation);
    },
  );

  r.get(
    '/api/conversations/:id',
    { schema: { params: ConversationIdParams, response: { 200: ConversationSummary } } },
    async (request) => {
      const viewer = await requireViewer(request);
      return getConversation(db, viewer.userId, request.params.id);
    },
  );

  r.get(
    '/api/conversations/:id/messages',
    { schema: { params: ConversationIdParams, querystring: MessagePageQuery, response: { 200: MessagePage } } },
    async (request) => {
      const viewer = await requireViewer(request);
      return listMessages(db, viewer.userId, request.params.id, request.query.before);
    },
  );

  r.post(
    '/api/conversations/:id/messages',
    { schema: { params: ConversationIdParams, body: SendMessageInput, response: { 201: MessageItem } } },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const message = await sendMessage(db, viewer.userId, request.params.id, request.body, app.config.writeLimits.messagesPerMinute);
      return reply.status(201).send(message);
    },
  );

  r.post(
    '/api/conversations/:id/read',
    { schema: { params: ConversationIdParams, response: { 204: z.null() } } },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      await markConversationRead(db, viewer.userId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.get('/api/messages/unread-count', { schema: { response: { 200: UnreadMessagesResponse } } }, async (request) => {
    const viewer = await requireViewer(request);
    return { unread: await unreadMessageCount(db, viewer.userId) };
  });
}
