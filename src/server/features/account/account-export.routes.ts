import type { FastifyInstance } from 'fastify';
import { requireViewer } from '../../plugins/session.js';
import { exportAccount } from './account-export.service.js';

/** The export's file name for the day it is made (UTC): skillswap-data-YYYY-MM-DD.json. */
export const exportFileName = (now: Date) => `skillswap-data-${now.toISOString().slice(0, 10)}.json`;

/** Download my data (issue 13, account control): the signed-in member's data as one JSON file. */
export async function accountExportRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;

  app.get('/api/account/export', async (request, reply) => {
    const viewer = await requireViewer(request);
    const data = await exportAccount(db, viewer.userId);
    return reply
      .type('application/json; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${exportFileName(new Date(data.exportedAt))}"`)
      .header('Cache-Control', 'no-store')
      .send(JSON.stringify(data, null, 2));
  });
}
