import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { COMMON_PASSWORD_MESSAGE, LoginInput, ResetPasswordInput, SignUpInput } from '../../../shared/schemas/auth.js';
import { AppError, validationFailed } from '../../errors.js';
import { consumeRateLimit } from '../../lib/rate-limit.js';
import { CLIENT_IP_HEADER, type Auth } from './auth.js';
import { isCommonPassword } from './common-passwords.js';

/** Sign-in attempts for one address: at most this many per 15 minutes, from anywhere. */
export const SIGN_IN_ATTEMPTS_PER_ADDRESS = 10;
export const TOO_MANY_LOGINS_MESSAGE = 'Too many login attempts. Please wait a moment and try again.';

interface BodyRule {
  schema: ZodType;
  /** The body better-auth receives, built from the validated input. */
  toAuthBody(input: never): Record<string, unknown>;
  /** The password field to check against the common-password list, if any. */
  password?: (input: never) => string;
  passwordField?: string;
}

/** Our shared zod schemas guard the better-auth endpoints the web app uses. */
const bodyRules: Record<string, BodyRule> = {
  '/api/auth/sign-up/email': {
    schema: SignUpInput,
    toAuthBody: (i: SignUpInput) => ({ email: i.email, password: i.password, name: '' }),
    password: (i: SignUpInput) => i.password,
    passwordField: 'password',
  },
  '/api/auth/sign-in/email': {
    schema: LoginInput,
    toAuthBody: (i: LoginInput) => ({ email: i.email, password: i.password, rememberMe: true }),
  },
  '/api/auth/reset-password': {
    schema: ResetPasswordInput,
    toAuthBody: (i: ResetPasswordInput) => ({ newPassword: i.newPassword, token: i.token }),
    password: (i: ResetPasswordInput) => i.newPassword,
    passwordField: 'newPassword',
  },
};

function fieldErrors(issues: readonly { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.map(String).join('.') || '_'] ??= issue.message;
  return fields;
}

/**
 * Bridges /api/auth/* to better-auth: validates bodies with the shared schemas, adds the
 * per-address sign-in limit, hands over the client IP for better-auth's own limits, and
 * rewrites better-auth's errors into our error format.
 */
export async function authRoutes(app: FastifyInstance, opts: { auth: Auth }): Promise<void> {
  const { auth } = opts;

  async function handler(request: FastifyRequest, reply: FastifyReply) {
    const pathname = request.url.split('?')[0] ?? '';
    let body: unknown = request.body;

    if (request.method === 'POST') {
      const rule = bodyRules[pathname];
      if (rule) {
        const parsed = rule.schema.safeParse(body ?? {});
        if (!parsed.success) {
          const fields = fieldErrors(parsed.error.issues);
          throw validationFailed(fields, Object.values(fields)[0]);
        }
        const input = parsed.data as never;
        if (rule.password && isCommonPassword(rule.password(input))) {
          throw validationFailed({ [rule.passwordField ?? 'password']: COMMON_PASSWORD_MESSAGE }, COMMON_PASSWORD_MESSAGE);
        }
        if (pathname === '/api/auth/sign-in/email') {
          const email = (input as LoginInput).email;
          const limit = await consumeRateLimit(app.database.db, `sign-in:${email}`, 15 * 60, SIGN_IN_ATTEMPTS_PER_ADDRESS);
          if (!limit.allowed) {
            reply.header('Retry-After', String(limit.retryAfter));
            throw new AppError('RATE_LIMITED', TOO_MANY_LOGINS_MESSAGE);
          }
        }
        body = rule.toAuthBody(input);
      }
    }

    const headers = new Headers();
    for (const [key, value] of Object.entries(request.headers)) {
      if (value === undefined || key === CLIENT_IP_HEADER || key === 'content-length') continue;
      if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
      else headers.set(key, String(value));
    }
    headers.set(CLIENT_IP_HEADER, request.ip);
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    if (hasBody) headers.set('content-type', 'application/json');
    const url = new URL(request.url, app.config.appUrl);
    const response = await auth.handler(
      new Request(url, { method: request.method, headers, body: hasBody ? JSON.stringify(body ?? {}) : undefined }),
    );

    reply.status(response.status);
    for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie' && key !== 'content-length' && key !== 'content-encoding') reply.header(key, value);
    });
    const text = await response.text();
    if (response.status >= 400) return reply.send(rewriteError(response.status, text, pathname));
    return reply.send(text === '' ? null : withoutSessionTokens(text));
  }

  app.route({ method: ['GET', 'POST'], url: '/api/auth/*', handler });
}

/** better-auth answers `{ code, message }`; we answer `{ error: { code, message } }`. */
function rewriteError(status: number, text: string, pathname: string) {
  let code = status === 429 ? 'RATE_LIMITED' : status === 404 ? 'NOT_FOUND' : 'AUTH_ERROR';
  const tooMany = pathname.startsWith('/api/auth/sign-in') ? TOO_MANY_LOGINS_MESSAGE : 'Too many requests. Please wait a moment and try again.';
  let message = status === 429 ? tooMany : 'Request failed';
  try {
    const parsed = JSON.parse(text) as { code?: unknown; message?: unknown };
    if (typeof parsed.code === 'string' && status !== 429) code = parsed.code;
    if (typeof parsed.message === 'string' && status !== 429) message = parsed.message;
  } catch {
    if (text && status !== 429) message = text;
  }
  return { error: { code, message } };
}

/**
 * The session lives in an httpOnly cookie; better-auth also echoes its token in some bodies
 * (sign-in, get-session). Scripts must never see it, so it is removed here.
 */
function withoutSessionTokens(text: string): string {
  if (!text.includes('"token"')) return text;
  try {
    const body = JSON.parse(text) as unknown;
    if (typeof body !== 'object' || body === null) return text;
    const record = body as Record<string, unknown>;
    delete record.token;
    const session = record.session;
    if (typeof session === 'object' && session !== null) delete (session as Record<string, unknown>).token;
    return JSON.stringify(record);
  } catch {
    return text;
  }
}
