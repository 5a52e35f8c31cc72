import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig, type AppConfig } from '../config.js';

export type TestDatabaseKind = 'pglite' | 'postgres';

/** The databases API tests run on: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set. */
export function testDatabases(): TestDatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestServer {
  app: FastifyInstance;
  config: AppConfig;
  /** Base URL of the listening server, e.g. http://127.0.0.1:41234 */
  url: string;
  close(): Promise<void>;
}

/**
 * Starts the real server on a random port: a fresh in-memory PGlite, or the PostgreSQL test
 * database. Tests share nothing but that database, so each builds its own data.
 */
export async function startTestServer(
  kind: TestDatabaseKind,
  env: Record<string, string> = {},
  overrides: Partial<AppConfig> = {},
): Promise<TestServer> {
  const port = await freePort();
  const config = testConfig(kind, port, env);
  Object.assign(config, overrides);
  const app = await buildApp(config);
  await app.listen({ port, host: '127.0.0.1' });
  return { app, config, url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

/**
 * The configuration of a test server on `port`: in-memory PGlite or the PostgreSQL test database,
 * silent unless TEST_LOG_LEVEL says otherwise (`TEST_LOG_LEVEL=error` shows a failing request's error).
 */
export function testConfig(kind: TestDatabaseKind, port: number, env: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    LOG_FORMAT: 'json',
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: 'memory://',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    // The weekly job would mail other tests' members in the shared database: tests run it themselves.
    DIGEST_ENABLED: 'false',
    ...(kind === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL ?? '' } : {}),
    ...env,
  });
}

/** A port that was free a moment ago, so links and origins can name it before we listen. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
