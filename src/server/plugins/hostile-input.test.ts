import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { setTimeout } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../test/client.js';
import { memberWithProfile, useTestServer, type ApiErrorBody } from '../test/factories.js';
import { startTestServer, testDatabases, type TestServer } from '../test/harness.js';

/** `[[[...]]]` nested `depth` levels, as a JSON text. */
const nestedArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
/** `{"a":{"a":...}}` nested `depth` levels. */
const nestedObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

const NUL = '\u0000';
const LONE_HIGH = '\ud800';
const LONE_LOW = '\udc00';

const validProfile = (photoId: string | null = null) => ({
  photoId,
  displayName: 'Ann Smith',
  about: Array.from({ length: 45 }, (_, i) => `word${i}`).join(' '),
  serviceType: 'digital',
  primaryCategoryId: 1,
  skillKeywords: ['bikes'],
  portfolioUrl: '',
  linkedinUrl: '',
  leadTime: '1-week',
  zipCode: '',
  serviceRadiusMiles: null,
  location: '',
});

const validPost = () => ({
  title: 'Guitar lessons for beginners',
  offering: 'Guitar lessons, music theory; songwriting basics',
  lookingFor: 'Help with my vegetable garden. Bike repair',
  keywords: ['Guitar'],
});

async function expectBadRequest(res: Response, field?: string): Promise<ApiErrorBody> {
  const text = await res.text();
  expect(res.status, text).toBe(400);
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  const body = JSON.parse(text) as ApiErrorBody;
  expect(body.error.code).toBe('VALIDATION_FAILED');
  expect(typeof body.error.message).toBe('string');
  if (field) expect(body.error.fields?.[field], text).toEqual(expect.any(String));
  return body;
}

