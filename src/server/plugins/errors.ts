import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, RateLimitedError, type ErrorBody, type ErrorCode } from '../errors.js';

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
      return reply.status(400).send(body('VALIDATION_FAILED', first, fields));
    }
    if (err instanceof AppError) {
      if (err instanceof RateLimitedError && err.retryAfterSeconds !== undefined) reply.header('Retry-After', String(err.retryAfterSeconds));
      return reply.status(err.statusCode).send(body(err.code, err.message, err.fields));
    }
    const status = 'statusCode' in err && typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code = codeForStatus[status] ?? 'VALIDATION_FAILED';
      return reply.status(status).send(body(code, clientMessage(err, status)));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL', 'An unexpected error occurred. Please try again.'));
  });
}

/**
 * Errors Fastify raises before any route or hook runs (a path that is not valid percent-encoded
 * UTF-8): answered in the same format, never with Fastify's own body.
 */
export function answerFrameworkError(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  void reply.status(status).send(body(codeForStatus[status] ?? 'VALIDATION_FAILED', 'The address is not valid.'));
}

function clientMessage(err: Error, status: number): string {
  if (status === 400 && /JSON/i.test(err.message)) return 'The request body is not valid JSON.';
  if (status === 413) return 'The request is too large.';
  if (status === 415) return 'Unsupported content type.';
  if (status === 429) return 'Too many requests. Please wait a moment and try again.';
  return err.message;
}

function body(code: ErrorCode, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}
