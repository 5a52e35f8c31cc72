import { eq } from 'drizzle-orm';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ChangePasswordInput, LoginInput, ResetPasswordInput, SignUpInput, VerifyTokenQuery } from '../shared/schemas/auth.js';
import { PROFILE_LIMITS } from '../shared/schemas/profile.js';
import { REALTIME_CLOSE, REALTIME_MAX_FRAME_BYTES } from '../shared/schemas/realtime.js';
import { UnsubscribeRequest } from '../shared/schemas/unsubscribe.js';
import { rateLimits } from './db/schema/index.js';
import { makeImage, makePngBomb, uploadPhoto } from './features/uploads/test-support.js';
import { arbitraryFor, hostileString, hostileValue, jsonSchemaOf, NUL, LONE_HIGH } from './test/arbitraries.js';
import { TestClient } from './test/client.js';
import { insertPost, memberWithProfile } from './test/factories.js';
import { startTestServer, testDatabases, type TestServer } from './test/harness.js';
import { TEST_PASSWORD } from './test/members.js';

/*
 * Issue 14, section 5: generated hostile input to every route of the route table and to the
 * WebSocket, signed in and not. Whatever arrives, the server never answers 5xx, never shows a
 * stack trace, and answers every API error as `{ "error": { "code", "message", "fields"? } }`.
 *
 * FUZZ_RUNS sets the HTTP requests per database (default 10,000 in all, the issue's minimum, shared
 * by the databases under test);
 * FUZZ_SEED replays a run (fast-check prints the seed and path of a failure), FUZZ_SEED=random
 * explores with a new seed each time.
 */

/** The issue asks for 10,000 requests per CI run, which tests PGlite and PostgreSQL: shared between them. */
const HTTP_RUNS = Number(process.env.FUZZ_RUNS ?? Math.ceil(10_000 / testDatabases().length));
const SEED = process.env.FUZZ_SEED === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FUZZ_SEED ?? 20_261_124);
/** FUZZ_PATH (with FUZZ_SEED) replays one failure as fast-check reported it, in a single loop. */
const REPLAY_PATH = process.env.FUZZ_PATH;
/** Independent request loops running at once (each with its own session), so database waits overlap. */
const LOOPS = REPLAY_PATH ? 1 : 4;
const WS_RUNS = Math.max(20, Math.round(HTTP_RUNS / 50));
const UPLOAD_RUNS = Math.max(20, Math.round(HTTP_RUNS / 70));

type Actor = 'ann' | 'ben' | 'visitor';

interface World {
  server: TestServer;
  ann: { userId: string; email: string };
  ben: { userId: string; email: string };
  /** Real ids of Ann's world, so generated paths reach records and not only 404s. */
  ids: string[];
}

interface FuzzRequest {
  method: string;
  path: string;
  actor: Actor;
  origin: 'app' | 'none' | 'foreign';
  body?: string | Uint8Array;
  contentType?: string;
}

/** Schemas the handlers of routes without a route-level schema validate against themselves. */
const AUTH_BODIES: Record<string, unknown> = {
  'sign-up/email': SignUpInput,
  'sign-in/email': LoginInput,
  'reset-password': ResetPasswordInput,
  'change-password': ChangePasswordInput,
};
const AUTH_PATHS = ['get-session', 'verify-email', ...Object.keys(AUTH_BODIES), 'sign-out', 'update-user', 'delete-user', 'list-sessions', 'revoke-sessions', 'ok', ''];

