import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.js';
import { RateLimitedError } from '../errors.js';

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

/** '1 minute', '12 minutes': how long until an hourly limit lets the member write again. */
export function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/**
 * Counts one write of a member against an hourly limit (`max` 0 = no limit) and throws a
 * RateLimitedError (429 with Retry-After) once it is spent; `message` gets the wait as text.
 */
export async function enforceHourlyLimit(db: Database, key: string, max: number, message: (wait: string) => string): Promise<void> {
  if (max <= 0) return;
  const limit = await consumeRateLimit(db, key, 3600, max);
  if (!limit.allowed) throw new RateLimitedError(message(waitText(limit.retryAfter)), limit.retryAfter);
}

/**
 * Counts one write of a member against a limit per `windowSeconds` (`max` 0 = no limit) and
 * throws a RateLimitedError (429 with Retry-After) with `message` once it is spent.
 */
export async function enforceWindowLimit(db: Database, key: string, windowSeconds: number, max: number, message: string): Promise<void> {
  if (max <= 0) return;
  const limit = await consumeRateLimit(db, key, windowSeconds, max);
  if (!limit.allowed) throw new RateLimitedError(message, limit.retryAfter);
}
