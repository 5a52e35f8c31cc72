import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MatchesQuery, MatchesResponse } from '../../../shared/schemas/matching.js';
import { sendListJson } from '../../lib/list-json.js';
import { requireViewer } from '../../plugins/session.js';
import type { MatchRankings } from './match-rankings.js';
import { findMatches } from './matching.service.js';

/** Compatibility matches for the viewer, in general or for one of their posts. */
export async function matchingRoutes(app: FastifyInstance, opts: { matchRankings: MatchRankings }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/matches', { schema: { querystring: MatchesQuery, response: { 200: MatchesResponse } } }, async (request, reply) => {
    const viewer = await requireViewer(request);
    return sendListJson(reply, MatchesResponse, await findMatches(app.database.db, viewer.userId, request.query, opts.matchRankings));
  });
}
