import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthenticated } from '../errors.js';
import type { Auth } from '../features/auth/auth.js';

/** The signed-in member making a request. */
export interface Viewer {
  userId: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member, read from the session cookie once per request; null when signed out. */
    viewer(): Promise<Viewer | null>;
  }
}

const cache = new WeakMap<FastifyRequest, Promise<Viewer | null>>();

/** Adds `request.viewer()`, backed by better-auth's database sessions. */
export function registerSession(app: FastifyInstance, auth: Auth): void {
  app.decorateRequest('viewer', function (this: FastifyRequest) {
    let pending = cache.get(this);
    if (!pending) {
      pending = auth.api.getSession({ headers: fromNodeHeaders(this.headers) }).then((s) =>
        s ? { userId: s.user.id, email: s.user.email, name: s.user.name, emailVerified: s.user.emailVerified } : null,
      );
      cache.set(this, pending);
    }
    return pending;
  });
}

/** The signed-in member, or a 401 'User not authenticated'. */
export async function requireViewer(request: FastifyRequest): Promise<Viewer> {
  const viewer = await request.viewer();
  if (!viewer) throw unauthenticated();
  return viewer;
}
