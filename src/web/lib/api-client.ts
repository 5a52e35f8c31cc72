/** Field-level messages from a 400 response, keyed by field name. */
export type ApiFieldErrors = Record<string, string>;

/** An HTTP error from our API, carrying the `{ error: { code, message, fields } }` body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: ApiFieldErrors;

  constructor(status: number, code: string, message: string, fields: ApiFieldErrors = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

/** Anything with a zod-like `parse`, so callers can validate responses without this module importing zod. */
export interface ResponseParser<T> {
  parse: (data: unknown) => T;
}

export interface ApiRequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; FormData is sent as-is (multipart uploads). */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  headers?: HeadersInit;
  signal?: AbortSignal;
  /** Validates the response body; without it the body is trusted to be `T`. */
  schema?: ResponseParser<T>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toFieldErrors(value: unknown): ApiFieldErrors {
  if (!isRecord(value)) return {};
  const fields: ApiFieldErrors = {};
  for (const [key, message] of Object.entries(value)) {
    if (typeof message === 'string') fields[key] = message;
  }
  return fields;
}

function buildUrl(path: string, query: ApiRequestOptions<unknown>['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toApiError(status: number, statusText: string, body: unknown): ApiError {
  if (isRecord(body) && isRecord(body.error)) {
    const { code, message, fields } = body.error;
    return new ApiError(
      status,
      typeof code === 'string' ? code : 'http_error',
      typeof message === 'string' ? message : statusText || `Request failed (${status})`,
      toFieldErrors(fields),
    );
  }
  // better-auth answers with `{ code, message }` at the top level.
  if (isRecord(body) && typeof body.message === 'string') {
    return new ApiError(status, typeof body.code === 'string' ? body.code : 'http_error', body.message);
  }
  return new ApiError(status, 'http_error', statusText || `Request failed (${status})`);
}

/**
 * Calls our same-origin API with the session cookie and JSON bodies.
 * Throws `ApiError` for non-2xx answers and for network failures (status 0, code `network_error`).
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, query, headers, signal, schema } = options;
  const requestHeaders = new Headers(headers);
  requestHeaders.set('accept', 'application/json');
  let requestBody: BodyInit | undefined;
  if (body instanceof FormData) {
    requestBody = body;
  } else if (body !== undefined) {
    requestHeaders.set('content-type', 'application/json');
    requestBody = JSON.stringify(body);
  }

  // From the first busy answer until this request ends one way or the other, the busy notice
  // stays up (no flicker while a retry is on its way).
  let waitedBusy = false;
  try {
    for (let attempt = 0; ; attempt += 1) {
      let response: Response;
      try {
        response = await fetch(buildUrl(path, query), {
          method,
          headers: requestHeaders,
          body: requestBody,
          credentials: 'same-origin',
          signal,
        });
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') throw error;
        throw new ApiError(0, 'network_error', 'Network error: could not reach the server.');
      }

      const data = await readBody(response);
      if (response.ok) return schema ? schema.parse(data) : (data as T);
      const error = toApiError(response.status, response.statusText, data);
      const retryAfter = Number(response.headers.get('retry-after'));
      // Turned away by the server's full queue: nothing ran, so the same request is safe to send again.
      if (error.code !== 'UNAVAILABLE' || !(retryAfter > 0) || attempt >= BUSY_RETRIES) throw error;
      if (!waitedBusy) {
        waitedBusy = true;
        setBusy(1);
      }
      await wait(Math.min(retryAfter, 10) * 1000 + Math.random() * 1000, signal);
    }
  } finally {
    if (waitedBusy) setBusy(-1);
  }
}

/** How many times a request the server turned away as busy is sent again before its error shows. */
const BUSY_RETRIES = 3;

let busyWaits = 0;
const busyListeners = new Set<() => void>();

/** True while some request the server turned away as busy has not ended yet (ServerBusyNotice). */
export function isServerBusy(): boolean {
  return busyWaits > 0;
}

/** Calls `listener` whenever `isServerBusy()` may have changed; returns the unsubscribe. */
export function subscribeServerBusy(listener: () => void): () => void {
  busyListeners.add(listener);
  return () => busyListeners.delete(listener);
}

function setBusy(delta: number): void {
  busyWaits += delta;
  for (const listener of busyListeners) listener();
}

/** Waits `ms`, or until the caller aborts. */
function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener('abort', aborted);
      resolve();
    }
    function aborted() {
      clearTimeout(timer);
      reject(signal?.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
    }
    if (signal?.aborted) aborted();
    else signal?.addEventListener('abort', aborted, { once: true });
  });
}

/** Shorthands for the common verbs. */
export const apiClient = {
  get: <T>(path: string, options?: Omit<ApiRequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<ApiRequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
