import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MemberIdParams, MemberSummary, SearchQuery, SearchResponse } from '../../../shared/schemas/posts.js';
import { sendListJson } from '../../lib/list-json.js';
import { requireViewer } from '../../plugins/session.js';
import { memberSummary } from './member-summary.service.js';
import type { SearchHits } from './search-hits.js';
import type { SearchPeople } from './search-people.js';
import { searchPosts } from './search.service.js';

/** /search and its Profile Details dialog. */
export async function searchRoutes(app: FastifyInstance, opts: { searchHits: SearchHits; people: SearchPeople }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.get('/api/search', { schema: { querystring: SearchQuery, response: { 200: SearchResponse } } }, async (request, reply) => {
    const viewer = await requireViewer(request);
    return sendListJson(reply, SearchResponse, await searchPosts(db, viewer.userId, request.query, opts));
  });

  r.get('/api/members/:id/summary', { schema: { params: MemberIdParams, response: { 200: MemberSummary } } }, async (request) => {
    const viewer = await requireViewer(request);
    return memberSummary(db, viewer.userId, request.params.id);
  });
}
