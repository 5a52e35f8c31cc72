import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { TestClient } from '../test/client.js';
import { useTestServer } from '../test/factories.js';
import { freePort, testConfig, testDatabases } from '../test/harness.js';
import { TEST_PASSWORD } from '../test/members.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface ErrorAnswer {
  error: { code: string; message: string };
  requestId: string;
}

/** The answer's error body, checked to carry the same request id as its X-Request-Id header. */
async function errorWithId(res: Response): Promise<ErrorAnswer> {
  const body = (await res.json()) as ErrorAnswer;
  expect(body.requestId).toBeTruthy();
  expect(body.requestId).toBe(res.headers.get('x-request-id'));
  return body;
}

describe.each(testDatabases())('request ids on %s', (kind) => {
  const server = useTestServer(kind);

  it('gives every response a new X-Request-Id', async () => {
    const [a, b] = await Promise.all([fetch(`${server().url}/api/health`), fetch(`${server().url}/api/health`)]);
    expect(a.headers.get('x-request-id')).toMatch(UUID);
    expect(b.headers.get('x-request-id')).toMatch(UUID);
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));
    const page = await fetch(`${server().url}/robots.txt`);
    expect(page.headers.get('x-request-id')).toMatch(UUID);
  });

  it("keeps a caller's sane X-Request-Id, in the header and in an error body", async () => {
    const id = `edge-${Date.now()}.a_b:c`;
    const ok = await fetch(`${server().url}/api/health`, { headers: { 'x-request-id': id } });
    expect(ok.headers.get('x-request-id')).toBe(id);
    const missing = await fetch(`${server().url}/api/nothing-here`, { headers: { 'x-request-id': id } });
    expect(missing.status).toBe(404);
    expect((await errorWithId(missing)).requestId).toBe(id);
  });

  it.each([
    ['too long', 'x'.repeat(65)],
    ['with spaces', 'a b'],
    ['with a quote', 'abc"def'],
    ['with a slash', '../etc'],
  ])('replaces a caller X-Request-Id %s with its own', async (_label, id) => {
    const res = await fetch(`${server().url}/api/nothing-here`, { headers: { 'x-request-id': id } });
    expect(res.headers.get('x-request-id')).toMatch(UUID);
    expect((await errorWithId(res)).requestId).toMatch(UUID);
  });

  it('puts the request id in the body of every kind of error answer, the error itself unchanged', async () => {
    const visitor = new TestClient(server().url);
    // The session guard (401), a route's validation (400), the origin check (403).
    const unauthenticated = await visitor.get('/api/profiles/me');
    expect(unauthenticated.status).toBe(401);
    expect((await errorWithId(unauthenticated)).error.code).toBe('UNAUTHENTICATED');
    const invalid = await visitor.post('/api/auth/sign-in/email', { email: 'not-an-address' });
    expect(invalid.status).toBe(400);
    expect((await errorWithId(invalid)).error.code).toBe('VALIDATION_FAILED');
    const foreign = new TestClient(server().url, undefined, 'https://evil.example');
    const refused = await foreign.post('/api/auth/sign-in/email', { email: 'someone@example.org', password: TEST_PASSWORD });
    expect(refused.status).toBe(403);
    expect(await errorWithId(refused)).toEqual({
      error: { code: 'FORBIDDEN', message: 'Cross-origin requests are not allowed.' },
      requestId: refused.headers.get('x-request-id'),
    });
    // better-auth's own answer, rewritten by the auth bridge.
    const wrong = await visitor.post('/api/auth/sign-in/email', { email: 'nobody-here@example.org', password: TEST_PASSWORD });
    expect(wrong.status).toBe(401);
    await errorWithId(wrong);
    // A path Fastify refuses before any hook runs (not valid percent-encoding).
    const badUrl = await fetch(`${server().url}/api/posts/%E0%A4%A`);
    expect(badUrl.status).toBe(400);
    expect(badUrl.headers.get('x-request-id')).toMatch(UUID);
    await errorWithId(badUrl);
  });
});

describe('request logs', () => {
  // One embedded database for both apps (opening one is the slow part); each app leaves it open.
  let database: DatabaseHandle | undefined;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
  });
  afterAll(async () => {
    await database?.close();
  });
  const closers: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });

  /** An app on PGlite whose log lines are kept in `lines`. */
  async function appLogging(format: 'json' | 'pretty') {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const config = testConfig('pglite', await freePort(), { LOG_LEVEL: 'info', LOG_FORMAT: format });
    const app = await buildApp(config, { logStream, ...(database ? { database } : {}) });
    closers.push(() => app.close());
    return { app, lines };
  }

  it('writes JSON lines whose reqId is the X-Request-Id of the answer', async () => {
    const { app, lines } = await appLogging('json');
    const res = await app.inject({ method: 'GET', url: '/api/nothing-here', headers: { 'x-request-id': 'trace-json-1' } });
    expect(res.headers['x-request-id']).toBe('trace-json-1');
    const entries = lines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string; res?: { statusCode?: number } });
    const mine = entries.filter((e) => e.reqId === 'trace-json-1');
    expect(mine.map((e) => e.msg)).toEqual(['incoming request', 'request completed']);
    expect(mine[1]?.res?.statusCode).toBe(404);
  });

  it('writes readable lines, not JSON, in the pretty format', async () => {
    const { app, lines } = await appLogging('pretty');
    await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'trace-pretty-1' } });
    const text = lines.join('\n');
    expect(text).toMatch(/INFO.*: \[trace-pretty-1\] incoming request GET \/api\/health$/m);
    expect(text).toMatch(/INFO.*: \[trace-pretty-1\] request completed 200 in \d+\.\d ms$/m);
    expect(() => JSON.parse(lines[0] ?? '')).toThrow();
  });
});
