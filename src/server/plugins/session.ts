import { fromNodeHeaders } from 'better-auth/node';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { unauthenticated } from '../errors.js';
import type { Auth } from '../features/auth/auth.js';
import { DATABASE_CHANNELS, type RealtimeHub } from '../realtime/hub.js';

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
  interface FastifyInstance {
    /**
     * The member whose session cookie is in `headers`, or null: the same lookup as
     * `request.viewer()`, for a long-lived connection that checks its session again later.
     */
    sessionViewer(headers: IncomingHttpHeaders): Promise<Viewer | null>;
  }
}

/**
 * How long a session better-auth confirmed is trusted without asking the database again.
 * Revocations normally reach every instance within milliseconds (database triggers notify on
 * every session delete and user change); this bounds the lag if a notification is ever lost.
 */
export const SESSION_CACHE_TTL_MS = 10_000;

/**
 * The same bound on the embedded database: one process holds the database and every listener,
 * so a revocation's notification cannot be lost on the way, and a busy member's session is
 * read again every few minutes rather than every 10 s (under a chat load of 500 members that
 * was as many statements as the messages themselves).
 */
export const EMBEDDED_SESSION_CACHE_TTL_MS = 300_000;
const SESSION_CACHE_MAX = 20_000;

interface CachedSession {
  viewer: Viewer;
  /** The session's own expiry (epoch ms). */
  expiresAt: number;
}

/**
 * Sessions are better-auth's: it issues, validates and revokes them in the database. This
 * keeps, per instance, which signed session cookies better-auth confirmed a moment ago, so a
 * busy member's requests don't each cost a session read. An entry is forgotten when its
 * member's sessions or user row change (on this instance at once, through the hub on every
 * other), after `ttlMs` (SESSION_CACHE_TTL_MS unless said), or when the session expires.
 */
export class SessionCache {
  private readonly entries: LRUCache<string, CachedSession>;

  constructor(ttlMs = SESSION_CACHE_TTL_MS) {
    this.entries = new LRUCache<string, CachedSession>({
      max: SESSION_CACHE_MAX,
      ttl: ttlMs,
      dispose: (entry, cookie) => {
        const cookies = this.byUser.get(entry.viewer.userId);
        cookies?.delete(cookie);
        if (cookies?.size === 0) this.byUser.delete(entry.viewer.userId);
      },
    });
  }

  private readonly byUser = new Map<string, Set<string>>();
  /** Bumped by every forget, so a lookup that raced with a revocation is not cached. */
  private epoch = 0;

  get(cookie: string, now = Date.now()): Viewer | undefined {
    const entry = this.entries.get(cookie);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.entries.delete(cookie);
      return undefined;
    }
    return entry.viewer;
  }

  /** The epoch to pass to `set` once the lookup started now has answered. */
  begin(): number {
    return this.epoch;
  }

  set(cookie: string, entry: CachedSession, startedAt: number): void {
    if (startedAt !== this.epoch) return;
    this.entries.set(cookie, entry);
    let cookies = this.byUser.get(entry.viewer.userId);
    if (!cookies) {
      cookies = new Set();
      this.byUser.set(entry.viewer.userId, cookies);
    }
    cookies.add(cookie);
  }

  forgetUser(userId: string): void {
    this.epoch += 1;
    for (const cookie of [...(this.byUser.get(userId) ?? [])]) this.entries.delete(cookie);
    this.byUser.delete(userId);
  }

  clear(): void {
    this.epoch += 1;
    this.entries.clear();
    this.byUser.clear();
  }
}

/** The value of cookie `name` in a Cookie header, exactly as sent. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

const perRequest = new WeakMap<FastifyRequest, Promise<Viewer | null>>();

/** Adds `request.viewer()`, backed by better-auth's database sessions and a `SessionCache`. */
export async function registerSession(app: FastifyInstance, auth: Auth, hub: RealtimeHub, sessions: SessionCache): Promise<void> {
  const cookieName = (await auth.$context).authCookies.sessionToken.name;
  hub.subscribe(DATABASE_CHANNELS.sessionsChanged, (userId) => sessions.forgetUser(userId));
  hub.onGap(() => sessions.clear());

  /**
   * Lookups on their way to the database, by cookie: a busy member's requests that arrive
   * together (their cache entry just expired) share one. Shared only within one epoch, so a
   * request that comes after a revocation never takes an answer read before it.
   */
  const inFlight = new Map<string, { epoch: number; viewer: Promise<Viewer | null> }>();

  function lookup(headers: IncomingHttpHeaders): Promise<Viewer | null> {
    const cookie = cookieValue(headers.cookie, cookieName);
    if (!cookie) return Promise.resolve(null);
    const cached = sessions.get(cookie);
    if (cached) return Promise.resolve(cached);
    const epoch = sessions.begin();
    const pending = inFlight.get(cookie);
    if (pending && pending.epoch === epoch) return pending.viewer;
    const viewer = confirm(cookie, headers, epoch).finally(() => {
      if (inFlight.get(cookie)?.viewer === viewer) inFlight.delete(cookie);
    });
    inFlight.set(cookie, { epoch, viewer });
    return viewer;
  }

  /** Asks better-auth about the session and caches the answer (unless a forget came meanwhile). */
  async function confirm(cookie: string, headers: IncomingHttpHeaders, epoch: number): Promise<Viewer | null> {
    const found = await auth.api.getSession({ headers: fromNodeHeaders(headers) });
    if (!found) return null;
    const viewer: Viewer = {
      userId: found.user.id,
      email: found.user.email,
      name: found.user.name,
      emailVerified: found.user.emailVerified,
    };
    sessions.set(cookie, { viewer, expiresAt: new Date(found.session.expiresAt).getTime() }, epoch);
    return viewer;
  }

  app.decorate('sessionViewer', lookup);
  app.decorateRequest('viewer', function (this: FastifyRequest) {
    let pending = perRequest.get(this);
    if (!pending) {
      pending = lookup(this.headers);
      perRequest.set(this, pending);
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
