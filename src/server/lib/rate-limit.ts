import { sql, type SQL } from 'drizzle-orm';
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
  const rows = await queryRows<{ count: number; last_request: string | number }>(
    db,
    countAttemptsStatement(sql`(SELECT ${key}::text AS key, 1 AS n)`, windowSeconds, now),
  );
  const row = rows[0];
  const count = Number(row?.count ?? 1);
  const started = Number(row?.last_request ?? now);
  return { allowed: count <= max, retryAfter: retryAfterSeconds(started, windowSeconds, now) };
}

/**
 * The statement that counts `n` attempts for each `key` of `source` (a subquery or CTE name
 * yielding `key` and `n`, keys without the `app:` prefix) in a fixed window of
 * `windowSeconds`, returning `key`, `count` (the window's count once these attempts are added)
 * and `last_request` (the window's start, epoch ms). Keys are upserted in sorted order, so two
 * instances counting overlapping batches cannot deadlock. The row id is random, never the key:
 * ON CONFLICT settles a race only on its own index (`key`), so two first attempts at once with
 * id = key would fail on the primary key instead (a 500 seen on PostgreSQL). Usable as a CTE.
 */
export function countAttemptsStatement(source: SQL, windowSeconds: number, now: number): SQL {
  const windowStart = now - windowSeconds * 1000;
  return sql`INSERT INTO rate_limits (id, key, count, last_request)
    SELECT gen_random_uuid()::text, 'app:' || a.key, a.n, ${now} FROM ${source} AS a ORDER BY a.key
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.last_request < ${windowStart} THEN excluded.count ELSE rate_limits.count + excluded.count END,
      last_request = CASE WHEN rate_limits.last_request < ${windowStart} THEN ${now} ELSE rate_limits.last_request END
    RETURNING substr(key, 5) AS key, count, last_request`;
}

/**
 * Seconds until a window that started at `started` (epoch ms) resets: 1 to `windowSeconds`
 * (an attempt whose clock read came a moment before the one that opened the window would
 * otherwise be told a second more).
 */
export function retryAfterSeconds(started: number, windowSeconds: number, now: number): number {
  return Math.min(windowSeconds, Math.max(1, Math.ceil((started + windowSeconds * 1000 - now) / 1000)));
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
