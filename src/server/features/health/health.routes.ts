import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client.js';

/** A database slower than this to answer `select 1` counts as unavailable (a load balancer should stop sending traffic). */
export const HEALTH_DATABASE_TIMEOUT_MS = 3_000;

/** Liveness and readiness: answers 200 only when the database answers, 503 when it fails or does not answer in time. */
export async function healthRoutes(app: FastifyInstance, opts: { database: DatabaseHandle }): Promise<void> {
  app.get('/api/health', async (_request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${HEALTH_DATABASE_TIMEOUT_MS} ms`)), HEALTH_DATABASE_TIMEOUT_MS);
    });
    try {
      await Promise.race([opts.database.db.execute(sql`select 1`), timeout]);
      return { status: 'ok', database: opts.database.kind };
    } catch (err) {
      app.log.error({ err }, 'health check: database unavailable');
      return reply.status(503).send({ status: 'unavailable', database: opts.database.kind });
    } finally {
      clearTimeout(timer);
    }
  });
}
