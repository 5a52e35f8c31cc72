import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CreateExchangeRequestInput, ExchangeRequestItem, SentPostIdsResponse } from '../../../shared/schemas/requests.js';
import { requireViewer } from '../../plugins/session.js';
import { sendExchangeRequest, sentPostIds } from './requests.service.js';

/** Exchange requests: sending one, and the posts already requested ('Connected'). */
export async function requestRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.post(
    '/api/requests',
    { schema: { body: CreateExchangeRequestInput, response: { 201: ExchangeRequestItem } } },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      return reply.status(201).send(await sendExchangeRequest(db, viewer.userId, request.body, app.config.writeLimits));
    },
  );

  r.get('/api/requests/sent-post-ids', { schema: { response: { 200: SentPostIdsResponse } } }, async (request) => {
    const viewer = await requireViewer(request);
    return { postIds: await sentPostIds(db, viewer.userId) };
  });
}
