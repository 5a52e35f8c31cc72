import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { queryRows, type Database } from '../db/client.js';
import { AppError } from '../errors.js';
import type { CacheCounts } from '../features/posts/kept-post-lists.js';

export const METRICS_PATH = '/api/metrics';

export interface MetricsOptions {
  /** METRICS_TOKEN; unset, nothing is collected and the endpoint answers 404 like an unknown route. */
  token: string | undefined;
  db: Database;
  /** Open realtime WebSockets on this instance (realtime/socket.ts's registry). */
  openSockets: () => number;
  /** The shared caches' counts on this instance: search hits, match rankings, post cards and authors' signals. */
  caches: Record<'search' | 'match' | 'card' | 'signal', () => CacheCounts>;
}

const LABELS = ['method', 'route', 'status_class'] as const;

/**
 * `GET /api/metrics` in Prometheus text format, for the operator's scraper, behind
 * `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise; 404 while no token is configured).
 * Each app has its own prom-client registry (tests build many apps in one process):
 * - `http_requests_total` and `http_request_duration_seconds` (histogram) by method, route
 *   pattern (`/api/posts/:id`, never the raw URL; `unmatched` for 404s) and status class;
 * - `http_requests_abandoned_total` by method and route pattern: requests whose client left
 *   before the answer (under overload, the ones users gave up on);
 * - `skillswap_realtime_connections`: open WebSockets on this instance;
 * - `skillswap_search_cache_lookups_total`, `..._reads_total`, `..._taken_in_total` and
 *   `..._emptied_total`, and the same `skillswap_match_cache_*`: text searches asked of the shared
 *   search hits (match rankings asked), lists read from the database (the rest were answered from
 *   the cache), new posts taken in, and times the cache was emptied by a change; the same
 *   `skillswap_card_cache_*` and `skillswap_signal_cache_*` for post cards and authors' response
 *   signals (lookups and reads count posts and authors);
 * - `skillswap_mail_outbox_pending`: mails in the outbox not yet sent nor given up (every
 *   instance sees the same number: it is read from the database on each scrape);
 * - the default Node process metrics (CPU, memory, event loop lag, GC, handles).
 * Call on the root instance before any route, so its hooks see every route.
 */
export function registerMetrics(app: FastifyInstance, options: MetricsOptions): void {
  const { token } = options;
  if (token === undefined) {
    app.get(METRICS_PATH, async () => {
      throw new AppError('NOT_FOUND', `No API route GET ${METRICS_PATH}`);
    });
    return;
  }

  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class.',
    labelNames: LABELS,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its response, by method, route pattern and status class.',
    labelNames: LABELS,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'skillswap_realtime_connections',
    help: 'Open realtime WebSocket connections of signed-in members on this instance.',
    registers: [registry],
    collect() {
      this.set(options.openSockets());
    },
  });
  new Gauge({
    name: 'skillswap_mail_outbox_pending',
    help: 'E-mails in the outbox (mail_queue) neither sent nor given up, all instances together; NaN when the database did not answer.',
    registers: [registry],
    async collect() {
      try {
        const [row] = await queryRows<{ pending: number }>(
          options.db,
          // The worker's partial index (mail_queue_due_idx) covers exactly these rows.
          sql`SELECT count(*)::int AS pending FROM mail_queue WHERE sent_at IS NULL AND failed_at IS NULL`,
        );
        this.set(row?.pending ?? 0);
      } catch (err) {
        app.log.warn({ err }, 'metrics: could not count the mail outbox');
        this.set(Number.NaN);
      }
    },
  });

  const cacheCounts: [keyof CacheCounts, string, string][] = [
    ['lookups', 'lookups', 'asked of the cache'],
    ['reads', 'reads', 'worked out by the database: the lookups the cache could not answer'],
    ['takenIn', 'taken_in', 'new posts taken into a kept entry'],
    ['emptied', 'emptied', 'times the cache was emptied by a change'],
  ];
  const caches = [
    ['search', "Text searches (search, the feed's text filter)"],
    ['match', 'Match rankings (matches, the compatibility feed)'],
    ['card', 'Post cards (every list of posts)'],
    ['signal', "Authors' response signals (every list of posts)"],
  ] as const;
  for (const [cache, what] of caches) {
    for (const [key, name, help] of cacheCounts) {
      new Counter({
        name: `skillswap_${cache}_cache_${name}_total`,
        help: `${what}: ${help}.`,
        registers: [registry],
        collect() {
          this.reset();
          this.inc(options.caches[cache]()[key]);
        },
      });
    }
  }

  const abandoned = new Counter({
    name: 'http_requests_abandoned_total',
    help: 'Requests whose client closed the connection before their answer was sent (a timeout, a lost signal), by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    registers: [registry],
  });
  app.addHook('onRequestAbort', async (request) => {
    abandoned.inc({ method: request.method, route: routeLabel(request) });
  });

  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: routeLabel(request), status_class: `${Math.floor(reply.statusCode / 100)}xx` };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  const expected = digest(token);
  app.get(METRICS_PATH, async (request: FastifyRequest, reply: FastifyReply) => {
    const presented = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '')?.[1];
    if (presented === undefined || !timingSafeEqual(digest(presented), expected)) {
      reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
      throw new AppError('UNAUTHENTICATED', 'A valid metrics token is required.');
    }
    const text = await registry.metrics();
    return reply.header('Cache-Control', 'no-store').type(registry.contentType).send(text);
  });
}

/** The route pattern a request matched: bounded label values, whatever URLs clients send. */
function routeLabel(request: FastifyRequest): string {
  if (request.is404) return 'unmatched';
  return request.routeOptions.url ?? 'unmatched';
}

/** Equal-length digests, so comparing them takes the same time whatever was presented. */
function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
