import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SupportMessageInput, SupportMessageSent } from '../../../shared/schemas/support.js';
import { sendSupportMessage } from './support.service.js';

/**
 * The /help contact form (issue 13, item 6): members and visitors write to the support address,
 * with a copy to themselves. /help is public, so the route is open to visitors too.
 */
export async function supportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = {
    db: app.database.db,
    log: app.log,
    appName: app.config.appName,
    supportEmail: app.config.supportEmail,
  };

  r.post(
    '/api/support/messages',
    { schema: { body: SupportMessageInput, response: { 202: SupportMessageSent } } },
    async (request, reply) => {
      const viewer = await request.viewer();
      const sender = viewer ? { viewer } : { viewer: null, ip: request.ip };
      return reply.status(202).send(await sendSupportMessage(deps, sender, request.body));
    },
  );
}