describe.each(testDatabases())('hostile input on %s', (kind) => {
  const server = useTestServer(kind);

  it('refuses a NUL byte in a query-string token', async () => {
    const client = new TestClient(server().url);
    await expectBadRequest(await client.get('/api/account/reset-password-token?token=%00'));
    expect((await client.get('/api/account/reset-password-token?token=abc')).status).toBe(200);
  });

  it('refuses ids that are not ids before querying', async () => {
    const { client } = await memberWithProfile(server());
    for (const url of [
      '/api/profiles/%00',
      '/api/profiles/a%00b',
      '/api/profiles/%ED%A0%80',
      '/api/members/%00/summary',
      '/api/members/x%00/summary',
      '/api/photos/%00',
      '/api/geo/zip/%00',
      `/api/feed?postId=%00`,
      `/api/matches?postId=%00`,
      `/api/search?q=%00`,
      `/api/feed?q=a%00`,
    ]) {
      await expectBadRequest(await client.get(url));
    }
    for (const method of ['PATCH', 'DELETE']) {
      await expectBadRequest(await client.request(method, '/api/posts/%00', method === 'PATCH' ? validPost() : undefined));
    }
    await expectBadRequest(await client.post('/api/posts/%00/status', { status: 'hidden' }));
    await expectBadRequest(await client.post('/api/requests', { postId: NUL }), 'postId');
    // Well-formed ids that match nothing are still a plain 404.
    expect((await client.get('/api/profiles/no-such-member')).status).toBe(404);
    expect((await client.get('/api/members/no-such-member/summary')).status).toBe(404);
    expect((await client.get('/api/photos/not-a-photo')).status).toBe(404);
  });

  it.each([
    ['displayName', `Ann${NUL}Smith`],
    ['displayName', `Ann${LONE_HIGH}Smith`],
    ['displayName', `Ann${LONE_LOW}`],
    ['about', `${validProfile().about}${NUL}`],
    ['location', `Boston${NUL}`],
    ['portfolioUrl', `https://example.org/${NUL}`],
  ])('refuses %s with NUL or a lone surrogate in a profile, naming the field', async (field, value) => {
    const { client } = await memberWithProfile(server());
    await expectBadRequest(await client.request('PUT', '/api/profiles/me', { ...validProfile(), [field]: value }), field);
  });

  it('refuses a NUL byte in a skill keyword and accepts real surrogate pairs', async () => {
    const { client } = await memberWithProfile(server());
    await expectBadRequest(await client.request('PUT', '/api/profiles/me', { ...validProfile(), skillKeywords: [`a${NUL}`] }), 'skillKeywords');
    const emoji = await client.request('PUT', '/api/profiles/me', { ...validProfile(), displayName: 'Ann 🎸 Smith' });
    // No photo: the profile saves (the photo is only required by the complete-profile form).
    expect(emoji.status, await emoji.text()).toBe(200);
  });

  it.each([2147483648, 1e20, -1, 1.5])('refuses primaryCategoryId %s with the field named', async (id) => {
    const { client } = await memberWithProfile(server());
    await expectBadRequest(await client.request('PUT', '/api/profiles/me', { ...validProfile(), primaryCategoryId: id }), 'primaryCategoryId');
  });

  it.each([
    ['title', `Guitar lessons${NUL} for you`],
    ['offering', `Guitar lessons, music theory${LONE_HIGH}`],
    ['lookingFor', `Help with my vegetable garden${NUL}`],
    ['preferredDays', `Weekends${NUL}`],
    ['additionalContext', `${LONE_LOW}`],
  ])('refuses %s with NUL or a lone surrogate in a post', async (field, value) => {
    const { client } = await memberWithProfile(server());
    await expectBadRequest(await client.post('/api/posts', { ...validPost(), [field]: value }), field);
  });

  it('refuses NUL in post keywords, a request note and the category bound', async () => {
    const { client } = await memberWithProfile(server());
    await expectBadRequest(await client.post('/api/posts', { ...validPost(), keywords: [`gui${NUL}tar`] }));
    await expectBadRequest(await client.post('/api/posts', { ...validPost(), categoryId: 2147483648 }), 'categoryId');
    await expectBadRequest(
      await client.post('/api/requests', { postId: '2f1b6c8e-3d4a-4b5c-8d9e-0f1a2b3c4d5e', message: `Hi${NUL}` }),
      'message',
    );
    await expectBadRequest(await client.get('/api/search?categoryId=2147483648'));
  });

  it('refuses NUL bytes on the auth routes', async () => {
    const client = new TestClient(server().url);
    await expectBadRequest(await client.post('/api/auth/sign-in/email', { email: `a${NUL}@example.org`, password: 'Secret12' }));
    await expectBadRequest(await client.post('/api/auth/sign-up/email', { email: 'nul@example.org', password: `Passw0rd${NUL}`, acceptTerms: true }));
    await expectBadRequest(await client.post('/api/auth/reset-password', { newPassword: 'Passw0rdX', token: `t${NUL}` }));
    await expectBadRequest(await client.post('/api/account/forgot-password', { email: `${LONE_HIGH}@example.org` }));
  });

  it.each([
    ['/api/auth/sign-in/email', 'POST'],
    ['/api/auth/sign-up/email', 'POST'],
    ['/api/auth/update-user', 'POST'],
    ['/api/posts', 'POST'],
    ['/api/profiles/me', 'PUT'],
    ['/api/requests', 'POST'],
  ])('refuses JSON nested 5,000 deep on %s before anything reads it', async (url, method) => {
    const { client } = await memberWithProfile(server());
    for (const text of [nestedArray(5000), nestedObject(5000), `{"name":${nestedArray(100)}}`]) {
      const body = await expectBadRequest(await client.request(method, url, text));
      expect(body.error.message).toBe('The request body is nested too deeply.');
    }
  });

  it('still accepts JSON nested up to the limit, and brackets inside strings do not count', async () => {
    const client = new TestClient(server().url);
    const nested = await client.post('/api/account/forgot-password', `{"email":"someone@example.org","x":${nestedArray(60)}}`);
    expect(nested.status).toBe(200);
    const brackets = await client.post('/api/account/forgot-password', { email: 'someone@example.org', x: `[{${'['.repeat(5000)}` });
    expect(brackets.status).toBe(200);
  });

  it('answers an address over 16 KB with 431 and reads what the client sends after it, never a reset', async () => {
    // Node's parser gives up after 16 KB and the answer goes at once; a client still sending its
    // body (fetch writes it after the head) must not find the connection reset under the answer.
    const { port } = new URL(server().url);
    const head = `PATCH /api/settings?${'%F0%9F%8E%B8'.repeat(3000)} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${256 * 1024}\r\n\r\n`;
    const answers = await Promise.all(Array.from({ length: 4 }, () => rawExchange(Number(port), head, 'x'.repeat(256 * 1024))));
    for (const answer of answers) {
      expect(answer.error).toBeUndefined();
      expect(answer.text).toMatch(/^HTTP\/1\.1 431 /);
      expect(answer.text).toContain('"The request headers or address are too long."');
    }
  });

  it.each([
    ['no boundary', 'multipart/form-data'],
    ['an empty boundary', 'multipart/form-data; boundary='],
    ['a malformed boundary', 'multipart/form-data; boundary="unterminated'],
  ])('answers a photo upload with %s with 400', async (_label, contentType) => {
    const { client } = await memberWithProfile(server());
    const body = '--xyz\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\n\r\nabc\r\n--xyz--\r\n';
    const res = await client.request('POST', '/api/photos', body, { 'content-type': contentType });
    await expectBadRequest(res);
  });
});

/**
 * Sends a raw request's head, then its body after the answer has begun to arrive, and reads until
 * the server closes: the answer and any socket error.
 */
