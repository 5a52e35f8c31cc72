import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client.js';

/** Liveness and readiness: answers 200 only when the database answers. */
export async function healthRoutes(app: FastifyInstance, opts: { database: DatabaseHandle }): Promise<void> {
  app.get('/api/health', async (_request, reply) => {
    try {
      await opts.database.db.execute(sql`select 1`);
      return { status: 'ok', database: opts.database.kind };
    } catch (err) {
      app.log.error({ err }, 'health check: database unavailable');
      return reply.status(503).send({ status: 'unavailable', database: opts.database.kind });
    }
  });
}