const STACK_TRACE = /\n\s+at\s|\bat (?:async )?[\w$.<>]+ \(|node_modules|\/src\/server\/|\.ts:\d+:\d+/;

/** What is wrong with an answer, or null. */
export function answerProblem(path: string, status: number, contentType: string, text: string): string | null {
  if (status >= 500) return `answered ${status}`;
  if (STACK_TRACE.test(text)) return 'shows a stack trace';
  if (status < 400 || !path.startsWith('/api/')) return null;
  if (!/^application\/json/.test(contentType)) return `error as ${contentType || 'no content type'}`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'error body is not JSON';
  }
  const error = typeof body === 'object' && body !== null && 'error' in body ? (body as { error: unknown }).error : undefined;
  if (typeof error !== 'object' || error === null) return 'error body without "error"';
  const { code, message, fields } = error as Record<string, unknown>;
  if (typeof code !== 'string' || typeof message !== 'string') return 'error without code and message';
  if (fields !== undefined && (typeof fields !== 'object' || fields === null || Object.values(fields).some((f) => typeof f !== 'string'))) {
    return 'error fields are not field messages';
  }
  return null;
}

/** Percent-encodes a path segment or query value; lone surrogates go as U+FFFD, as a browser sends them. */
function encode(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((b) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`))
    .join('');
}

function queryString(value: unknown): string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return '';
  const parts: string[] = [];
  for (const [key, item] of Object.entries(value)) {
    for (const one of Array.isArray(item) ? item : [item]) {
      const text = typeof one === 'string' ? one : one === undefined ? '' : JSON.stringify(one);
      parts.push(`${encode(key)}=${encode(text)}`);
    }
  }
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

/** Raw path and query pieces no encoder would produce. */
const BROKEN_ENCODINGS = ['%', '%G1', '%E0%A4', '%ED%A0%80', '%C0%AF', '%00', '..%2F..%2F', '%2e%2e', '%FF%FE'];

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const MALFORMED_JSON = [
  '{',
  '{"a":',
  'not json',
  "{'a':1}",
  '[1,]',
  '{"a":1}}',
  '\uFEFF{}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '"',
  '"\\ud800"',
  '{"a":"\\u0000"}',
  '{"email":"\\udc00@example.org"}',
  'nul\u0000l',
  '1'.repeat(5000),
  '-',
  '1e999999',
  nested(65),
  nested(5000),
  `{"a":${nested(64)}}`,
];
const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/octet-stream',
  'application/json, text/html',
  'image/png',
  'application/vnd.api+json',
];
/** Over the 1 MB body limit: 413, never read into a handler. */
const HUGE_JSON = JSON.stringify({ title: 'x'.repeat(1_100_000) });
/** Just under it: long values every validator must cope with. */
const LARGE_JSON = JSON.stringify({ title: 'y'.repeat(400_000), content: '🎸'.repeat(100_000), email: `${'a'.repeat(300_000)}@b.org` });

/** A JSON body for a route: derived from its schema (or any JSON when it has none), with hostile fields. */
function bodyArbitrary(schema: unknown): fc.Arbitrary<{ body?: string | Uint8Array; contentType?: string }> {
  const value = schema ? arbitraryFor(jsonSchemaOf(schema)) : fc.oneof(hostileValue, fc.jsonValue({ maxDepth: 4 }));
  const json = value.map((v) => JSON.stringify(v) ?? 'null');
  return fc.oneof(
    { weight: 30, arbitrary: json.map((body) => ({ body, contentType: 'application/json' })) },
    { weight: 6, arbitrary: fc.constantFrom(...MALFORMED_JSON).map((body) => ({ body, contentType: 'application/json' })) },
    { weight: 5, arbitrary: fc.tuple(json, fc.constantFrom(...WRONG_CONTENT_TYPES)).map(([body, contentType]) => ({ body, contentType })) },
    { weight: 2, arbitrary: fc.constantFrom({ contentType: 'application/json' }, {}, { body: '', contentType: 'application/json' }) },
    { weight: 2, arbitrary: fc.uint8Array({ maxLength: 200 }).map((body) => ({ body, contentType: 'application/json' })) },
    { weight: 1, arbitrary: fc.constantFrom(HUGE_JSON, LARGE_JSON).map((body) => ({ body, contentType: 'application/json' })) },
  );
}

function paramArbitrary(name: string, schema: unknown, world: World): fc.Arbitrary<string> {
  const properties = schema ? (jsonSchemaOf(schema).properties ?? {}) : {};
  const declared = properties[name];
  const generated = declared ? arbitraryFor(declared).map((v) => encode(typeof v === 'string' ? v : JSON.stringify(v) ?? '')) : fc.constant('x');
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...world.ids) },
    { weight: 4, arbitrary: generated },
    { weight: 2, arbitrary: hostileString.map(encode) },
    { weight: 1, arbitrary: fc.constantFrom(...BROKEN_ENCODINGS) },
  );
}

/** One request to a route: its path filled in, a query and a body from its schemas, made as someone. */
function requestArbitrary(route: TestServer['app']['routeTable'][number], world: World): fc.Arbitrary<FuzzRequest> {
  const names = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] ?? '');
  const params = fc.tuple(...names.map((name) => paramArbitrary(name, route.schema.params, world)));
  const isAuth = route.url === '/api/auth/*';
  const star = isAuth
    ? fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...AUTH_PATHS) }, { weight: 1, arbitrary: hostileString.map(encode) })
    : fc.oneof(fc.constantFrom('index.html', 'assets/x.js', 'home', 'api/x'), hostileString.map(encode), fc.constantFrom(...BROKEN_ENCODINGS));
  const querySchema = route.schema.querystring ?? (isAuth ? VerifyTokenQuery : route.url === '/api/unsubscribe' ? UnsubscribeRequest : undefined);
  const query = fc.oneof(
    { weight: 6, arbitrary: querySchema ? arbitraryFor(jsonSchemaOf(querySchema)).map(queryString) : fc.constant('') },
    { weight: 2, arbitrary: fc.dictionary(hostileString, fc.oneof(hostileString, fc.array(hostileString, { maxLength: 3 })), { maxKeys: 3 }).map(queryString) },
    { weight: 1, arbitrary: fc.constantFrom(...BROKEN_ENCODINGS).map((raw) => `?q=${raw}&token=${raw}&id=${raw}`) },
  );
  const withBody = route.method !== 'GET';
  return fc
    .record({
      params,
      star,
      query,
      actor: fc.constantFrom<Actor>('ann', 'ann', 'ben', 'visitor'),
      origin: fc.constantFrom<FuzzRequest['origin']>('app', 'app', 'app', 'app', 'app', 'none', 'foreign'),
    })
    .chain(({ params: values, star: starValue, query: q, actor, origin }) => {
      let i = 0;
      const path = route.url.replaceAll(/:[A-Za-z]+/g, () => values[i++] ?? '').replace('*', starValue);
      const authPath = isAuth ? starValue : '';
      const schema = route.schema.body ?? (isAuth ? AUTH_BODIES[authPath] : route.url === '/api/unsubscribe' ? UnsubscribeRequest : undefined);
      const base: FuzzRequest = { method: route.method, path: `${path}${q}`, actor, origin };
      if (!withBody) return fc.constant(base);
      return bodyArbitrary(schema).map((b) => ({ ...base, ...b }));
    });
}

/** Signs a member in on a client of their own (a new IP, so sign-in limits stay theirs). */
async function signIn(server: TestServer, email: string): Promise<TestClient> {
  const client = new TestClient(server.url);
  const res = await client.post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD });
  if (!res.ok) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  return client;
}

async function created<T>(res: Response): Promise<T> {
  const text = await res.text();
  if (res.status !== 201 && res.status !== 200) throw new Error(`setup call answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** Ann and Ben with a post, a request, a conversation, a proposal, a notification and a photo between them. */
async function buildWorld(server: TestServer): Promise<World> {
  const ann = await memberWithProfile(server, { displayName: 'Ann Fuzz' });
  const ben = await memberWithProfile(server, { displayName: 'Ben Fuzz' });
  const db = server.app.database.db;
  const postId = await insertPost(db, ann.userId, { offering: 'Pottery lessons for beginners', lookingFor: 'Help repairing my old bicycle' });
  const request = await created<{ id: string; conversationId: string }>(await ben.client.post('/api/requests', { postId, message: 'Hello Ann' }));
  const proposal = await created<{ id: string }>(
    await ben.client.post(`/api/conversations/${request.conversationId}/messages`, {
      content: 'A proposal',
      exchangeProposal: { offered_skill: 'Bike repair', requested_skill: 'Pottery', duration_hours: 2 },
    }),
  );
  const notifications = await created<{ items: { id: string }[] }>(await ann.client.get('/api/notifications'));
  const upload = await uploadPhoto(server, ann.client.cookieHeader(), await makeImage('png', 64, 64));
  const photo = await created<{ id: string }>(upload);
  return {
    server,
    ann: { userId: ann.userId, email: ann.email },
    ben: { userId: ben.userId, email: ben.email },
    ids: [ann.userId, ben.userId, postId, request.id, request.conversationId, proposal.id, photo.id, 'me', ...notifications.items.map((n) => n.id).slice(0, 2)],
  };
}

/** Sends one generated request; the loop's clients are replaced when a request ended their session. */
class RequestLoop {
  sent = 0;
  private clients: Record<Actor, TestClient>;

  private constructor(
    private readonly world: World,
    ann: TestClient,
    ben: TestClient,
  ) {
    this.clients = { ann, ben, visitor: new TestClient(world.server.url) };
  }

  static async start(world: World): Promise<RequestLoop> {
    return new RequestLoop(world, await signIn(world.server, world.ann.email), await signIn(world.server, world.ben.email));
  }

  async send(request: FuzzRequest): Promise<string | null> {
    const client = this.clients[request.actor];
    const url = this.world.server.url;
    const headers: Record<string, string> = { 'x-forwarded-for': client.ip };
    if (request.origin !== 'none') headers.origin = request.origin === 'app' ? url : 'https://evil.example';
    if (request.contentType) headers['content-type'] = request.contentType;
    if (client.hasSession()) headers.cookie = client.cookieHeader();
    let res: Response;
    let text: string;
    try {
      // Bounded: a request the server never answers is a failure of its own, not a hung test.
      res = await fetch(`${url}${request.path}`, { method: request.method, headers, body: request.body, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
      text = await res.text();
    } catch (err) {
      return `no answer (${String(err)}, ${String((err as Error).cause)}): ${request.method} ${request.path.slice(0, 200)}`;
    }
    this.sent++;
    if (request.actor !== 'visitor' && res.headers.getSetCookie().some((c) => /session_token=;|max-age=0/i.test(c))) {
      // A generated sign-out ended this session: the next requests get a new one.
      this.clients[request.actor] = await signIn(this.world.server, request.actor === 'ann' ? this.world.ann.email : this.world.ben.email);
    }
    const problem = answerProblem(request.path, res.status, res.headers.get('content-type') ?? '', text);
    return problem && `${problem}: ${request.method} ${request.path.slice(0, 200)} -> ${res.status} ${text.slice(0, 300)}`;
  }
}

/** Text with everything but printable ASCII as \\uXXXX, so a report shows exactly what was sent. */
const visible = (text: string) => text.replaceAll(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

const describeRequest = (r: FuzzRequest) =>
  `${r.actor} ${r.origin} ${r.method} ${r.path.slice(0, 300)} [${r.contentType ?? '-'}] ${typeof r.body === 'string' ? visible(r.body.slice(0, 600)) : r.body ? `${r.body.length} bytes` : ''}`;

/** fast-check's failure report, with the counterexample cut short (a generated path can be 100 KB). */
function shortReport<Ts>(details: fc.RunDetails<Ts>): void {
  if (!details.failed) return;
  const example = JSON.stringify(details.counterexample, (_key, value: unknown) =>
    typeof value === 'string' && value.length > 300 ? `${value.slice(0, 300)}...(${value.length} chars)` : value instanceof Uint8Array ? `${value.length} bytes` : value,
  );
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  throw new Error(
    `Property failed after ${details.numRuns} runs (replay: FUZZ_SEED=${details.seed}, path ${details.counterexamplePath ?? '-'})\n` +
      `counterexample: ${(example ?? '').slice(0, 2000)}\n${cause.slice(0, 2000)}`,
  );
}

/** Inputs that once answered 5xx, replayed before the generated ones (method, path, body). */
const REGRESSIONS: FuzzRequest[] = [
  // @fastify/websocket answered a plain GET (no Upgrade) with an empty 404.
  { method: 'GET', path: '/api/realtime?q=%&token=%&id=%', actor: 'ann', origin: 'app' },
  // Node's HTTP parser refused a 100 KB address with Fastify's own error body (431).
  { method: 'POST', path: `/api/notifications/${'%F0%9F%8E%B8'.repeat(3000)}/read`, actor: 'ann', origin: 'app', body: '""', contentType: 'application/json' },
  // A tag of three UTF-16 units but two characters ('!' and an astral code point) broke the post_tags check (500).
  {
    method: 'POST',
    path: '/api/posts',
    actor: 'ann',
    origin: 'app',
    body: JSON.stringify({ title: '\u000e\u0001\u0001\u0001\u0001\u0001\u0001\u0001\u0001\u0001', offering: '     ! \u03b1\u0313\u0300  A\u0300 A\u0302\u0301    .!\ud800\udc00', lookingFor: '!                  !' }),
    contentType: 'application/json',
  },
  // Five emoji pass zod's .min(10) (UTF-16 units) but not the database's char_length check (500).
  { method: 'POST', path: '/api/posts', actor: 'ann', origin: 'app', body: JSON.stringify({ title: '🎸🎸🎸🎸🎸', offering: '🎸'.repeat(10), lookingFor: 'Help with my garden, please' }), contentType: 'application/json' },
  { method: 'PATCH', path: '/api/settings', actor: 'ann', origin: 'app', body: JSON.stringify({ name: '🎸' }), contentType: 'application/json' },
];

describe.each(testDatabases())('generated hostile input on %s', (kind) => {
  let server: TestServer | undefined;
  let world: World;
  let dist = '';
  beforeAll(async () => {
    // A stand-in build, so the web app's routes answer as in production.
    dist = mkdtempSync(path.join(tmpdir(), 'skillswap-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<html><head><title>x</title><!--app-config--><!--page-meta--></head><body>app</body></html>');
    server = await startTestServer(kind, {
      TRUST_PROXY: 'true',
      // Write limits would turn most generated writes into 429s before they reach the services.
      POSTS_PER_HOUR: '0',
      ACTIVE_POSTS_MAX: '0',
      EXCHANGE_REQUESTS_PER_HOUR: '0',
      MESSAGES_PER_MINUTE: '0',
    }, { webDistDir: dist });
    world = await buildWorld(server);
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it(`answers ${HTTP_RUNS} generated requests to every route without a 5xx, a stack trace or an undocumented error`, async () => {
    const routes = world.server.app.routeTable;
    expect(routes.length).toBeGreaterThan(50);
    const requests = fc.oneof(...routes.map((route) => requestArbitrary(route, world)));
    const loops = await Promise.all(Array.from({ length: LOOPS }, () => RequestLoop.start(world)));
    for (const example of REGRESSIONS) expect(await loops[0]?.send(example)).toBeNull();
    await Promise.all(
      loops.map((loop, i) =>
        fc.assert(
          fc.asyncProperty(requests, async (request) => {
            const problem = await loop.send(request);
                    if (problem) throw new Error(`${problem}\n  request: ${describeRequest(request)}`);
          }),
          { numRuns: Math.ceil(HTTP_RUNS / LOOPS), seed: SEED + i, path: REPLAY_PATH, reporter: shortReport },
        ),
      ),
    );
    expect(loops.reduce((n, loop) => n + loop.sent, 0)).toBeGreaterThanOrEqual(HTTP_RUNS);
  }, 600_000);

  it(`answers ${UPLOAD_RUNS} generated photo uploads (non-images, bombs, huge dimensions, broken files) with a documented 4xx or a photo`, async () => {
    const ann = await signIn(world.server, world.ann.email);
    const png = await makeImage('png', 32, 32);
    const jpeg = await makeImage('jpeg', 32, 32);
    const files: Buffer[] = [
      Buffer.from('just some text'),
      Buffer.from('<html><script>alert(1)</script></html>'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'),
      Buffer.from('PK\u0003\u0004 zip'),
      Buffer.from('GIF89a'),
      Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '),
      Buffer.alloc(0),
      makePngBomb(),
      makePngBomb(60_000),
      jpeg.subarray(0, Math.floor(jpeg.length / 2)),
      png.subarray(0, 40),
      png,
    ];
    const file = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...files) },
      { weight: 2, arbitrary: fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes)) },
      // A real image with bytes flipped or cut short.
      {
        weight: 3,
        arbitrary: fc
          .tuple(fc.constantFrom(png, jpeg), fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 6 }), fc.option(fc.nat()))
          .map(([image, flips, cut]) => {
            const copy = Buffer.from(image);
            for (const [at, byte] of flips) copy[at % copy.length] = byte;
            return cut === null ? copy : copy.subarray(0, cut % copy.length);
          }),
      },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          file,
          field: fc.oneof({ weight: 5, arbitrary: fc.constant('photo') }, { weight: 1, arbitrary: hostileString.filter((s) => !s.includes(NUL)) }),
          filename: fc.oneof(fc.constantFrom('photo.png', 'a.jpg', 'x.svg', '../../etc/passwd', '.htaccess'), hostileString.filter((s) => !s.includes(NUL) && !s.includes(LONE_HIGH))),
          type: fc.constantFrom('image/png', 'image/jpeg', 'image/svg+xml', 'text/html', 'application/octet-stream', ''),
          signedIn: fc.boolean(),
        }),
        async ({ file: bytes, field, filename, type, signedIn }) => {
          // The per-member upload limit would answer 429 before the file is looked at.
          await world.server.app.database.db.delete(rateLimits).where(eq(rateLimits.key, `app:photo-upload:${world.ann.userId}`));
          const res = await uploadPhoto(world.server, signedIn ? ann.cookieHeader() : undefined, bytes, { field, filename, type });
          const text = await res.text();
          const problem = answerProblem('/api/photos', res.status, res.headers.get('content-type') ?? '', text);
          if (problem) throw new Error(`${problem}: ${res.status} ${text.slice(0, 300)}`);
          expect([201, 400, 401, 413, 415]).toContain(res.status);
        },
      ),
      { numRuns: UPLOAD_RUNS, seed: SEED, reporter: shortReport },
    );
    // A file over the size limit: refused as too large, never read whole.
    await world.server.app.database.db.delete(rateLimits).where(eq(rateLimits.key, `app:photo-upload:${world.ann.userId}`));
    // It starts as a JPEG does, so only its size is wrong.
    const oversized = Buffer.alloc(PROFILE_LIMITS.photoMaxBytes + 1024, 1);
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]).copy(oversized);
    const tooBig = await uploadPhoto(world.server, ann.cookieHeader(), oversized);
    expect(tooBig.status).toBe(413);
    expect(answerProblem('/api/photos', tooBig.status, tooBig.headers.get('content-type') ?? '', await tooBig.text())).toBeNull();
  }, 300_000);

  it(`closes ${WS_RUNS} sockets fed generated frames (malformed, huge, unknown types, invalid UTF-8) with the documented codes`, async () => {
    const ann = await signIn(world.server, world.ann.email);
    type Frame = { data: string | Buffer; binary: boolean; ping: boolean };
    const text = (data: string): Frame => ({ data, binary: false, ping: data === '{"type":"ping"}' });
    const frame: fc.Arbitrary<Frame> = fc.oneof(
      { weight: 4, arbitrary: fc.constant(text('{"type":"ping"}')) },
      { weight: 3, arbitrary: fc.json({ maxDepth: 3 }).map(text) },
      {
        weight: 3,
        arbitrary: fc
          .constantFrom('{"type":"pong"}', '{"type":"subscribe","channel":"*"}', '{"type":"ping","extra":1}', '{"type":"PING"}', '{"type":["ping"]}', '{"__proto__":{"type":"ping"}}', '', 'ping', nested(5000))
          .map(text),
      },
      { weight: 2, arbitrary: hostileString.map(text) },
      { weight: 1, arbitrary: fc.constantFrom('x'.repeat(REALTIME_MAX_FRAME_BYTES + 1), JSON.stringify({ type: 'ping', pad: 'x'.repeat(REALTIME_MAX_FRAME_BYTES) })).map(text) },
      // Text frames that are not UTF-8.
      { weight: 1, arbitrary: fc.constantFrom(Buffer.from([0xff, 0xfe]), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from([0xc0, 0xaf])).map((data) => ({ data, binary: false, ping: false })) },
      { weight: 2, arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes) => ({ data: Buffer.from(bytes), binary: true, ping: false })) },
    );
    const expectedCloses = new Set<number>([REALTIME_CLOSE.unsupported, REALTIME_CLOSE.tooBig, 1007, REALTIME_CLOSE.unauthenticated]);
    await fc.assert(
      fc.asyncProperty(
        fc.record({ frames: fc.array(frame, { minLength: 1, maxLength: 4 }), signedIn: fc.boolean(), origin: fc.constantFrom('app', 'app', 'app', 'foreign') }),
        async ({ frames, signedIn, origin }) => {
          const headers: Record<string, string> = { origin: origin === 'app' ? world.server.url : 'https://evil.example' };
          if (signedIn) headers.cookie = ann.cookieHeader();
          const ws = new WebSocket(`${world.server.url.replace('http', 'ws')}/api/realtime`, { headers });
          const outcome = await new Promise<{ refused?: number; closed?: number; pongs: number }>((resolve, reject) => {
            let pongs = 0;
            const timer = setTimeout(() => {
              ws.terminate();
              reject(new Error(`socket neither closed nor answered: ${JSON.stringify(frames).slice(0, 300)}`));
            }, 20_000);
            const done = (value: { refused?: number; closed?: number; pongs: number }) => {
              clearTimeout(timer);
              resolve(value);
            };
            ws.on('unexpected-response', (_req, res) => {
              done({ refused: res.statusCode ?? 0, pongs });
              ws.terminate();
            });
            ws.on('error', () => undefined);
            ws.on('close', (code) => done({ closed: code, pongs }));
            ws.on('message', (data) => {
              if (String(data) === '{"type":"pong"}') pongs++;
              if (pongs === frames.length) ws.close(1000);
            });
            ws.on('open', () => {
              for (const f of frames) ws.send(f.data, { binary: f.binary });
            });
          });
          if (origin === 'foreign') {
            expect(outcome.refused).toBe(403);
            return;
          }
          if (!signedIn) {
            expect(outcome.closed).toBe(REALTIME_CLOSE.unauthenticated);
            return;
          }
          const firstBad = frames.findIndex((f) => !f.ping);
          if (firstBad < 0) {
            expect(outcome).toEqual({ closed: 1000, pongs: frames.length });
          } else {
            expect(outcome.pongs).toBe(firstBad);
            expect(expectedCloses, `close code ${outcome.closed}`).toContain(outcome.closed);
          }
        },
      ),
      { numRuns: WS_RUNS, seed: SEED, reporter: shortReport },
    );
    expect((await fetch(`${world.server.url}/api/health`)).status).toBe(200);
  }, 300_000);
});
