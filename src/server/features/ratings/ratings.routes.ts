import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { RateExchangeInput, RatingItem, RequestIdParams } from '../../../shared/schemas/ratings.js';
import { requireViewer } from '../../plugins/session.js';
import { rateExchange } from './ratings.service.js';

/** Ratings: each party of a completed exchange rates the other once. */
export async function ratingRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.post(
    '/api/requests/:id/rating',
    {
      // A visitor is a 401 before the body is even parsed.
      onRequest: async (request) => {
        await requireViewer(request);
      },
      schema: { params: RequestIdParams, body: RateExchangeInput, response: { 201: RatingItem } },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      return reply.status(201).send(await rateExchange(db, viewer.userId, request.params.id, request.body));
    },
  );
}
