import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ReportCreated, ReportInput } from '../../../shared/schemas/safety.js';
import { requireViewer } from '../../plugins/session.js';
import { createReport } from './reports.service.js';

/**
 * Reporting a member, post or message (issue 12, item 7) for the operator, who lists the open
 * reports with `npm run reports`. Members write reports; nothing in the app reads them.
 */
export async function reportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.post('/api/reports', { schema: { body: ReportInput, response: { 201: ReportCreated } } }, async (request, reply) => {
    const viewer = await requireViewer(request);
    return reply.status(201).send(await createReport(db, viewer.userId, request.body));
  });
}
