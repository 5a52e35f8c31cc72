import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** The header a request id arrives in (from a proxy or a client) and every response carries. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What we take from a caller: a short token of letters, digits and `._:-` (a UUID, a proxy's trace id). */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Fastify's `genReqId`: the caller's `X-Request-Id` when it is a sane short token, so one id
 * follows a request through a proxy's logs and ours; otherwise a new UUID. Anything else (long,
 * spaces, control characters, several headers) is ignored rather than written into the logs.
 */
export function requestIdFor(req: IncomingMessage): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Every response carries `X-Request-Id`: the `reqId` of its log lines and, on an error, the
 * `requestId` of its body (plugins/errors.ts), so a member's report of an error finds its logs.
 * Register before any other hook, so a request refused by a later hook has the header too.
 */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
