import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MatchesQuery, MatchesResponse } from '../../../shared/schemas/matching.js';
import { listJson, sendListJson } from '../../lib/list-json.js';
import { requireViewer } from '../../plugins/session.js';
import { findMatches } from './matching.service.js';

/** Compatibility matches for the viewer, in general or for one of their posts. */
export async function matchingRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const checked = app.config.nodeEnv !== 'production';
  r.get('/api/matches', { schema: { querystring: MatchesQuery, response: { 200: MatchesResponse } } }, async (request, reply) => {
    const viewer = await requireViewer(request);
    const json = listJson(MatchesResponse, await findMatches(app.database.db, viewer.userId, request.query), checked);
    return sendListJson<MatchesResponse>(reply, json);
  });
}
