import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase, type DatabaseHandle } from '../../db/client.js';
import { freePort, testConfig, testDatabases } from '../../test/harness.js';
import { HEALTH_DATABASE_TIMEOUT_MS } from './health.routes.js';

// The tests run in order: the last one takes the database away.
describe.each(testDatabases())('GET /api/health on %s', (kind) => {
  // An app on a database the test opened itself, so the test can hold it up or close it.
  let app: FastifyInstance | undefined;
  let database: DatabaseHandle | undefined;
  beforeAll(async () => {
    const config = testConfig(kind, await freePort());
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    app = await buildApp(config, { database });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close().catch(() => undefined);
  });
  const opened = () => {
    if (!app || !database) throw new Error('the app has not started');
    return { app, database };
  };

  it('answers 200 while the database answers', async () => {
    const res = await opened().app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: kind });
  });

  // The embedded database runs one statement at a time: a transaction left open holds every other
  // query back. (PostgreSQL's pool would hand the check another connection.)
  it.runIf(kind === 'pglite')(`answers 503 after ${HEALTH_DATABASE_TIMEOUT_MS} ms when the database does not answer`, async () => {
    const { app, database } = opened();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let began: () => void = () => undefined;
    const holding = new Promise<void>((resolve) => {
      began = resolve;
    });
    const held = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      began();
      await gate;
    });
    try {
      await holding;
      const started = Date.now();
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', database: kind });
      expect(Date.now() - started).toBeGreaterThanOrEqual(HEALTH_DATABASE_TIMEOUT_MS - 50);
    } finally {
      release();
      await held;
    }
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers 503 once the database is gone', async () => {
    const { app, database } = opened();
    await database.close();
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', database: kind });
    expect(res.headers['x-request-id']).toBeTruthy();
  });
});
