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
} as const;

export type Channel = (typeof DATABASE_CHANNELS)[keyof typeof DATABASE_CHANNELS];

/**
 * The one place events travel through (architecture.md, Realtime): PostgreSQL LISTEN/NOTIFY,
 * so every instance on one database hears every other; on PGlite the same code runs in one
 * process. Caches subscribe here to forget what changed; the WebSocket fan-out joins later.
 */
export interface RealtimeHub {
  /** Calls `handler` for every notification on `channel`, from this instance or any other. */
  subscribe(channel: Channel, handler: (payload: string) => void): Promise<void>;
  /** Sends a notification on `channel` to every instance, this one included. */
  publish(channel: Channel, payload: string): Promise<void>;
  /** Called when notifications may have been missed (the LISTEN connection was lost). */
  onGap(handler: () => void): void;
}

export function createHub(database: DatabaseHandle): RealtimeHub {
  return {
    async subscribe(channel, handler) {
      await database.listen(channel, handler);
    },
    async publish(channel, payload) {
      await database.db.execute(sql`SELECT pg_notify(${channel}, ${payload})`);
    },
    onGap(handler) {
      database.onNotificationGap(handler);
    },
  };
}
