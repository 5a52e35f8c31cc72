import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BlockedMember, BlockInput, BlockListResponse } from '../../../shared/schemas/safety.js';
import { MemberId } from '../../../shared/schemas/text.js';
import { requireViewer } from '../../plugins/session.js';
import { blockMember, listBlockedMembers, unblockMember } from './blocks.service.js';

const BlockedMemberParams = z.object({ memberId: MemberId });

/** Blocking (issue 12): the viewer's blocked members, block one, lift a block. */
export async function blockRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  // A visitor is a 401 before the body is even parsed.
  app.addHook('onRequest', async (request) => {
    await requireViewer(request);
  });

  r.get('/api/blocks', { schema: { response: { 200: BlockListResponse } } }, async (request) => {
    const viewer = await requireViewer(request);
    return { items: await listBlockedMembers(db, viewer.userId) };
  });

  r.post('/api/blocks', { schema: { body: BlockInput, response: { 200: BlockedMember, 201: BlockedMember } } }, async (request, reply) => {
    const viewer = await requireViewer(request);
    const { created, block } = await blockMember(db, viewer.userId, request.body.memberId);
    return reply.status(created ? 201 : 200).send(block);
  });

  r.delete('/api/blocks/:memberId', { schema: { params: BlockedMemberParams, response: { 204: z.null() } } }, async (request, reply) => {
    const viewer = await requireViewer(request);
    await unblockMember(db, viewer.userId, request.params.memberId);
    return reply.status(204).send(null);
  });
}
