import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import type { WebSocket } from 'ws';
import { RealtimeClientFrame, REALTIME_CLOSE, REALTIME_MAX_FRAME_BYTES, type RealtimeUnreadFrame } from '../../shared/schemas/realtime.js';
import { AppError, notFound } from '../errors.js';
import { DATABASE_CHANNELS, type RealtimeHub } from './hub.js';
import type { MemberEventEnvelope } from './member-events.js';
import type { PresenceTracker } from './presence.js';

/** How often the server pings each socket; one that has not answered the previous ping is dropped. */
export const HEARTBEAT_MS = 30_000;
/** Open sockets one member may hold on one instance (a tab each); more are refused. */
export const MAX_SOCKETS_PER_MEMBER = 20;

export interface RealtimeOptions {
  hub: RealtimeHub;
  trustedOrigins: readonly string[];
  heartbeatMs?: number;
  /** Records in the database which members have a socket here (for e-mails about new messages). */
  presence?: PresenceTracker;
  /** The registry of this instance's sockets, when someone else counts them too (the metrics). */
  sockets?: SocketRegistry;
  /** A member's unread counts, sent as each of their sockets' first frame (`RealtimeUnreadFrame`). */
  unreadCounts?: (userId: string) => Promise<Omit<RealtimeUnreadFrame, 'type'>>;
}

interface Connection {
  socket: WebSocket;
  userId: string;
  /** The upgrade request's headers: the session cookie, checked again when the member's sessions change. */
  headers: IncomingHttpHeaders;
  alive: boolean;
}

/**
 * The sockets of this instance's signed-in tabs, by member. Events reach them through the
 * hub's member-event channel, so a message committed on any instance lands here.
 */
export class SocketRegistry {
  private readonly byUser = new Map<string, Set<Connection>>();

  add(connection: Connection): boolean {
    let set = this.byUser.get(connection.userId);
    if (!set) {
      set = new Set();
      this.byUser.set(connection.userId, set);
    }
    if (set.size >= MAX_SOCKETS_PER_MEMBER) return false;
    set.add(connection);
    return true;
  }

  remove(connection: Connection): void {
    const set = this.byUser.get(connection.userId);
    set?.delete(connection);
    if (set?.size === 0) this.byUser.delete(connection.userId);
  }

  of(userId: string): Connection[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  all(): Connection[] {
    return [...this.byUser.values()].flatMap((set) => [...set]);
  }

  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }
}

function parseEnvelope(payload: string): MemberEventEnvelope | null {
  try {
    const value = JSON.parse(payload) as Partial<MemberEventEnvelope>;
    if (!Array.isArray(value.userIds) || typeof value.event !== 'object' || value.event === null) return null;
    return { userIds: value.userIds.filter((id): id is string => typeof id === 'string'), event: value.event };
  } catch {
    return null;
  }
}

function frameSize(data: Buffer | ArrayBuffer | Buffer[]): number {
  if (Array.isArray(data)) return data.reduce((n, b) => n + b.length, 0);
  return data.byteLength;
}

function frameText(data: Buffer | ArrayBuffer | Buffer[]): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data as ArrayBuffer).toString('utf8');
}

/**
 * `GET /api/realtime`: one WebSocket per signed-in tab (architecture.md, Realtime). The upgrade
 * is refused with 403 from an untrusted Origin. Without a session the socket opens and is closed
 * at once with 4401, as when a session ends: a tab racing a sign-out then sees the same close
 * code, not a failed handshake (which browsers log as an error). The server sends
 * events as JSON text frames; the client may only send `{"type":"ping"}`, anything else closes
 * that socket alone. Needs @fastify/websocket registered with `maxPayload`.
 */
