import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { categoryRoutes } from './features/categories/categories.routes.js';
import { geoRoutes } from './features/geo/geo.routes.js';
import { healthRoutes } from './features/health/health.routes.js';
import { legalRoutes } from './features/legal/legal.routes.js';
import { accountRoutes } from './features/auth/account.routes.js';
import { createAuth } from './features/auth/auth.js';
import { authRoutes } from './features/auth/auth.routes.js';
import { createMailer } from './features/mail/mailer.js';
import { mailboxRoutes } from './features/mail/mailbox.routes.js';
import { profileRoutes } from './features/profiles/profiles.routes.js';
import { uploadRoutes } from './features/uploads/uploads.routes.js';
import { matchingRoutes } from './features/matching/matching.routes.js';
import { postRoutes } from './features/posts/posts.routes.js';
import { requestRoutes } from './features/requests/requests.routes.js';
import { searchRoutes } from './features/search/search.routes.js';
import { registerErrorHandling } from './plugins/errors.js';
import { registerOriginCheck } from './plugins/origin-check.js';
import { registerSession } from './plugins/session.js';
import { registerWebApp } from './plugins/web-app.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: DatabaseHandle;
  }
}

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
    forceCloseConnections: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  const database = options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  app.decorate('config', config);
  app.decorate('database', database);
  if (!options.database) {
    app.addHook('onClose', async () => {
      await database.close();
    });
  }

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

  registerOriginCheck(app, config.appUrl);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db, log: app.log });
  app.addHook('onClose', async () => mailer.close());
  const auth = createAuth({ config, db: database.db, mailer, log: app.log });
  registerSession(app, auth);

  await app.register(healthRoutes, { database });
  await app.register(authRoutes, { auth });
  await app.register(accountRoutes, { auth });
  if (config.nodeEnv !== 'production' && mailer.kind === 'outbox') await app.register(mailboxRoutes);
  await app.register(legalRoutes, { config });
  await app.register(categoryRoutes);
  await app.register(geoRoutes);
  await app.register(uploadRoutes);
  await app.register(profileRoutes);
  await app.register(postRoutes);
  await app.register(matchingRoutes);
  await app.register(searchRoutes);
  await app.register(requestRoutes);
  await registerWebApp(app, config);
  return app;
}
