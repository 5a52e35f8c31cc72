import compress from '@fastify/compress';
import websocket from '@fastify/websocket';
import type { Writable } from 'node:stream';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import pinoPretty from 'pino-pretty';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { blockRoutes } from './features/blocks/blocks.routes.js';
import { startDigestSchedule } from './features/digest/digest-schedule.js';
import { categoryRoutes } from './features/categories/categories.routes.js';
import { geoRoutes } from './features/geo/geo.routes.js';
import { healthRoutes } from './features/health/health.routes.js';
import { legalRoutes } from './features/legal/legal.routes.js';
import { accountRoutes } from './features/auth/account.routes.js';
import { accountExportRoutes } from './features/account/account-export.routes.js';
import { accountDeleteRoutes } from './features/account/account-delete.routes.js';
import { createAuth } from './features/auth/auth.js';
import { authRoutes } from './features/auth/auth.routes.js';
import { createMailer } from './features/mail/mailer.js';
import { mailboxRoutes } from './features/mail/mailbox.routes.js';
import { memberMailContext, type MemberMailContext } from './features/mail/member-mails.js';
import { startMailWorker, type MailWorker } from './features/mail/worker.js';
import { unsubscribeRoutes } from './features/unsubscribe/unsubscribe.routes.js';
import { PresenceTracker } from './realtime/presence.js';
import { profileRoutes } from './features/profiles/profiles.routes.js';
import { uploadRoutes } from './features/uploads/uploads.routes.js';
import { messageRoutes } from './features/messages/messages.routes.js';
import { unreadMessageCount } from './features/messages/messages.service.js';
import { proposalRoutes } from './features/messages/proposals.routes.js';
import { matchingRoutes } from './features/matching/matching.routes.js';
import { notificationRoutes } from './features/notifications/notifications.routes.js';
import { unreadCount } from './features/notifications/notifications.service.js';
import { PostCards } from './features/posts/post-cards.js';
import { ViewerStates } from './features/posts/viewer-states.js';
import { messageWriter } from './features/messages/message-writer.js';
import { CategoryMatches } from './features/posts/category-matches.js';
import { ProfileViews } from './features/profiles/profile-views.js';
import { keepPlannerStatistics } from './db/planner-statistics.js';
import { FeedCache } from './features/posts/feed-cache.js';
import { SearchHits } from './features/search/search-hits.js';
import { MatchRankings } from './features/matching/match-rankings.js';
import { checksListAnswers } from './lib/list-json.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { postRoutes } from './features/posts/posts.routes.js';
import { ratingRoutes } from './features/ratings/ratings.routes.js';
import { reportRoutes } from './features/reports/reports.routes.js';
import { supportRoutes } from './features/support/support.routes.js';
import { networkRoutes } from './features/network/network.routes.js';
import { requestRoutes } from './features/requests/requests.routes.js';
import { searchRoutes } from './features/search/search.routes.js';
import { SearchPeople } from './features/search/search-people.js';
import { settingsRoutes } from './features/settings/settings.routes.js';
import { verificationRoutes } from './features/verification/verification.routes.js';
import { answerClientError, answerFrameworkError, registerErrorHandling } from './plugins/errors.js';
import { trackInFlight } from './plugins/in-flight.js';
import { registerRouteTable } from './plugins/route-table.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { registerOverloadGate } from './plugins/overload.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerMetrics } from './plugins/metrics.js';
import { registerRequestId, requestIdFor } from './plugins/request-id.js';
import { registerOriginCheck } from './plugins/origin-check.js';
import { EMBEDDED_SESSION_CACHE_TTL_MS, registerSession, SESSION_CACHE_TTL_MS, SessionCache } from './plugins/session.js';
import { createHub } from './realtime/hub.js';
import { onSocketError, realtimeRoutes, SocketRegistry } from './realtime/socket.js';
import { REALTIME_MAX_FRAME_BYTES } from '../shared/schemas/realtime.js';
import { registerWebApp } from './plugins/web-app.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: DatabaseHandle;
  }
}

/** How long shutdown waits for running handlers (main.ts exits after 10 s in all). */
const SHUTDOWN_DRAIN_MS = 5_000;
/** How long answers already sent get to finish going out before shutdown closes their connections. */
const SHUTDOWN_WRITE_GRACE_MS = 1_000;

export interface BuildAppOptions {
  /** An already open database; when omitted the app opens (and on close, closes) its own. */
  database?: DatabaseHandle;
  /** Where log lines go (tests read them); standard output when omitted. */
  logStream?: Writable;
}

/**
 * A person at a terminal reads one coloured line per entry (written synchronously, so the last
 * lines before an exit are not lost); anything else (a file, a log collector) gets JSON lines.
 */
function logDestination(config: AppConfig, stream: Writable | undefined): { stream?: Writable } {
  if (config.logFormat === 'json') return stream ? { stream } : {};
  return {
    stream: pinoPretty({
      colorize: stream === undefined,
      sync: true,
      translateTime: 'SYS:HH:MM:ss.l',
      // Fastify's request fields go on the message's line (below); anything else (an error, a mail id) still follows it.
      ignore: 'pid,hostname,reqId,req,res,responseTime',
      messageFormat: requestLine,
      destination: stream ?? 1,
    }),
  };
}