export async function realtimeRoutes(app: FastifyInstance, options: RealtimeOptions): Promise<void> {
  const registry = options.sockets ?? new SocketRegistry();
  const allowed = new Set(options.trustedOrigins);

  const unsubscribeEvents = options.hub.subscribe(DATABASE_CHANNELS.memberEvent, (payload) => {
    const envelope = parseEnvelope(payload);
    if (!envelope) {
      app.log.warn('ignored a malformed member event');
      return;
    }
    const frame = JSON.stringify(envelope.event);
    for (const userId of envelope.userIds) {
      for (const connection of registry.of(userId)) {
        if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(frame);
      }
    }
  });

  // A member's sessions changed (sign-out, revocation, password reset): sockets whose session
  // no longer holds are closed. The session plugin has already forgotten its cached sessions.
  const recheck = async (connections: Connection[]) => {
    const byCookie = new Map<string, Connection[]>();
    for (const connection of connections) {
      const key = connection.headers.cookie ?? '';
      byCookie.set(key, [...(byCookie.get(key) ?? []), connection]);
    }
    for (const group of byCookie.values()) {
      const first = group[0];
      if (!first) continue;
      const viewer = await app.sessionViewer(first.headers).catch(() => undefined);
      if (viewer === undefined) continue; // the database did not answer: keep them, the next change rechecks
      for (const connection of group) {
        if (viewer?.userId !== connection.userId) connection.socket.close(REALTIME_CLOSE.unauthenticated, 'Session ended');
      }
    }
  };
  const unsubscribeSessions = options.hub.subscribe(DATABASE_CHANNELS.sessionsChanged, (userId) => {
    const connections = registry.of(userId);
    if (connections.length > 0) void recheck(connections);
  });
  // Notifications may have been lost with the LISTEN connection: every tab reconnects and refetches.
  options.hub.onGap(() => {
    for (const connection of registry.all()) connection.socket.close(REALTIME_CLOSE.resync, 'Missed events');
  });

  const heartbeat = setInterval(() => {
    for (const connection of registry.all()) {
      if (!connection.alive) {
        connection.socket.terminate();
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
    }
    if (registry.size > 0) void options.presence?.refresh();
  }, options.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();

  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    unsubscribeEvents();
    unsubscribeSessions();
    await options.presence?.clear();
  });

  const authorize = async (request: FastifyRequest) => {
    const origin = request.headers.origin;
    if (origin === undefined || !allowed.has(origin)) throw new AppError('FORBIDDEN', 'Cross-origin requests are not allowed.');
    // Read before the upgrade, so the socket is registered as soon as the client sees it open.
    await request.viewer();
  };

  app.route({
    method: 'GET',
    url: '/api/realtime',
    preValidation: authorize,
    // A plain HTTP GET (no Upgrade) is answered in the API's error format, not with an empty 404.
    handler: async () => {
      throw notFound('/api/realtime is a WebSocket: open it with an Upgrade request.');
    },
    wsHandler: async (socket, request) => {
      const viewer = await request.viewer();
      if (!viewer) {
        socket.close(REALTIME_CLOSE.unauthenticated, 'Sign in first');
        return;
      }
      const connection: Connection = { socket, userId: viewer.userId, headers: { cookie: request.headers.cookie }, alive: true };
      if (!registry.add(connection)) {
        socket.close(REALTIME_CLOSE.tooMany, 'Too many connections');
        return;
      }
      socket.on('pong', () => {
        connection.alive = true;
      });
      void options.presence?.joined(viewer.userId);
      socket.on('close', () => {
        registry.remove(connection);
        void options.presence?.left(viewer.userId);
      });
      socket.on('message', (data, isBinary) => {
        connection.alive = true;
        if (frameSize(data) > REALTIME_MAX_FRAME_BYTES) {
          socket.close(REALTIME_CLOSE.tooBig, 'Frame too big');
          return;
        }
        let frame: unknown;
        try {
          frame = isBinary ? undefined : JSON.parse(frameText(data));
        } catch {
          frame = undefined;
        }
        if (!RealtimeClientFrame.safeParse(frame).success) {
          socket.close(REALTIME_CLOSE.unsupported, 'Unsupported frame');
          return;
        }
        socket.send('{"type":"pong"}');
      });
      // Read once the socket is registered: what was committed before is in the counts, what
      // comes after arrives as events.
      if (options.unreadCounts) void sendUnreadCounts(socket, viewer.userId, options.unreadCounts);
    },
  });
}

async function sendUnreadCounts(socket: WebSocket, userId: string, read: NonNullable<RealtimeOptions['unreadCounts']>): Promise<void> {
  let frame: RealtimeUnreadFrame;
  try {
    frame = { type: 'unread.counts', ...(await read(userId)) };
  } catch {
    return; // the database did not answer: the tab's own reads and polls still count
  }
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
}

/**
 * Errors on an established socket (a client vanishing mid-frame, a frame over maxPayload): `ws`
 * has already closed that socket (1009 for a frame too big); nothing else is touched.
 */
export function onSocketError(this: FastifyInstance, error: Error): void {
  this.log.debug({ err: error }, 'realtime socket error');
}
