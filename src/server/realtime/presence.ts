import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';

/**
 * A presence row counts while its instance refreshed it this recently: three socket heartbeats
 * (30 s each), so a crashed instance's sockets stop counting within 90 s.
 */
export const PRESENCE_TTL_SECONDS = 90;

/**
 * SQL that is true when the member (`userId`, an SQL expression or value) has an open realtime
 * connection on any live instance. One primary-key lookup.
 */
export function isOnlineSql(userId: unknown) {
  return sql`EXISTS (SELECT 1 FROM realtime_presence p
                     WHERE p.user_id = ${userId} AND p.seen_at > now() - make_interval(secs => ${PRESENCE_TTL_SECONDS}))`;
}

/**
 * This instance's share of `realtime_presence`: a row per member with at least one open socket
 * here. Writes happen only when a member's first socket opens or last one closes (serialised
 * per member, so the stored state is always the latest), plus one UPDATE per heartbeat.
 */
export class PresenceTracker {
  readonly instanceId = randomUUID();
  private readonly counts = new Map<string, number>();
  private readonly pending = new Map<string, Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  joined(userId: string): Promise<void> {
    const n = (this.counts.get(userId) ?? 0) + 1;
    this.counts.set(userId, n);
    return n === 1 ? this.sync(userId) : (this.pending.get(userId) ?? Promise.resolve());
  }

  left(userId: string): Promise<void> {
    const n = (this.counts.get(userId) ?? 0) - 1;
    if (n > 0) {
      this.counts.set(userId, n);
      return Promise.resolve();
    }
    this.counts.delete(userId);
    return this.sync(userId);
  }

  /** Writes whether `userId` is here now, after any earlier write for them. */
  private sync(userId: string): Promise<void> {
    const previous = this.pending.get(userId) ?? Promise.resolve();
    const next = previous.then(async () => {
      try {
        const sockets = this.counts.get(userId) ?? 0;
        if (sockets > 0) {
          await this.db.execute(sql`INSERT INTO realtime_presence (instance_id, user_id, sockets, seen_at)
                                    VALUES (${this.instanceId}, ${userId}, ${sockets}, now())
                                    ON CONFLICT (user_id, instance_id) DO UPDATE SET sockets = excluded.sockets, seen_at = now()`);
        } else {
          await this.db.execute(sql`DELETE FROM realtime_presence WHERE instance_id = ${this.instanceId} AND user_id = ${userId}`);
        }
      } catch (err) {
        this.log.warn({ err, userId }, 'could not record realtime presence');
      }
    });
    this.pending.set(userId, next);
    void next.then(() => {
      if (this.pending.get(userId) === next) this.pending.delete(userId);
    });
    return next;
  }

  /** Keeps this instance's rows alive (called on every socket heartbeat). */
  async refresh(): Promise<void> {
    await this.db
      .execute(sql`UPDATE realtime_presence SET seen_at = now() WHERE instance_id = ${this.instanceId}`)
      .catch((err: unknown) => this.log.warn({ err }, 'could not refresh realtime presence'));
  }

  /** On close: this instance holds no sockets any more. */
  async clear(): Promise<void> {
    await Promise.all(this.pending.values());
    this.counts.clear();
    await this.db
      .execute(sql`DELETE FROM realtime_presence WHERE instance_id = ${this.instanceId}`)
      .catch((err: unknown) => this.log.warn({ err }, 'could not clear realtime presence'));
  }
}
