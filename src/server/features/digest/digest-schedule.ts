import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig, DigestSchedule } from '../../config.js';
import { queryRows, type Database, type DatabaseKind } from '../../db/client.js';
import { isoWeek, runDigest, type DigestRunResult } from './digest.service.js';

/** How often an instance looks whether this week's digest is due. */
const CHECK_MS = 10 * 60_000;
/** The first look after start-up (a server that was down at the hour catches up). */
const FIRST_CHECK_MS = 30_000;
/** pg_try_advisory_xact_lock key of the digest run: one instance at a time works on it. */
export const DIGEST_LOCK_KEY = 7_413_001;

/** The latest scheduled moment at or before `now` (UTC). */
export function latestDigestMoment(now: Date, schedule: DigestSchedule): Date {
  const moment = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), schedule.hour));
  moment.setUTCDate(moment.getUTCDate() - ((now.getUTCDay() - schedule.day + 7) % 7));
  if (moment > now) moment.setUTCDate(moment.getUTCDate() - 7);
  return moment;
}

/**
 * Runs the digest unless another instance is running it (PostgreSQL: a transaction-scoped
 * advisory lock held for the run; PGlite: one process owns the database, so no lock is needed).
 * Returns null when another instance holds the lock.
 */
export async function runDigestOnce(
  db: Database,
  kind: DatabaseKind,
  config: Parameters<typeof runDigest>[1],
  options: Parameters<typeof runDigest>[2] = {},
): Promise<DigestRunResult | null> {
  if (kind === 'pglite') return runDigest(db, config, options);
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(tx as unknown as Database, sql`SELECT pg_try_advisory_xact_lock(${DIGEST_LOCK_KEY}) AS locked`);
    if (!lock?.locked) return null;
    // The work runs on other pool connections; this one only holds the lock until the end.
    return runDigest(db, config, options);
  });
}

/**
 * The weekly job in the server: every CHECK_MS (and once soon after start-up) it looks whether
 * this week's scheduled moment (config.digest, UTC) has passed without a run in this process,
 * and then runs the digest. A late start within the same ISO week catches up; the digest's
 * dedupe keys make a second run of the week (another instance, a restart) send nothing twice.
 */
export function startDigestSchedule(deps: {
  db: Database;
  kind: DatabaseKind;
  config: AppConfig;
  log: FastifyBaseLogger;
}): { stop(): Promise<void> } {
  const schedule = deps.config.digest;
  if (!schedule) return { stop: async () => undefined };
  let doneMoment = 0;
  let running: Promise<void> | null = null;
  const abort = new AbortController();

  const check = () => {
    if (running || abort.signal.aborted) return;
    const now = new Date();
    const moment = latestDigestMoment(now, schedule);
    if (moment.getTime() === doneMoment || isoWeek(moment) !== isoWeek(now)) return;
    running = runDigestOnce(deps.db, deps.kind, deps.config, { signal: abort.signal })
      .then((result) => {
        doneMoment = moment.getTime();
        if (result) deps.log.info({ digest: result }, `weekly digest ${result.week}: ${result.queued} mails queued for ${result.members} members in ${result.seconds.toFixed(1)} s`);
        else deps.log.info('weekly digest: another instance is running it');
      })
      .catch((err: unknown) => {
        if (!abort.signal.aborted) deps.log.error({ err }, 'weekly digest failed; retrying at the next check');
      })
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(check, FIRST_CHECK_MS);
  const timer = setInterval(check, CHECK_MS);
  first.unref();
  timer.unref();
  return {
    async stop() {
      abort.abort();
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
