import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EmailOnlyInput, VerifyTokenQuery } from '../../../shared/schemas/auth.js';
import { verifications } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { consumeRateLimit } from '../../lib/rate-limit.js';
import type { Auth } from './auth.js';

/** The forgot-password answer never comes sooner, whatever the address. */
export const FORGOT_PASSWORD_MIN_MS = 250;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The account e-mail routes. They answer the same whether or not an address is registered,
 * and are limited per address and per IP before better-auth is asked to send anything.
 */
export async function accountRoutes(app: FastifyInstance, opts: { auth: Auth }): Promise<void> {
  const { auth } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  async function limitIp(ip: string, action: string) {
    const limit = await consumeRateLimit(db, `${action}-ip:${ip}`, 600, 30);
    if (!limit.allowed) throw new AppError('RATE_LIMITED', 'Too many requests. Please wait a moment and try again.');
  }

  r.post('/api/account/resend-verification', { schema: { body: EmailOnlyInput } }, async (request) => {
    await limitIp(request.ip, 'resend');
    await auth.api.sendVerificationEmail({ body: { email: request.body.email, callbackURL: '/auth/callback' } });
    return { status: true };
  });

  r.post('/api/account/forgot-password', { schema: { body: EmailOnlyInput } }, async (request) => {
    const started = Date.now();
    try {
      await limitIp(request.ip, 'forgot');
      await auth.api.requestPasswordReset({ body: { email: request.body.email, redirectTo: '/reset-password' } });
    } finally {
      const elapsed = Date.now() - started;
      if (elapsed < FORGOT_PASSWORD_MIN_MS) {
        // Waiting is not work: the turn goes to the next request (plugins/overload.ts).
        app.overloadGate.leave(request);
        await sleep(FORGOT_PASSWORD_MIN_MS - elapsed);
      }
    }
    return { status: true };
  });

  r.get('/api/account/reset-password-token', { schema: { querystring: VerifyTokenQuery } }, async (request) => {
    const rows = await db
      .select({ id: verifications.id })
      .from(verifications)
      .where(and(eq(verifications.identifier, `reset-password:${request.query.token}`), gt(verifications.expiresAt, new Date())))
      .limit(1);
    return { valid: rows.length > 0 };
  });
}
