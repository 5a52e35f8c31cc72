import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing API requests that a browser sent from another origin, so a
 * session cookie can never be ridden by a foreign page (SameSite=Lax is the second fence).
 * The trusted origins are APP_URL's, or without APP_URL the server's own port on loopback.
 */
export function registerOriginCheck(app: FastifyInstance, trustedOrigins: readonly string[]): void {
  const allowed = new Set(trustedOrigins);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    // One-click unsubscribe (RFC 8058) is POSTed by mail providers from anywhere; it uses no
    // cookie, only the signed token, so there is no session to ride.
    if (request.url === '/api/unsubscribe' || request.url.startsWith('/api/unsubscribe?')) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (!allowed.has(origin)) throw new AppError('FORBIDDEN', 'Cross-origin requests are not allowed.');
      return;
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      throw new AppError('FORBIDDEN', 'Cross-origin requests are not allowed.');
    }
  });
}
