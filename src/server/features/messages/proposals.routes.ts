import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MessageItem, ProposalDecisionInput } from '../../../shared/schemas/messages.js';
import { requireViewer } from '../../plugins/session.js';
import { decideProposal } from './proposals.service.js';

/** A message id (of an exchange proposal); the service answers 404 to a malformed one. */
const ProposalParams = z.object({ id: z.string().max(100) });

/**
 * Answering an exchange proposal in chat (issue 12, docs/decisions/013): only its recipient,
 * only once; accepting makes the exchange between the two accepted.
 */
export async function proposalRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.post(
    '/api/messages/:id/proposal',
    { schema: { params: ProposalParams, body: ProposalDecisionInput, response: { 200: MessageItem } } },
    async (request) => {
      const viewer = await requireViewer(request);
      return decideProposal(db, viewer.userId, request.params.id, request.body);
    },
  );
}
