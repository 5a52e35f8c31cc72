import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailQueue } from '../db/schema/index.js';
import { enqueueMail } from '../features/mail/queue.js';
import { TestClient } from '../test/client.js';
import { memberWithProfile, useTestServer } from '../test/factories.js';
import { startTestServer, testDatabases, type TestDatabaseKind, type TestServer } from '../test/harness.js';
import { signedInMember } from '../test/members.js';
import { openSocket } from '../test/sockets.js';

const TOKEN = `metrics-${randomBytes(12).toString('hex')}`;

/** The samples of a Prometheus text exposition: name, labels and value per line. */
function samples(text: string): { name: string; labels: Record<string, string>; value: number }[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key ?? ''] = value ?? '';
      return { name: match[1] ?? '', labels, value: Number(match[3]) };
    });
}

/** The value of the sample with exactly these labels; 0 when there is none yet. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number {
  const found = samples(text).find(
    (s) => s.name === name && Object.keys(s.labels).length === Object.keys(labels).length && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  return found?.value ?? 0;
}

async function scrape(server: TestServer): Promise<string> {
  const res = await fetch(`${server.url}/api/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  return res.text();
}

describe.each(testDatabases())('GET /api/metrics without METRICS_TOKEN on %s', (kind) => {
  const server = useTestServer(kind);

  it('answers 404 like an unknown route, whatever is presented', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }] as Record<string, string>[]) {
      const res = await fetch(`${server().url}/api/metrics`, { headers });
      expect(res.status).toBe(404);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error).toEqual({ code: 'NOT_FOUND', message: 'No API route GET /api/metrics' });
    }
  });
});

describe.each(testDatabases())('GET /api/metrics with METRICS_TOKEN on %s', (kind) => {
  const server = useTestServer(kind, { METRICS_TOKEN: TOKEN });

  it.each([
    ['no Authorization header', undefined],
    ['a wrong token', `Bearer ${TOKEN}x`],
    ['a prefix of the token', `Bearer ${TOKEN.slice(0, -1)}`],
    ['the token under another scheme', `Basic ${TOKEN}`],
    ['the bare token', TOKEN],
  ])('refuses %s with 401', async (_label, authorization) => {
    const res = await fetch(`${server().url}/api/metrics`, { headers: authorization ? { authorization } : {} });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const body = (await res.json()) as { error: { code: string }; requestId: string };
    expect(body.error.code).toBe('UNAUTHENTICATED');
  });

  it('refuses a signed-in member: a session is not the token', async () => {
    const { client } = await signedInMember(server());
    expect((await client.get('/api/metrics')).status).toBe(401);
  });

  it('answers the Prometheus text format with the process metrics, never cached', async () => {
    const res = await fetch(`${server().url}/api/metrics`, { headers: { authorization: `bearer  ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    const names = new Set(samples(text).map((s) => s.name));
    for (const name of ['process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes']) {
      expect(names, name).toContain(name);
    }
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).toContain('# TYPE skillswap_realtime_connections gauge');
    expect(text).toContain('# TYPE skillswap_mail_outbox_pending gauge');
  });

  it('counts requests and their latency per route pattern, method and status class', async () => {
    const client = new TestClient(server().url);
    const photo = { method: 'GET', route: '/api/photos/:id', status_class: '4xx' };
    const categories = { method: 'GET', route: '/api/categories', status_class: '2xx' };
    const before = await scrape(server());
    for (let i = 0; i < 3; i += 1) expect((await client.get('/api/categories')).status).toBe(200);
    expect((await client.get('/api/photos/00000000-0000-4000-8000-00000000abcd')).status).toBe(404);
    const secret = `no-such-page-${randomBytes(4).toString('hex')}`;
    expect((await client.get(`/api/${secret}`)).status).toBe(404);

    // Counted once each response has gone out (onResponse), so the next scrape may be a moment early.
    await expect
      .poll(async () => valueOf(await scrape(server()), 'http_requests_total', categories) - valueOf(before, 'http_requests_total', categories))
      .toBe(3);
    const after = await scrape(server());
    expect(valueOf(after, 'http_request_duration_seconds_count', categories) - valueOf(before, 'http_request_duration_seconds_count', categories)).toBe(3);
    expect(valueOf(after, 'http_request_duration_seconds_bucket', { ...categories, le: '+Inf' })).toBe(
      valueOf(after, 'http_request_duration_seconds_count', categories),
    );
    expect(valueOf(after, 'http_request_duration_seconds_sum', categories)).toBeGreaterThan(valueOf(before, 'http_request_duration_seconds_sum', categories));
    expect(valueOf(after, 'http_requests_total', photo) - valueOf(before, 'http_requests_total', photo)).toBe(1);
    // Unknown addresses share one label: the raw URL never becomes a series.
    const unmatched = { method: 'GET', route: 'unmatched', status_class: '4xx' };
    expect(valueOf(after, 'http_requests_total', unmatched) - valueOf(before, 'http_requests_total', unmatched)).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain(secret);
    expect(after).not.toContain('00000000abcd');
  });

  it('counts requests whose client left before the answer', async () => {
    const labels = { method: 'POST', route: '/api/posts' };
    const before = await scrape(server());
    // Headers and the first bytes of a body that never arrives, then the client hangs up.
    const { port } = new URL(server().url);
    const socket = connect(Number(port), '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write('POST /api/posts HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"title":');
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();

    await expect
      .poll(async () => valueOf(await scrape(server()), 'http_requests_abandoned_total', labels) - valueOf(before, 'http_requests_abandoned_total', labels))
      .toBe(1);
  });

  it("counts the search cache's lookups and reads: the same search again is answered from it", async () => {
    const viewer = await memberWithProfile(server());
    const count = (text: string, name: string) => valueOf(text, `skillswap_search_cache_${name}_total`);
    const before = await scrape(server());
    const q = `zq${randomBytes(4).toString('hex').replace(/\d/g, 'x')}`;
    for (let i = 0; i < 3; i += 1) expect((await viewer.client.get(`/api/search?q=${q}`)).status).toBe(200);
    const after = await scrape(server());
    expect(count(after, 'lookups') - count(before, 'lookups')).toBe(3);
    // Other tests' writes may empty the cache meanwhile (on PostgreSQL they share the database).
    expect(count(after, 'reads') - count(before, 'reads')).toBeLessThanOrEqual(count(after, 'emptied') - count(before, 'emptied') + 1);
    expect(after).toContain('# TYPE skillswap_search_cache_taken_in_total counter');
    expect(after).toContain('# TYPE skillswap_search_cache_emptied_total counter');
  });

  it("counts the match cache's lookups and reads: a member's matches again, and their compatibility page, are answered from it", async () => {
    const viewer = await memberWithProfile(server());
    const count = (text: string, name: string) => valueOf(text, `skillswap_match_cache_${name}_total`);
    const before = await scrape(server());
    expect((await viewer.client.get('/api/matches?limit=50')).status).toBe(200);
    expect((await viewer.client.get('/api/matches?limit=25&minScore=0')).status).toBe(200);
    expect((await viewer.client.get('/api/feed?mode=compatibility&limit=50')).status).toBe(200);
    const after = await scrape(server());
    expect(count(after, 'lookups') - count(before, 'lookups')).toBe(3);
    // Other tests' writes may empty the cache meanwhile (on PostgreSQL they share the database).
    expect(count(after, 'reads') - count(before, 'reads')).toBeLessThanOrEqual(count(after, 'emptied') - count(before, 'emptied') + 1);
    expect(after).toContain('# TYPE skillswap_match_cache_taken_in_total counter');
  });

  it('counts the open realtime sockets', async () => {
    const connections = async () => valueOf(await scrape(server()), 'skillswap_realtime_connections');
    const start = await connections();
    const { client } = await signedInMember(server());
    const first = await openSocket(server(), client);
    const second = await openSocket(server(), client);
    await expect.poll(connections).toBe(start + 2);
    first.ws.close();
    await first.closed;
    await expect.poll(connections).toBe(start + 1);
    second.ws.close();
    await second.closed;
    await expect.poll(connections).toBe(start);
  });
});

/**
 * The outbox is one table for every instance, so its depth is exact only in a database of the
 * test's own: in-memory PGlite, or on PostgreSQL a database created for it (other test files
 * queue and send mail in the shared one at the same time).
 */
