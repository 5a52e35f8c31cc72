import helmet from '@fastify/helmet';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { blockRoutes } from './features/blocks/blocks.routes.js';
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
import { profileRoutes } from './features/profiles/profiles.routes.js';
import { uploadRoutes } from './features/uploads/uploads.routes.js';
import { messageRoutes } from './features/messages/messages.routes.js';
import { proposalRoutes } from './features/messages/proposals.routes.js';
import { matchingRoutes } from './features/matching/matching.routes.js';
import { notificationRoutes } from './features/notifications/notifications.routes.js';
import { FeedCache } from './features/posts/feed-cache.js';
import { postRoutes } from './features/posts/posts.routes.js';
import { ratingRoutes } from './features/ratings/ratings.routes.js';
import { reportRoutes } from './features/reports/reports.routes.js';
import { supportRoutes } from './features/support/support.routes.js';
import { networkRoutes } from './features/network/network.routes.js';
import { requestRoutes } from './features/requests/requests.routes.js';
import { searchRoutes } from './features/search/search.routes.js';
import { settingsRoutes } from './features/settings/settings.routes.js';
import { verificationRoutes } from './features/verification/verification.routes.js';
import { answerFrameworkError, registerErrorHandling } from './plugins/errors.js';
import { trackInFlight } from './plugins/in-flight.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { registerOriginCheck } from './plugins/origin-check.js';
import { registerSession, SessionCache } from './plugins/session.js';
import { createHub } from './realtime/hub.js';
import { onSocketError, realtimeRoutes } from './realtime/socket.js';
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

export interface BuildAppOptions {
  /** An already open database; when omitted the app opens (and on close, closes) its own. */
  database?: DatabaseHandle;
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
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    frameworkErrors: answerFrameworkError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerInputGuard(app);

  const database = options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  app.decorate('config', config);
  app.decorate('database', database);
  const inFlight = trackInFlight(app);
  app.addHook('onClose', async () => {
    // Handlers of clients that already left still run: let them finish before the pool closes.
    if (!(await inFlight.drained(SHUTDOWN_DRAIN_MS))) app.log.warn('closing the database with requests still running');
    if (!options.database) await database.close();
  });

  const secureOrigin = config.appUrl.startsWith('https://');
  await app.register(helmet, {
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
  });

  registerOriginCheck(app, config.trustedOrigins);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db, log: app.log });
  app.addHook('onClose', async () => mailer.close());
  const hub = await createHub(database);
  const sessions = new SessionCache();
  const auth = createAuth({ config, db: database.db, mailer, log: app.log, onSessionsChanged: (id) => sessions.forgetUser(id) });
  await registerSession(app, auth, hub, sessions);
  const feedCache = new FeedCache(config.feedCacheBytes);
  feedCache.listen(hub);
  // A write answered on this instance empties the feed cache before its response goes out, so
  // the writer's next read sees it (other instances hear the database trigger through the hub).
  // Signing up, in or out, reading notifications, chatting, reporting and writing to support change nothing a feed shows, so those
  // requests leave it alone.
  app.addHook('onSend', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return;
    if (['/api/auth/', '/api/account/', '/api/notifications', '/api/conversations', '/api/reports', '/api/support/'].some((prefix) => request.url.startsWith(prefix))) return;
    feedCache.changed();
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
  await app.register(postRoutes, { feedCache });
  await app.register(matchingRoutes);
  await app.register(searchRoutes);
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
  await app.register(supportRoutes, { mailer });
  await app.register(websocket, { options: { maxPayload: REALTIME_MAX_FRAME_BYTES }, errorHandler: onSocketError });
  await app.register(realtimeRoutes, { hub, trustedOrigins: config.trustedOrigins });
  await registerWebApp(app, config);
  return app;
}
