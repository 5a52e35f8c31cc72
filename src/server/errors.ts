/** Stable error codes the API answers with; the client keys its messages off these. */
export type ErrorCode =
  | 'VALIDATION_FAILED'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PROFILE_INCOMPLETE'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'RATE_LIMITED'
  | 'INTERNAL'
  | 'UNAVAILABLE';

const statusOf: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PROFILE_INCOMPLETE: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

/** Each stable code with its HTTP status: the API document lists them. */
export const ERROR_STATUSES: Readonly<Record<ErrorCode, number>> = statusOf;

/** An error a service throws on purpose; the error handler turns it into the API's error body. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.statusCode = statusOf[code];
  }
}

/** 429 for a limit that resets: the error handler sends `Retry-After` with the seconds left. */
export class RateLimitedError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super('RATE_LIMITED', message);
  }
}

/** 503 from the overload gate (plugins/overload.ts): nothing ran; try again after `retryAfterSeconds`. */
export class ServerBusyError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('UNAVAILABLE', 'The server is busy. Please try again in a moment.');
  }
}

/** The JSON body of every error answer; `requestId` is the request's id in the logs and its `X-Request-Id` header. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; fields?: Record<string, string> };
  requestId: string;
}

export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
export const forbidden = (message = 'You are not allowed to do that.') => new AppError('FORBIDDEN', message);
export const unauthenticated = (message = 'User not authenticated') => new AppError('UNAUTHENTICATED', message);
export const validationFailed = (fields: Record<string, string>, message = 'Please fix the errors below') =>
  new AppError('VALIDATION_FAILED', message, fields);
