import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { VerificationResponse } from '../../../shared/schemas/verification.js';
import { requireViewer } from '../../plugins/session.js';
import { getVerification } from './verification.service.js';

/** /verification (issue 13): the signed-in member's own verification steps and Trust Score. */
export async function verificationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.get('/api/verification', { schema: { response: { 200: VerificationResponse } } }, async (request) => {
    const viewer = await requireViewer(request);
    return getVerification(db, viewer.userId);
  });
}