function rawExchange(port: number, head: string, body: string): Promise<{ text: string; error?: string }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let error: string | undefined;
    const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true }, () => socket.write(head));
    // The body goes a while after the answer, in pieces, as a slow client's would.
    socket.once('data', async () => {
      await setTimeout(50);
      for (let at = 0; at < body.length && !socket.destroyed; at += 32 * 1024) {
        socket.write(body.slice(at, at + 32 * 1024));
        await setTimeout(5);
      }
      socket.end();
    });
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (err) => (error = String(err)));
    socket.on('close', () => resolve({ text: Buffer.concat(chunks).toString(), error }));
  });
}

/** Method and path of every route, read from Fastify's route tree (`printRoutes`). */
function registeredRoutes(tree: string): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+) \(([^)]+)\)$/.exec(line) ?? /^()└── (\S+) \(([^)]+)\)$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const segment = match[2] ?? '';
    stack.length = depth;
    const parent = stack[depth - 1] ?? '';
    const full = depth === 0 ? segment : `${parent === '/' ? '' : parent}${segment.startsWith('/') ? '' : '/'}${segment}`;
    stack[depth] = full;
    for (const method of (match[3] ?? '').split(', ')) if (method !== 'HEAD') routes.push({ method, path: full });
  }
  return routes;
}

describe.each(testDatabases())('every route under hostile input on %s', (kind) => {
  let started: TestServer | undefined;
  let dist = '';
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'skillswap-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<html><head><title>x</title><!--app-config--></head><body>app</body></html>');
    started = await startTestServer(kind, { TRUST_PROXY: 'true' }, { webDistDir: dist });
  });
  afterAll(async () => {
    await started?.close();
    rmSync(dist, { recursive: true, force: true });
  });
  const server = () => {
    if (!started) throw new Error('the test server has not started');
    return started;
  };

  it('never answers 5xx, and answers errors in the documented format', async () => {
    const routes = registeredRoutes(server().app.printRoutes({ commonPrefix: false }));
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(expect.arrayContaining(['POST /api/posts', 'GET /api/profiles/:id', 'PATCH /api/posts/:id']));
    const huge = 'x'.repeat(200_000);
    const pathValues = ['%00', 'a%00b', encodeURIComponent(huge.slice(0, 5000)), '%ED%A0%80', '2147483648'];
    const queries = ['', '?q=%00&token=%00&postId=%00&id=%00&limit=%00&offset=-1&level=%00&lat=%00&categoryId=2147483648', `?q=${huge.slice(0, 5000)}&token=${huge.slice(0, 5000)}`];
    const bodies: (string | undefined)[] = [
      undefined,
      '',
      'not json',
      'null',
      '[]',
      nestedArray(5000),
      nestedObject(200),
      JSON.stringify({ name: null, email: null, password: null, title: null, postId: null, status: null }),
      JSON.stringify({ name: NUL, email: `a${NUL}@b.org`, password: `P${NUL}ssw0rd`, token: NUL, title: NUL, offering: NUL, postId: NUL, displayName: NUL, message: NUL, newPassword: NUL }),
      JSON.stringify({ name: LONE_HIGH, displayName: LONE_LOW, title: huge, offering: huge, primaryCategoryId: 2147483648, categoryId: 1e300 }),
      JSON.stringify({ [`k${NUL}`]: 1 }),
    ];
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      // A fresh member per route: a body better-auth accepts (say, sign-out) must not end the next route's session.
      const { client } = await memberWithProfile(server());
      const urls = new Set<string>();
      for (const value of pathValues) {
        urls.add(route.path.replaceAll(/:[A-Za-z]+/g, value).replace('*', `api/auth/${value}`));
      }
      if (route.path.endsWith('*')) {
        for (const name of ['update-user', 'change-email', 'change-password', 'sign-in/email', 'sign-up/email', 'reset-password', 'delete-user', 'list-sessions', 'revoke-session']) {
          urls.add(route.path.replace('*', `api/auth/${name}`));
        }
      }
      for (const url of urls) {
        for (const query of queries) {
          for (const body of route.method === 'GET' || route.method === 'DELETE' ? [undefined] : bodies) {
            const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
            const res = await client.request(route.method, `${url.startsWith('/') ? '' : '/'}${url}${query}`, body, headers);
            sent++;
            const text = await res.text();
            const label = `${route.method} ${url.slice(0, 60)}${query.slice(0, 40)} ${String(body).slice(0, 60)} -> ${res.status} ${text.slice(0, 120)}`;
            if (res.status >= 500) failures.push(label);
            else if (res.status >= 400 && /json/.test(res.headers.get('content-type') ?? '')) {
              const parsed = JSON.parse(text) as Partial<ApiErrorBody>;
              if (typeof parsed.error?.code !== 'string' || typeof parsed.error.message !== 'string') failures.push(`format: ${label}`);
            }
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(500);
    expect(failures).toEqual([]);
  }, 300_000);
});
