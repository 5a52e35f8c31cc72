import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.js';

/** The outcome of counting one attempt against a limit. */
export interface RateLimitDecision {
  allowed: boolean;
  /** Seconds until the window resets. */
  retryAfter: number;
}

/**
 * Counts one attempt for `key` in a fixed window, atomically, in the database (the same
 * `rate_limits` table better-auth uses, under our own `app:` keys), so the limit holds across
 * server instances.
 */
export async function consumeRateLimit(db: Database, key: string, windowSeconds: number, max: number): Promise<RateLimitDecision> {
  const now = Date.now();
  const windowStart = now - windowSeconds * 1000;
  const id = `app:${key}`;
  const rows = await queryRows<{ count: number; last_request: string | number }>(
    db,
    sql`
    INSERT INTO rate_limits (id, key, count, last_request) VALUES (${id}, ${id}, 1, ${now})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.last_request < ${windowStart} THEN 1 ELSE rate_limits.count + 1 END,
      last_request = CASE WHEN rate_limits.last_request < ${windowStart} THEN ${now} ELSE rate_limits.last_request END
    RETURNING count, last_request`,
  );
  const row = rows[0];
  const count = Number(row?.count ?? 1);
  const started = Number(row?.last_request ?? now);
  return { allowed: count <= max, retryAfter: Math.max(1, Math.ceil((started + windowSeconds * 1000 - now) / 1000)) };
}
