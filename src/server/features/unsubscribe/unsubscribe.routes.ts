import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { UnsubscribeResponse } from '../../../shared/schemas/unsubscribe.js';
import { unsubscribe } from './unsubscribe.service.js';

/** The longest form body accepted here (`List-Unsubscribe=One-Click`, or a token). */
const FORM_BODY_LIMIT = 2048;

/**
 * `POST /api/unsubscribe` (issue 13): the token from the JSON body (the /unsubscribe page) or
 * from the query (the List-Unsubscribe header's URL, which mail clients POST to with the form
 * body `List-Unsubscribe=One-Click`, RFC 8058). No session: the signed token is the authority.
 * The origin check lets this route through (origin-check.ts): no cookie is used here, and a mail
 * provider's one-click POST comes from anywhere.
 */
export async function unsubscribeRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const secret = app.config.authSecret;

  // Form bodies only on this route (this plugin's scope).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  r.post('/api/unsubscribe', { schema: { response: { 200: UnsubscribeResponse } } }, async (request) => {
    const body = request.body as Record<string, unknown> | null | undefined;
    const query = request.query as Record<string, unknown>;
    const fromBody = body && typeof body === 'object' ? body.token : undefined;
    return unsubscribe(db, secret, fromBody ?? query.token);
  });
}
