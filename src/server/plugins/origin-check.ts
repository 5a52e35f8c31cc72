import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing API requests that a browser sent from another origin, so a
 * session cookie can never be ridden by a foreign page (SameSite=Lax is the second fence).
 */
export function registerOriginCheck(app: FastifyInstance, appUrl: string): void {
  const allowed = new URL(appUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (origin !== allowed) throw new AppError('FORBIDDEN', 'Cross-origin requests are not allowed.');
      return;
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      throw new AppError('FORBIDDEN', 'Cross-origin requests are not allowed.');
    }
  });
}