describe.each(testDatabases())('the mail outbox depth on %s', (kind: TestDatabaseKind) => {
  let server: TestServer | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const env: Record<string, string> = { METRICS_TOKEN: TOKEN };
    if (kind === 'postgres') {
      const own = await createPostgresDatabase();
      env.DATABASE_URL = own.url;
      dropDatabase = own.drop;
    }
    server = await startTestServer(kind, env);
  });
  afterAll(async () => {
    await server?.close();
    await dropDatabase?.();
  });

  it('counts mail neither sent nor given up', async () => {
    if (!server) throw new Error('no server');
    const s = server;
    const db = s.app.database.db;
    const pending = async () => valueOf(await scrape(s), 'skillswap_mail_outbox_pending');
    expect(await pending()).toBe(0);

    // Due in an hour, so no worker sends them during the test.
    const later = new Date(Date.now() + 60 * 60 * 1000);
    await db.transaction(async (tx) => {
      for (const n of [1, 2, 3]) {
        await enqueueMail(tx, { kind: 'test', to: `outbox${n}@example.org`, subject: 'Queued', text: 'Queued', html: '<p>Queued</p>', notBefore: later });
      }
    });
    expect(await pending()).toBe(3);

    const rows = await db.select({ id: mailQueue.id }).from(mailQueue);
    const [sent, failed] = rows;
    if (!sent || !failed) throw new Error('mail not queued');
    await db.update(mailQueue).set({ sentAt: new Date() }).where(eq(mailQueue.id, sent.id));
    await db.update(mailQueue).set({ failedAt: new Date() }).where(eq(mailQueue.id, failed.id));
    expect(await pending()).toBe(1);
    await db.delete(mailQueue).where(inArray(mailQueue.id, rows.map((r) => r.id)));
    expect(await pending()).toBe(0);
  });
});

/** A fresh PostgreSQL database beside TEST_DATABASE_URL's (the test user may create databases, as CI's does). */
async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `skillswap_metrics_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
