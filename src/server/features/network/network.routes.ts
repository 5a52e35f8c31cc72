import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NetworkResponse } from '../../../shared/schemas/network.js';
import { requireViewer } from '../../plugins/session.js';
import { getNetwork } from './network.service.js';

/** My Network: the signed-in member's exchange requests, both directions, with counters. */
export async function networkRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.get('/api/network', { schema: { response: { 200: NetworkResponse } } }, async (request) => {
    const viewer = await requireViewer(request);
    return getNetwork(db, viewer.userId);
  });
}
