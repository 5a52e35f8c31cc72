import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Duplex } from 'node:stream';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, RateLimitedError, type ErrorBody, type ErrorCode } from '../errors.js';
import { REQUEST_ID_HEADER } from './request-id.js';

const codeForStatus: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/**
 * The one error handler: bad input becomes a 400 with field messages, deliberate AppErrors keep
 * their status, framework 4xx errors keep theirs, and anything else is logged with the request
 * and answered as a bare 500 without details.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError | Error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[key] ??= issue.message ?? 'Invalid value';
      }
      const first = Object.values(fields)[0] ?? 'Invalid input';
      return reply.status(400).send(body(request, 'VALIDATION_FAILED', first, fields));
    }
    if (err instanceof AppError) {
      if (err instanceof RateLimitedError && err.retryAfterSeconds !== undefined) reply.header('Retry-After', String(err.retryAfterSeconds));
      return reply.status(err.statusCode).send(body(request, err.code, err.message, err.fields));
    }
    const status = 'statusCode' in err && typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code = codeForStatus[status] ?? 'VALIDATION_FAILED';
      return reply.status(status).send(body(request, code, clientMessage(err, status)));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(body(request, 'INTERNAL', 'An unexpected error occurred. Please try again.'));
  });
}

/**
 * Errors Fastify raises before any route or hook runs (a path that is not valid percent-encoded
 * UTF-8): answered in the same format, never with Fastify's own body.
 */
export function answerFrameworkError(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  // No onRequest hook runs for these: the request id header is set here.
  void reply
    .status(status)
    .header(REQUEST_ID_HEADER, request.id)
    .send(body(request, codeForStatus[status] ?? 'VALIDATION_FAILED', 'The address is not valid.'));
}

function clientMessage(err: Error, status: number): string {
  if (status === 400 && /JSON/i.test(err.message)) return 'The request body is not valid JSON.';
  if (status === 413) return 'The request is too large.';
  if (status === 415) return 'Unsupported content type.';
  if (status === 429) return 'Too many requests. Please wait a moment and try again.';
  return err.message;
}

function body(request: FastifyRequest, code: ErrorCode, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message }, requestId: request.id };
}

/** How long, and how much, a refused request's client may still send after its answer. */
const LINGER_MS = 2_000;
const LINGER_BYTES = 4 * 1024 * 1024;

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers or an address over
 * 16 KB, a malformed request line): answered on the socket in the same format, then closed in
 * order. What the client still sends (the rest of its address, its body) is read and dropped for
 * a bounded time and size: closing with it unread would reset the connection, and a client still
 * writing its body would then see the reset instead of the answer.
 */
export function answerClientError(this: FastifyInstance, err: Error & { code?: string }, socket: Duplex): void {
  // The parser keeps failing on what arrives after the answer: one answer per connection.
  if (err.code === 'ECONNRESET' || socket.destroyed || socket.writableEnded) return;
  // No request exists yet: the answer gets an id of its own, logged with the error.
  const requestId = randomUUID();
  const body = (code: ErrorCode, message: string): ErrorBody => ({ error: { code, message }, requestId });
  const [status, reason, error] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', body('VALIDATION_FAILED', 'The request headers or address are too long.')]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', body('VALIDATION_FAILED', 'The request took too long to arrive.')]
        : [400, 'Bad Request', body('VALIDATION_FAILED', 'The request is not valid HTTP.')];
  this.log.debug({ err, reqId: requestId }, 'client error');
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const text = JSON.stringify(error);
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(text)}\r\nContent-Type: application/json; charset=utf-8\r\nX-Request-Id: ${requestId}\r\nConnection: close\r\n\r\n${text}`);
  let left = LINGER_BYTES;
  const drop = (chunk: Buffer) => {
    left -= chunk.length;
    if (left < 0) socket.destroy();
  };
  const timer = setTimeout(() => socket.destroy(), LINGER_MS).unref();
  socket.on('data', drop).once('end', () => socket.destroy()).once('close', () => clearTimeout(timer)).resume();
}
