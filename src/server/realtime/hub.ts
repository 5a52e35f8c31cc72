import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client.js';

/**
 * Channels the database notifies on by itself, from triggers (migration 0003), whichever
 * instance, script or operator made the change.
 */
export const DATABASE_CHANNELS = {
  /** A table that lists of posts show or filter on changed; the payload is the table name. */
  contentChanged: 'skillswap_content_changed',
  /** A member's sessions or user row changed; the payload is the user id. */
  sessionsChanged: 'skillswap_sessions_changed',
  /** An event for some members' open tabs (member-events.ts); the payload is JSON. */
  memberEvent: 'skillswap_member_event',
  /** A mail was queued (mail/queue.ts): the instances' mail workers look for due mail at once. */
  mailQueued: 'skillswap_mail_queued',
} as const;

export type Channel = (typeof DATABASE_CHANNELS)[keyof typeof DATABASE_CHANNELS];

/**
 * The one place events travel through (architecture.md, Realtime): PostgreSQL LISTEN/NOTIFY,
 * so every instance on one database hears every other; on PGlite the same code runs in one
 * process. Caches subscribe here to forget what changed; the WebSocket fan-out joins later.
 */
export interface RealtimeHub {
  /**
   * Calls `handler` for every notification on `channel`, from this instance or any other;
   * returns the unsubscribe function. Subscribing never touches the database.
   */
  subscribe(channel: Channel, handler: (payload: string) => void): () => void;
  /** Sends a notification on `channel` to every instance, this one included. */
  publish(channel: Channel, payload: string): Promise<void>;
  /** Called when notifications may have been missed (the LISTEN connection was lost). */
  onGap(handler: () => void): void;
}

/**
 * Listens to every channel once, at start-up, and fans notifications out in this process: a
 * subscription made later (a WebSocket, say) can never race a LISTEN reconnection and open a
 * second listening connection.
 */
export async function createHub(database: DatabaseHandle): Promise<RealtimeHub> {
  const handlers = new Map<Channel, Set<(payload: string) => void>>();
  for (const channel of Object.values(DATABASE_CHANNELS)) {
    const subscribers = new Set<(payload: string) => void>();
    handlers.set(channel, subscribers);
    await database.listen(channel, (payload) => {
      for (const handler of subscribers) handler(payload);
    });
  }
  return {
    subscribe(channel, handler) {
      const subscribers = handlers.get(channel);
      subscribers?.add(handler);
      return () => subscribers?.delete(handler);
    },
    async publish(channel, payload) {
      await database.db.execute(sql`SELECT pg_notify(${channel}, ${payload})`);
    },
    onGap(handler) {
      database.onNotificationGap(handler);
    },
  };
}
