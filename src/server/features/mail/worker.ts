import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { MailRetry } from '../../config.js';
import { queryRows, type Database } from '../../db/client.js';
import { DATABASE_CHANNELS, type RealtimeHub } from '../../realtime/hub.js';
import type { Mail, Mailer } from './mailer.js';

/** Rows claimed at once. */
const BATCH = 20;
/** A claimed row is this long out of other workers' sight; a worker that dies mid-send leaves it to be retried then. */
const LEASE_SECONDS = 300;
/** Looks for due mail at least this often even when nothing wakes it (a missed notification, a retry due). */
const IDLE_POLL_MS = 60_000;

interface QueueRow {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  reply_to: string | null;
  headers: Record<string, string> | null;
  attempts: number;
}

/** The delay before retry number `attempts` (1-based): base, 2 x base, 4 x base..., at most maxMs. */
export function retryDelayMs(retry: MailRetry, attempts: number): number {
  return Math.min(retry.maxMs, retry.baseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * How long until the next unsent mail is due, in ms (0: due now), or null with nothing waiting.
 * (SQL's greatest() skips nulls: greatest(0, NULL) is 0, which once made an idle worker look
 * again every 50 ms, two statements each time, on an empty outbox.)
 */
export async function msUntilDueMail(db: Database): Promise<number | null> {
  const [next] = await queryRows<{ wait_ms: number | string | null }>(
    db,
    sql`SELECT extract(epoch FROM min(next_attempt_at) - now())::float8 * 1000 AS wait_ms
        FROM mail_queue WHERE sent_at IS NULL AND failed_at IS NULL`,
  );
  return next?.wait_ms == null ? null : Math.max(0, Number(next.wait_ms));
}

export interface MailWorker {
  /** Looks for due mail now (also done on every `mailQueued` notification). */
  wake(): void;
  /** Stops the timer and waits for the batch being sent. */
  stop(): Promise<void>;
}

/**
 * The outbox's worker, one per instance: claims due `mail_queue` rows (FOR UPDATE SKIP LOCKED,
 * so instances never take the same row; claiming pushes `next_attempt_at` out by a lease and
 * counts the attempt), sends each through the mailer, then marks it sent, or records the error
 * and the next attempt with exponential backoff, or gives up with `failed_at` after
 * `retry.maxAttempts`. Delivery is at least once: an instance that dies between sending and
 * marking sends that mail again after the lease.
 */
export function startMailWorker(deps: { db: Database; mailer: Mailer; hub: RealtimeHub; log: FastifyBaseLogger; retry: MailRetry }): MailWorker {
  const { db, mailer, hub, log, retry } = deps;
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  const claim = () =>
    queryRows<QueueRow>(
      db,
      sql`UPDATE mail_queue SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
          WHERE id IN (SELECT id FROM mail_queue
                       WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
                       ORDER BY next_attempt_at LIMIT ${BATCH}
                       FOR UPDATE SKIP LOCKED)
          RETURNING id, to_address, subject, text_body, html_body, reply_to, headers, attempts`,
    );

  async function deliver(row: QueueRow): Promise<void> {
    const mail: Mail = { to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body };
    if (row.reply_to) mail.replyTo = row.reply_to;
    if (row.headers) mail.headers = row.headers;
    try {
      await mailer.send(mail);
      await db.execute(sql`UPDATE mail_queue SET sent_at = now(), last_error = NULL WHERE id = ${row.id}`);
    } catch (err) {
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
      if (row.attempts >= retry.maxAttempts) {
        log.error({ err, mailId: row.id, to: row.to_address, attempts: row.attempts }, 'mail given up after the last attempt');
        await db.execute(sql`UPDATE mail_queue SET failed_at = now(), last_error = ${message} WHERE id = ${row.id}`);
      } else {
        const delay = retryDelayMs(retry, row.attempts);
        log.warn({ err, mailId: row.id, to: row.to_address, attempts: row.attempts, retryInMs: delay }, 'mail not sent; will retry');
        await db.execute(
          sql`UPDATE mail_queue SET last_error = ${message}, next_attempt_at = now() + make_interval(secs => ${delay / 1000})
              WHERE id = ${row.id}`,
        );
      }
    }
  }

  /** Sends until nothing is due, then sleeps until the next retry is due (or IDLE_POLL_MS). */
  async function drain(): Promise<void> {
    do {
      again = false;
      for (;;) {
        if (stopped) return;
        const rows = await claim();
        if (rows.length === 0) break;
        for (const row of rows) await deliver(row);
      }
    } while (again && !stopped);
    const due = await msUntilDueMail(db);
    schedule(due === null ? IDLE_POLL_MS : Math.min(IDLE_POLL_MS, due + 50));
  }

  function schedule(ms: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(wake, ms);
    timer.unref();
  }

  function wake() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((err: unknown) => {
        log.error({ err }, 'mail worker failed; trying again shortly');
        schedule(Math.min(IDLE_POLL_MS, retry.baseMs));
      })
      .finally(() => {
        running = null;
        if (again) wake();
      });
  }

  const unsubscribe = hub.subscribe(DATABASE_CHANNELS.mailQueued, wake);
  hub.onGap(wake);
  wake();

  return {
    wake,
    async stop() {
      stopped = true;
      unsubscribe();
      clearTimeout(timer);
      await running;
    },
  };
}
