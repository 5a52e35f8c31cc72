import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CreateExchangeRequestInput,
  ExchangeRequestItem,
  RequestIdParams,
  UpdateExchangeRequestInput,
} from '../../../shared/schemas/requests.js';
import { requireViewer } from '../../plugins/session.js';
import { sendExchangeRequest, updateRequestStatus } from './requests.service.js';

/**
 * Exchange requests: sending one and moving it through its lifecycle ('Connected' on cards comes
 * with the posts: PostItem.exchangeStatus).
 */
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

  r.patch(
    '/api/requests/:id',
    { schema: { params: RequestIdParams, body: UpdateExchangeRequestInput, response: { 200: ExchangeRequestItem } } },
    async (request) => {
      const viewer = await requireViewer(request);
      return updateRequestStatus(db, viewer.userId, request.params.id, request.body);
    },
  );

}
