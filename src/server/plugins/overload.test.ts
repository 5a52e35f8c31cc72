import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { makeImage, memberWithCookie } from '../features/uploads/test-support.js';
import { freePort, testConfig } from '../test/harness.js';
import { MAX_UPLOADS_ARRIVING } from './overload.js';

/** A server whose `/api/test/slow` handlers wait until the test lets them go. */
async function serverWithSlowRoute(env: Record<string, string>) {
  const port = await freePort();
  // The gate does not depend on the database: the embedded one is enough here.
  const app = await buildApp(testConfig('pglite', port, env));
  let entered = 0;
  const releases: (() => void)[] = [];
  app.get('/api/test/slow', async () => {
    entered += 1;
    await new Promise<void>((resolve) => releases.push(resolve));
    return { ok: true };
  });
  app.post('/api/test/echo', async (request) => ({ got: request.body }));
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    config: app.config,
    url: `http://127.0.0.1:${port}`,
    close: () => app.close(),
    at: (path: string) => `http://127.0.0.1:${port}${path}`,
    entered: () => entered,
    releaseAll: () => releases.splice(0).forEach((release) => release()),
  };
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
}

describe('overload gate', () => {
  let app: FastifyInstance | undefined;
  let releaseAll: () => void = () => undefined;
  afterEach(async () => {
    // Held handlers would keep their connections, and close() waiting, for ever.
    releaseAll();
    releaseAll = () => undefined;
    // On a loaded machine one of the test client's keep-alive sockets sometimes stayed open on the
    // server side after every answer had arrived and the gate was empty, and close() waited on it
    // for good; the client's sockets are this test's own, so they are cut here.
    app?.server.closeAllConnections();
    await app?.close();
    app = undefined;
  });

  it('runs the allowed number at once, queues the next, and turns the rest away at once with 503 and Retry-After', async () => {
    const server = await serverWithSlowRoute({ MAX_ACTIVE_REQUESTS: '2', MAX_QUEUED_REQUESTS: '1', QUEUE_TIMEOUT_MS: '10000', BUSY_RETRY_AFTER_SECONDS: '3' });
    app = server.app;
    releaseAll = server.releaseAll;
    const running = [fetch(server.at('/api/test/slow')), fetch(server.at('/api/test/slow'))];
    await until(() => server.entered() === 2);
    const queued = fetch(server.at('/api/test/slow'));
    await until(() => server.app.overloadGate.queued === 1);
    expect(server.entered()).toBe(2);
    expect(server.app.overloadGate.active).toBe(2);

    const started = Date.now();
    const turnedAway = await fetch(server.at('/api/categories'));
    // At once: far sooner than the 10 s the queue would let it wait (5 s leaves room for a busy machine).
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(turnedAway.status).toBe(503);
    expect(turnedAway.headers.get('retry-after')).toBe('3');
    const body = (await turnedAway.json()) as { error: { code: string; message: string }; requestId: string };
    expect(body.error).toEqual({ code: 'UNAVAILABLE', message: 'The server is busy. Please try again in a moment.' });
    expect(body.requestId).toBe(turnedAway.headers.get('x-request-id'));

    // The health probe and the web app's files are never queued.
    expect((await fetch(server.at('/api/health'))).status).toBe(200);
    expect((await fetch(server.at('/robots.txt'))).status).toBe(200);

    server.releaseAll();
    await until(() => server.entered() === 3);
    server.releaseAll();
    const answers = await Promise.all([...running, queued]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    // Every slot is free again.
    expect((await fetch(server.at('/api/categories'))).status).toBe(200);
    await until(() => server.app.overloadGate.active === 0 && server.app.overloadGate.queued === 0);
  });

  it('answers a request that waited longer than the queue timeout with 503', async () => {
    const server = await serverWithSlowRoute({ MAX_ACTIVE_REQUESTS: '1', MAX_QUEUED_REQUESTS: '10', QUEUE_TIMEOUT_MS: '200' });
    app = server.app;
    releaseAll = server.releaseAll;
    const running = fetch(server.at('/api/test/slow'));
    await until(() => server.entered() === 1);

    const started = Date.now();
    const waited = await fetch(server.at('/api/categories'));
    const elapsed = Date.now() - started;
    expect(waited.status).toBe(503);
    expect(waited.headers.get('retry-after')).toBe('2');
    expect(elapsed).toBeGreaterThanOrEqual(190);
    expect(elapsed).toBeLessThan(5_000);

    server.releaseAll();
    expect((await running).status).toBe(200);
    expect((await fetch(server.at('/api/categories'))).status).toBe(200);
  });

  /** A POST whose body is announced but only partly sent until `finish` is called. */
  function arrivingSlowly(url: string, headers: Record<string, string>, body: Buffer) {
    const target = new URL(url);
    let answered: (status: number) => void = () => undefined;
    const status = new Promise<number>((resolve) => (answered = resolve));
    const req = http.request({ host: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers: { ...headers, 'content-length': String(body.length) } }, (res) => {
      res.resume();
      res.on('end', () => answered(res.statusCode ?? 0));
    });
    req.on('error', () => answered(0));
    req.write(body.subarray(0, 10));
    let closed = false;
    req.on('close', () => (closed = true));
    return { status, finish: () => req.end(body.subarray(10)), abort: () => req.destroy(), closed: () => closed };
  }

  it('lets a request take its turn once its body has arrived, so a slow client holds none', async () => {
    const server = await serverWithSlowRoute({ MAX_ACTIVE_REQUESTS: '1', MAX_QUEUED_REQUESTS: '0' });
    app = server.app;
    releaseAll = server.releaseAll;
    const body = Buffer.from(JSON.stringify({ note: 'x'.repeat(200) }));
    const slow = arrivingSlowly(server.at('/api/test/echo'), { 'content-type': 'application/json', origin: server.url }, body);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The only turn is free while the body arrives: another request runs (none may wait).
    expect(server.app.overloadGate.active).toBe(0);
    expect((await fetch(server.at('/api/categories'))).status).toBe(200);
    slow.finish();
    expect(await slow.status).toBe(200);
    await until(() => server.app.overloadGate.active === 0);
  });

  /** A signed-in member's photo upload: its multipart body and headers, to send as a test needs. */
  async function photoUpload(server: Awaited<ReturnType<typeof serverWithSlowRoute>>) {
    const member = await memberWithCookie(server);
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(await makeImage('png'))], { type: 'image/png' }), 'photo.png');
    const request = new Request(server.at('/api/photos'), { method: 'POST', body: form });
    const multipart = Buffer.from(await request.arrayBuffer());
    return { multipart, headers: { 'content-type': request.headers.get('content-type') ?? '', origin: server.url, cookie: member.cookie } };
  }

  it('gives a photo upload its turn once the photo is in, and the photo then waits for it like any request', async () => {
    const server = await serverWithSlowRoute({ MAX_ACTIVE_REQUESTS: '1', MAX_QUEUED_REQUESTS: '5', QUEUE_TIMEOUT_MS: '10000' });
    app = server.app;
    releaseAll = server.releaseAll;
    const { multipart, headers } = await photoUpload(server);

    // While the photo arrives, it holds no turn.
    const arriving = arrivingSlowly(server.at('/api/photos'), headers, multipart);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.app.overloadGate.active).toBe(0);
    // The only turn taken by a held request: the photo, once in, waits for it.
    const held = fetch(server.at('/api/test/slow'));
    await until(() => server.entered() === 1);
    arriving.finish();
    await until(() => server.app.overloadGate.queued === 1);
    server.releaseAll();
    expect((await held).status).toBe(200);
    expect(await arriving.status).toBe(201);
    await until(() => server.app.overloadGate.active === 0 && server.app.overloadGate.queued === 0);
  });

  it(`turns away an upload at once while ${MAX_UPLOADS_ARRIVING} photos are arriving, and takes uploads again as they arrive or are abandoned`, async () => {
    const server = await serverWithSlowRoute({ MAX_ACTIVE_REQUESTS: '4', MAX_QUEUED_REQUESTS: '50', QUEUE_TIMEOUT_MS: '10000', BUSY_RETRY_AFTER_SECONDS: '3' });
    app = server.app;
    releaseAll = server.releaseAll;
    const { multipart, headers } = await photoUpload(server);

    const arriving = Array.from({ length: MAX_UPLOADS_ARRIVING }, () => arrivingSlowly(server.at('/api/photos'), headers, multipart));
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Nothing else waits: the turns are free, and every other request runs.
    expect(server.app.overloadGate.active).toBe(0);
    expect((await fetch(server.at('/api/categories'))).status).toBe(200);
    const started = Date.now();
    const turnedAway = await fetch(server.at('/api/photos'), { method: 'POST', headers, body: multipart });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(turnedAway.status).toBe(503);
    expect(turnedAway.headers.get('retry-after')).toBe('3');

    // One client gives up: its place is free again.
    const [abandoned, ...rest] = arriving;
    abandoned?.abort();
    await until(() => abandoned !== undefined && abandoned.closed());
    const next = arrivingSlowly(server.at('/api/photos'), headers, multipart);
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const upload of [...rest, next]) upload.finish();
    const statuses = await Promise.all([...rest, next].map((upload) => upload.status));
    expect(statuses.filter((status) => status === 503)).toEqual([]);
    expect(statuses.every((status) => status > 0)).toBe(true);
    await until(() => server.app.overloadGate.active === 0 && server.app.overloadGate.queued === 0);
    // And the next upload is taken at once.
    expect((await fetch(server.at('/api/photos'), { method: 'POST', headers, body: multipart })).status).not.toBe(503);
  });
  it('gives the turn of a forgot-password request to the next while its answer only waits out its padding', async () => {
    const server = await serverWithSlowRoute({ MAX_ACTIVE_REQUESTS: '1', MAX_QUEUED_REQUESTS: '5', QUEUE_TIMEOUT_MS: '10000' });
    app = server.app;
    releaseAll = server.releaseAll;
    const post = (path: string, body: unknown) =>
      fetch(server.at(path), { method: 'POST', headers: { 'content-type': 'application/json', origin: server.url }, body: JSON.stringify(body) });
    // The first one warms the route up, so the second's own work stays well within its padding.
    expect((await post('/api/account/forgot-password', { email: 'nobody@example.org' })).status).toBe(200);
    // The one turn is held while the forgot-password request and then another queue up behind it.
    const held = fetch(server.at('/api/test/slow'));
    await until(() => server.entered() === 1);
    const answered: string[] = [];
    const forgot = post('/api/account/forgot-password', { email: 'nobody@example.org' }).then((res) => {
      answered.push('forgot');
      return res.status;
    });
    await until(() => server.app.overloadGate.queued === 1);
    const echo = post('/api/test/echo', { n: 1 }).then((res) => {
      answered.push('echo');
      return res.status;
    });
    await until(() => server.app.overloadGate.queued === 2);
    server.releaseAll();
    expect((await held).status).toBe(200);
    expect(await Promise.all([forgot, echo])).toEqual([200, 200]);
    // The padded answer (FORGOT_PASSWORD_MIN_MS) holds no turn: the echo ran while it waited.
    expect(answered).toEqual(['echo', 'forgot']);
  });
});
