import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { queryRows } from '../db/client.js';
import { freePort, testConfig, testDatabases } from '../test/harness.js';

describe.each(testDatabases())('shutdown on %s', (kind) => {
  it('lets the handler of a client that already left finish its queries before the database closes', async () => {
    const port = await freePort();
    // Built by hand (not startTestServer) to add a route before it listens.
    const app = await buildApp(testConfig(kind, port));

    let entered: () => void = () => undefined;
    const handlerEntered = new Promise<void>((resolve) => (entered = resolve));
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let outcome: unknown;
    app.get('/api/test/slow', async () => {
      entered();
      await gate;
      try {
        outcome = (await queryRows<{ one: number }>(app.database.db, sql`SELECT 1 AS one`))[0]?.one;
      } catch (err) {
        outcome = err;
      }
      return { ok: true };
    });
    await app.listen({ port, host: '127.0.0.1' });

    // The client sends a request, then hangs up while the handler is still waiting.
    const req = httpRequest({ host: '127.0.0.1', port, path: '/api/test/slow' });
    req.on('error', () => undefined);
    req.end();
    await handlerEntered;
    req.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));

    const closed = app.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    await closed;
    expect(outcome).toBe(1);
  });

  it('is not held up by a connection whose request never finished arriving', async () => {
    const port = await freePort();
    const app = await buildApp(testConfig(kind, port));
    await app.listen({ port, host: '127.0.0.1' });

    // A client that sent half its headers and went quiet, socket still open: Node counts the
    // connection as busy until its headers timeout (a minute).
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await new Promise((resolve) => setTimeout(resolve, 100));

    const started = performance.now();
    await app.close();
    expect(performance.now() - started).toBeLessThan(5_000);
    socket.destroy();
  });
});