/** `[reqId] incoming request GET /api/posts` and `[reqId] request completed 200 in 12.3 ms`. */
function requestLine(log: Record<string, unknown>, messageKey: string): string {
  const req = log.req as { method?: string; url?: string } | undefined;
  const res = log.res as { statusCode?: number } | undefined;
  const parts = [typeof log.reqId === 'string' ? `[${log.reqId}]` : '', String(log[messageKey] ?? '')];
  if (req?.method) parts.push(`${req.method} ${req.url ?? ''}`);
  if (res?.statusCode) parts.push(String(res.statusCode));
  if (typeof log.responseTime === 'number') parts.push(`in ${log.responseTime.toFixed(1)} ms`);
  return parts.filter(Boolean).join(' ');
}

/**
 * Builds the whole server: database, security headers, API routes and the web app.
 * Used by main.ts and by the API tests, which start it on a random port.
 */
export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      ...logDestination(config, options.logStream),
    },
    // Every log line of a request carries its id (reqId), which its response's X-Request-Id repeats.
    genReqId: requestIdFor,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  registerRequestId(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerInputGuard(app);
  registerRouteTable(app);
  // Before the session lookup: a request turned away at a full queue costs nothing else.
  registerOverloadGate(app, config.overload);

  const database = options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, warm: true }));
  app.decorate('config', config);
  app.decorate('database', database);
  const sockets = new SocketRegistry();
  // Before the routes: the API document is made of the routes registered after it.
  await registerOpenApi(app, config);
  const searchHits = new SearchHits(database.db, config.searchCacheHits);
  const searchPeople = new SearchPeople(database.db);
  const matchRankings = new MatchRankings(database.db, config.matchCache);
  const postCards = new PostCards(database.db, config.postCardCache).attach();
  const viewerStates = new ViewerStates(database.db).attach();
  const profileViews = new ProfileViews(database.db).attach();
  const categoryMatches = new CategoryMatches(database.db).attach();
  registerMetrics(app, {
    token: config.metricsToken,
    db: database.db,
    openSockets: () => sockets.size,
    caches: { search: () => searchHits.counts, match: () => matchRankings.counts, card: () => postCards.counts.cards, signal: () => postCards.counts.signals },
  });
  const inFlight = trackInFlight(app, { drainMs: SHUTDOWN_DRAIN_MS, writeGraceMs: SHUTDOWN_WRITE_GRACE_MS });
  // Started once the hub exists (below); stopped here, before the pool closes.
  const background: { mailWorker?: MailWorker } = {};
  app.addHook('onClose', async () => {
    // Handlers of clients that already left still run: let them finish before the pool closes.
    if (!(await inFlight.drained(SHUTDOWN_DRAIN_MS))) app.log.warn('closing the database with requests still running');
    // The batch being sent is marked before the pool closes (an unsent rest waits in the outbox).
    await background.mailWorker?.stop();
    if (!options.database) await database.close();
  });

  const secureOrigin = config.appUrl.startsWith('https://');
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(secureOrigin ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: secureOrigin,
    crossOriginEmbedderPolicy: false,
    // Our own pages learn where a visitor came from (a legal page's Back after a full page load);
    // other sites never do.
    referrerPolicy: { policy: 'same-origin' },
  });

  // API answers (a feed page is ~56 KB of JSON) go out compressed to clients that take it; the web
  // app's files and pages are compressed at build time and skipped here (they carry their
  // Content-Encoding already). Request bodies are never decompressed: no route takes them.
  app.addHook('onRoute', (route) => {
    route.decompress = false;
  });
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    // Answers up to 128 KB (every page of posts) are compressed in one call on this thread
    // (~0.3 ms for a 60 KB page at these settings) rather than streamed through libuv's thread
    // pool, whose per-answer stream and hand-offs cost more than that on 2 cores (the default
    // here would be 8 KB) and hold a compressor per answer in flight.
    syncThreshold: 128 * 1024,
    // Brotli for text at quality 1 (@fastify/compress's default is 4): a page of 50 posts in
    // 0.06-0.09 ms against 0.15-0.25 at quality 3, 7 % larger (8.4 against 7.9 KB; still smaller
    // than gzip's fastest); under the mixed load brotli's share of the server's CPU went from 12 %
    // to 5 % (bench/RESULTS.md). A 256 KB window instead of 4 MB: no answer is near that size,
    // and each answer being compressed holds its window, so under load the default held ~16 MB
    // more per hundred answers at once.
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
        [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
      },
    },
  });

  registerOriginCheck(app, config.trustedOrigins);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db, log: app.log });
  app.addHook('onClose', async () => mailer.close());
  const hub = await createHub(database);
  // Every mail goes through the outbox; this instance's worker delivers what is due.
  background.mailWorker = startMailWorker({ db: database.db, mailer, hub, log: app.log, retry: config.mailRetry });
  // Member e-mails are written deep in services (notify()): they find the configuration here.
  const mailContext: MemberMailContext = { appUrl: config.appUrl, secret: config.authSecret, appName: config.appName, supportEmail: config.supportEmail };
  app.addHook('onRequest', (_request, _reply, done) => memberMailContext.run(mailContext, done));
  const presence = new PresenceTracker(database.db, app.log);
  messageWriter(database.db).onUnannounced = (err) => app.log.error({ err }, 'chat messages stored, their events or notification not written');
  const sessions = new SessionCache(database.kind === 'pglite' ? EMBEDDED_SESSION_CACHE_TTL_MS : SESSION_CACHE_TTL_MS);
  const auth = createAuth({ config, db: database.db, log: app.log, onSessionsChanged: (id) => sessions.forgetUser(id) });
  await registerSession(app, auth, hub, sessions);
  const feedCache = new FeedCache(config.feedCacheBytes, undefined, checksListAnswers(config));
  feedCache.listen(hub, [searchHits, matchRankings]);
  searchHits.listen(hub);
  searchPeople.listen(hub);
  matchRankings.listen(hub);
  postCards.listen(hub);
  viewerStates.listen(hub);
  profileViews.listen(hub);
  categoryMatches.listen(hub);
  // A write answered on this instance empties the feed cache before its response goes out, so
  // the writer's next read sees it (other instances hear the database trigger through the hub).
  // Signing up, in or out, reading notifications, chatting, reporting and writing to support change nothing a feed shows, so those
  // requests leave it alone.
  app.addHook('onSend', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return;
    if (['/api/auth/', '/api/account/', '/api/notifications', '/api/conversations', '/api/reports', '/api/support/'].some((prefix) => request.url.startsWith(prefix))) return;
    feedCache.changed();
    // A post edited, closed or deleted, or a profile's filters changed, here: searches here forget
    // their hits before the answer goes out (a new post is taken in by its route).
    if (['/api/posts/', '/api/profiles'].some((prefix) => request.url.startsWith(prefix))) searchHits.changed();
    // A profile written here (name, photo, skill): searches here forget the people they named.
    if (request.url.startsWith('/api/profiles')) searchPeople.changed();
    // Anything but a new post (scored into every ranking by its route) or a new request (pending:
    // it connects nobody; the requests service marks it in its sender's state) may change someone's
    // matches, whose posts they may see or their requests, or a profile as shown: rankings,
    // viewer states and profile views here are dropped (a new request forgets its post author's
    // profile in the requests service).
    if (!(request.method === 'POST' && (request.url === '/api/posts' || request.url === '/api/requests'))) {
      matchRankings.changed();
      viewerStates.changed();
      profileViews.changed();
      // A new post changes no card, a new request only its author's signal (the requests service
      // forgets it); anything else may change a card or a signal.
      postCards.changed();
    }
  });

  await app.register(healthRoutes, { database });
  await app.register(authRoutes, { auth });
  await app.register(accountRoutes, { auth });
  await app.register(accountExportRoutes);
  await app.register(accountDeleteRoutes, { auth, feedCache });
  if (config.nodeEnv !== 'production' && mailer.kind === 'outbox') await app.register(mailboxRoutes);
  await app.register(legalRoutes, { config });
  await app.register(categoryRoutes);
  await app.register(geoRoutes);
  await app.register(uploadRoutes);
  await app.register(profileRoutes);
  await app.register(postRoutes, { feedCache, searchHits, matchRankings });
  await app.register(matchingRoutes, { matchRankings });
  await app.register(searchRoutes, { searchHits, people: searchPeople });
  await app.register(requestRoutes);
  await app.register(ratingRoutes);
  await app.register(notificationRoutes);
  await app.register(networkRoutes);
  await app.register(messageRoutes);
  await app.register(blockRoutes);
  await app.register(settingsRoutes);
  await app.register(proposalRoutes);
  await app.register(verificationRoutes);
  await app.register(reportRoutes);
  await app.register(supportRoutes);
  await app.register(unsubscribeRoutes);
  await app.register(websocket, { options: { maxPayload: REALTIME_MAX_FRAME_BYTES }, errorHandler: onSocketError });
  const unreadCounts = async (userId: string) => {
    const [notifications, messages] = await Promise.all([unreadCount(database.db, userId), unreadMessageCount(database.db, userId)]);
    return { notifications, messages };
  };
  await app.register(realtimeRoutes, { hub, trustedOrigins: config.trustedOrigins, presence, sockets, unreadCounts });
  await registerWebApp(app, config);
  const digest = startDigestSchedule({ db: database.db, kind: database.kind, config, log: app.log });
  if (database.kind === 'pglite') {
    const statistics = keepPlannerStatistics(database.db, app.log);
    app.addHook('preClose', async () => statistics.stop());
  }
  app.addHook('preClose', async () => digest.stop());
  return app;
}
