import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DeleteAccountInput } from '../../../shared/schemas/account.js';
import { AppError } from '../../errors.js';
import { consumeRateLimit } from '../../lib/rate-limit.js';
import { requireViewer } from '../../plugins/session.js';
import type { Auth } from '../auth/auth.js';
import type { FeedCache } from '../posts/feed-cache.js';
import { deleteAccount } from './account-delete.service.js';

/** Password attempts to delete one account per 15 minutes: the same guessing limit as sign-in. */
export const DELETE_ATTEMPTS_PER_MEMBER = 10;
const DELETE_WINDOW_SECONDS = 15 * 60;

/** Delete my account (issue 13, account control): only ever the signed-in member's, after their password. */
export async function accountDeleteRoutes(app: FastifyInstance, opts: { auth: Auth; feedCache: FeedCache }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.post('/api/account/delete', { schema: { body: DeleteAccountInput } }, async (request, reply) => {
    const viewer = await requireViewer(request);
    const limit = await consumeRateLimit(db, `account-delete:${viewer.userId}`, DELETE_WINDOW_SECONDS, DELETE_ATTEMPTS_PER_MEMBER);
    if (!limit.allowed) {
      reply.header('Retry-After', String(limit.retryAfter));
      throw new AppError('RATE_LIMITED', 'Too many attempts. Please wait a moment and try again.');
    }
    const context = await opts.auth.$context;
    await deleteAccount(db, viewer.userId, request.body.password, (hash, password) => context.password.verify({ hash, password }));
    // The member's posts leave every feed on this instance before the answer (others hear the triggers).
    opts.feedCache.changed();
    // The session cookie is void now: clear it in the browser too.
    const cookieName = context.authCookies.sessionToken.name;
    reply.header('Set-Cookie', `${cookieName}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${cookieName.startsWith('__Secure-') ? '; Secure' : ''}`);
    return { status: true };
  });
}
