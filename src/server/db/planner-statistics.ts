import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Database } from './client.js';

/** How often the embedded database's tables are checked for stale planner statistics. */
export const STATISTICS_CHECK_MS = 10 * 60_000;

/**
 * Analyzes the tables that changed enough since their last ANALYZE, by autovacuum's default
 * rule (more than 50 rows plus a tenth of the table written), one statement each, and names
 * them. PGlite runs no autovacuum: without this an embedded community that was not seeded
 * (every real one) never had planner statistics, and one seeded while tables were empty kept
 * planning them as empty (bench/RESULTS.md, 2026-11-28). The write counters are flushed first
 * (PGlite reports them lazily).
 */
export async function analyzeStaleTables(db: Database): Promise<string[]> {
  await db.execute(sql`SELECT pg_stat_force_next_flush()`);
  const stale = await queryRows<{ relname: string }>(
    db,
    sql`SELECT s.relname FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
        WHERE s.schemaname = 'public' AND s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)
        ORDER BY s.relname`,
  );
  // One table at a time: requests take their turns between them (PGlite runs one statement at once).
  for (const { relname } of stale) await db.execute(sql`ANALYZE ${sql.identifier(relname)}`);
  return stale.map((row) => row.relname);
}

/** Checks at start and every `STATISTICS_CHECK_MS` (the embedded database only: PostgreSQL has autovacuum). */
export function keepPlannerStatistics(db: Database, log: FastifyBaseLogger): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const check = () => {
    running ??= analyzeStaleTables(db)
      .then((tables) => {
        if (tables.length > 0) log.info({ tables }, 'planner statistics updated');
      })
      .catch((err: unknown) => log.warn({ err }, 'planner statistics: ANALYZE failed'))
      .finally(() => (running = null));
  };
  const first = setTimeout(check, 1_000);
  const timer = setInterval(check, STATISTICS_CHECK_MS);
  first.unref();
  timer.unref();
  return {
    /** Stops the timers and waits for a check under way. */
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
