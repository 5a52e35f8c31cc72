import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { isCommonPassword } from '../../../shared/domain/common-passwords.js';
import {
  ChangePasswordInput,
  COMMON_PASSWORD_MESSAGE,
  LoginInput,
  ResetPasswordInput,
  SignUpInput,
  VerifyTokenQuery,
} from '../../../shared/schemas/auth.js';
import { AppError, validationFailed } from '../../errors.js';
import { consumeRateLimit } from '../../lib/rate-limit.js';
import { CLIENT_IP_HEADER, type Auth } from './auth.js';

/**
 * Sign-in attempts for one address from one client IP: at most this many per 15 minutes. The
 * guessing limit; someone else's guesses from another IP never lock the owner out.
 */
export const SIGN_IN_ATTEMPTS_PER_ADDRESS_AND_IP = 10;
/** Sign-in attempts for one address from all IPs together: the ceiling for a spread-out attack. */
export const SIGN_IN_ATTEMPTS_PER_ADDRESS = 100;
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;
export const TOO_MANY_LOGINS_MESSAGE = 'Too many login attempts. Please wait a moment and try again.';

interface BodyRule {
  schema: ZodType;
  /** The body better-auth receives, built from the validated input. */
  toAuthBody(input: never): Record<string, unknown>;
  /** The password field to check against the common-password list, if any. */
  password?: (input: never) => string;
  passwordField?: string;
}

/**
 * The better-auth endpoints reachable from outside: those the web app calls (grep src/web for
 * '/api/auth/'), plus change-password for the account settings to come. Every other better-auth
 * endpoint (update-user, change-email, delete-user, list-accounts, list-sessions, ...) answers 404.
 */
const REACHABLE = new Set([
  'GET /api/auth/get-session',
  'GET /api/auth/verify-email',
  'POST /api/auth/sign-up/email',
  'POST /api/auth/sign-in/email',
  'POST /api/auth/sign-out',
  'POST /api/auth/reset-password',
  'POST /api/auth/change-password',
]);

/**
 * Our shared zod schemas guard the bodies of the reachable POST endpoints; the others
 * (sign-out) take no body, so better-auth receives an empty one. Every path that sets a
 * password uses the shared NewPasswordField and the common-password list.
 */
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
  '/api/auth/change-password': {
    schema: ChangePasswordInput,
    // A changed password ends every other session, whatever the client asked.
    toAuthBody: (i: ChangePasswordInput) => ({ currentPassword: i.currentPassword, newPassword: i.newPassword, revokeOtherSessions: true }),
    password: (i: ChangePasswordInput) => i.newPassword,
    passwordField: 'newPassword',
  },
};

/** One reachable better-auth endpoint with the shared schema its input is checked with. */
export interface AuthEndpoint {
  method: 'GET' | 'POST';
  path: string;
  body?: ZodType;
  query?: ZodType;
}

/**
 * The endpoints behind the `/api/auth/*` catch-all, as the API document lists them (one route
 * to Fastify, seven operations to a client), with the same schemas the bridge validates with.
 */
export function reachableAuthEndpoints(): AuthEndpoint[] {
  return [...REACHABLE].map((key) => {
    const [method, path = ''] = key.split(' ');
    return {
      method: method === 'GET' ? 'GET' : 'POST',
      path,
      ...(method === 'POST' && bodyRules[path] ? { body: bodyRules[path].schema } : {}),
      ...(path === '/api/auth/verify-email' ? { query: VerifyTokenQuery } : {}),
    };
  });
}

function fieldErrors(issues: readonly { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.map(String).join('.') || '_'] ??= issue.message;
  return fields;
}

function parseOrThrow<T>(schema: ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error.issues);
    throw validationFailed(fields, Object.values(fields)[0]);
  }
  return parsed.data;
}

/**
 * Bridges /api/auth/* to better-auth: answers 404 for endpoints the app does not use, validates
 * bodies and queries with the shared schemas, adds the sign-in limits, hands over the client IP
 * for better-auth's own limits, and rewrites better-auth's errors into our error format.
 */
export async function authRoutes(app: FastifyInstance, opts: { auth: Auth }): Promise<void> {
  const { auth } = opts;

  /** Counts a sign-in attempt per address and IP (guessing), then per address (spread-out guessing). */
  async function limitSignIn(email: string, ip: string, reply: FastifyReply) {
    const db = app.database.db;
    const perClient = await consumeRateLimit(db, `sign-in:${email}|${ip}`, SIGN_IN_WINDOW_SECONDS, SIGN_IN_ATTEMPTS_PER_ADDRESS_AND_IP);
    const limit = perClient.allowed
      ? await consumeRateLimit(db, `sign-in:${email}`, SIGN_IN_WINDOW_SECONDS, SIGN_IN_ATTEMPTS_PER_ADDRESS)
      : perClient;
    if (!limit.allowed) {
      reply.header('Retry-After', String(limit.retryAfter));
      throw new AppError('RATE_LIMITED', TOO_MANY_LOGINS_MESSAGE);
    }
  }

  async function handler(request: FastifyRequest, reply: FastifyReply) {
    const pathname = request.url.split('?')[0] ?? '';
    if (!REACHABLE.has(`${request.method} ${pathname}`)) {
      throw new AppError('NOT_FOUND', `No API route ${request.method} ${pathname}`);
    }
    const url = new URL(pathname, app.config.appUrl);
    let body: Record<string, unknown> = {};

    if (request.method === 'POST') {
      const rule = bodyRules[pathname];
      if (rule) {
        const input = parseOrThrow(rule.schema, request.body ?? {}) as never;
        if (rule.password && isCommonPassword(rule.password(input))) {
          throw validationFailed({ [rule.passwordField ?? 'password']: COMMON_PASSWORD_MESSAGE }, COMMON_PASSWORD_MESSAGE);
        }
        if (pathname === '/api/auth/sign-in/email') await limitSignIn((input as LoginInput).email, request.ip, reply);
        body = rule.toAuthBody(input);
      }
    } else if (pathname === '/api/auth/verify-email') {
      // Only the token goes on: no callbackURL for better-auth to redirect to.
      url.searchParams.set('token', parseOrThrow(VerifyTokenQuery, request.query).token);
    }

    const headers = new Headers();
    for (const [key, value] of Object.entries(request.headers)) {
      if (value === undefined || key === CLIENT_IP_HEADER || key === 'content-length') continue;
      if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
      else headers.set(key, String(value));
    }
    headers.set(CLIENT_IP_HEADER, request.ip);
    const hasBody = request.method === 'POST';
    if (hasBody) headers.set('content-type', 'application/json');
    const response = await auth.handler(
      new Request(url, { method: request.method, headers, body: hasBody ? JSON.stringify(body) : undefined }),
    );

    reply.status(response.status);
    for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie' && key !== 'content-length' && key !== 'content-encoding') reply.header(key, value);
    });
    const text = await response.text();
    if (response.status >= 400) return reply.send({ ...rewriteError(response.status, text, pathname), requestId: request.id });
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

/** Removes every `token` property, at any depth, in objects and arrays alike. */
export function stripSessionTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripSessionTokens);
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) if (key !== 'token') copy[key] = stripSessionTokens(inner);
  return copy;
}

/**
 * The session lives in an httpOnly cookie; better-auth also echoes its token in some bodies
 * (sign-in, get-session, list-sessions). Scripts must never see it, so every `token` is removed
 * from every auth response, however deep.
 */
function withoutSessionTokens(text: string): string {
  if (!text.includes('"token"')) return text;
  try {
    return JSON.stringify(stripSessionTokens(JSON.parse(text)));
  } catch {
    return text;
  }
}
