import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TestClient } from './test/client.js';
import { insertPost, memberWithProfile, useTestServer } from './test/factories.js';
import { testDatabases, type TestServer } from './test/harness.js';

/*
 * The authorization matrix (issue 14, section 5): every route the app registers is called as the
 * data's owner (Ann), the other party of her exchange and conversation (Ben), a third member
 * (Cat) and a visitor, and only those its rule allows succeed. The matrix is checked against
 * `app.routeTable`: a new route without a rule here fails the first test.
 */

type Member = Awaited<ReturnType<typeof memberWithProfile>>;
type Actor = 'owner' | 'party' | 'third' | 'visitor';

interface World {
  server: TestServer;
  ann: Member;
  ben: Member;
  cat: Member;
  visitor: TestClient;
  /** Ann's post, Ben's pending request on it and their conversation. */
  postId: string;
  requestId: string;
  conversationId: string;
  /** Ben's proposal in that conversation: Ann, its recipient, answers it. */
  proposalId: string;
  /** A second post of Ann's with a pending request of Ben's, for the decision route. */
  decidePostRequestId: string;
  /** A completed exchange between them, for ratings. */
  completedRequestId: string;
  /** One of Ann's notifications. */
  notificationId: string;
  /** A post of Ann's that the owner's call deletes. */
  spareFor: (actor: Actor) => Promise<string>;
}

type Call = (client: TestClient, world: World, actor: Actor) => Promise<Response>;

/**
 * - `public`: anyone, visitors too.
 * - `visitor-flow`: the ways in (sign-up, sign-in, recovery, unsubscribe links): for visitors by design.
 * - `dev`: the dev mailbox, loopback only and never in production (tested in mailbox.test.ts).
 * - `realtime`: the WebSocket, authorised per socket and per event (socket.test.ts).
 * - `web`: the single-page app's HTML.
 * - `signed-in`: any member, acting on their own data only; a visitor gets 401.
 * - `allowed`: only these actors succeed on Ann's data; the others get 401 (visitor), 403 or 404.
 * - `token`: for the operator's tools, behind a bearer token from config (METRICS_TOKEN): every
 *   actor, members' sessions included, gets 401 (metrics.test.ts opens it with the token).
 */
type Rule =
  | { access: 'public'; call: Call }
  | { access: 'visitor-flow' | 'dev' | 'realtime' | 'web' }
  | { access: 'signed-in'; call: Call }
  | { access: 'allowed'; allowed: Actor[]; call: Call }
  | { access: 'token'; call: Call };

const validPost = (title: string) => ({ title, offering: 'Pottery lessons, glazing basics', lookingFor: 'Help repairing my old bicycle', keywords: ['Pottery'] });

const RULES: Record<string, Rule> = {
  'GET /api/health': { access: 'public', call: (c) => c.get('/api/health') },
  'GET /api/metrics': { access: 'token', call: (c) => c.get('/api/metrics') },
  'GET /api/auth/*': { access: 'visitor-flow' },
  'POST /api/auth/*': { access: 'visitor-flow' },
  'POST /api/account/resend-verification': { access: 'visitor-flow' },
  'POST /api/account/forgot-password': { access: 'visitor-flow' },
  'GET /api/account/reset-password-token': { access: 'visitor-flow' },
  'POST /api/unsubscribe': { access: 'visitor-flow' },
  'GET /api/account/export': { access: 'signed-in', call: (c) => c.get('/api/account/export') },
  // Wrong password: refused for a member (the deletion itself is tested in account-delete.test.ts).
  'POST /api/account/delete': { access: 'signed-in', call: (c) => c.post('/api/account/delete', { password: 'not-the-password' }) },
  'GET /api/dev/mailbox': { access: 'dev' },
  'GET /dev/mailbox': { access: 'dev' },
  'GET /terms-of-service.pdf': { access: 'public', call: (c) => c.get('/terms-of-service.pdf') },
  'GET /privacy-policy.pdf': { access: 'public', call: (c) => c.get('/privacy-policy.pdf') },
  'GET /api/categories': { access: 'public', call: (c) => c.get('/api/categories') },
  'GET /api/geo/zip/:zip': { access: 'signed-in', call: (c) => c.get('/api/geo/zip/10001') },
  'GET /api/geo/nearest': { access: 'signed-in', call: (c) => c.get('/api/geo/nearest?lat=40.7&lon=-74') },
  'POST /api/photos': { access: 'signed-in', call: (c) => c.post('/api/photos', 'not a multipart body', { 'content-type': 'multipart/form-data; boundary=x' }) },
  'GET /api/photos/:id': { access: 'public', call: (c) => c.get('/api/photos/00000000-0000-4000-8000-000000000000') },
  'GET /api/profiles/me': { access: 'signed-in', call: (c) => c.get('/api/profiles/me') },
  'GET /api/profiles/me/completeness': { access: 'signed-in', call: (c) => c.get('/api/profiles/me/completeness') },
  'PUT /api/profiles/me': { access: 'signed-in', call: (c) => c.request('PUT', '/api/profiles/me', {}) },
  'GET /api/profiles/:id': { access: 'signed-in', call: (c, w) => c.get(`/api/profiles/${w.ann.userId}`) },
  'PUT /api/profiles/:id': {
    access: 'allowed',
    allowed: ['owner'],
    call: async (c, w) => c.request('PUT', `/api/profiles/${w.ann.userId}`, await ownProfileBody(w)),
  },
  'POST /api/posts': { access: 'signed-in', call: (c) => c.post('/api/posts', validPost('Pottery from the matrix')) },
  'PATCH /api/posts/:id': {
    access: 'allowed',
    allowed: ['owner'],
    call: (c, w) => c.request('PATCH', `/api/posts/${w.postId}`, { offering: 'Pottery lessons, glazing', lookingFor: 'Help repairing my old bicycle' }),
  },
  'DELETE /api/posts/:id': { access: 'allowed', allowed: ['owner'], call: async (c, w, actor) => c.request('DELETE', `/api/posts/${await w.spareFor(actor)}`) },
  'POST /api/posts/:id/status': { access: 'allowed', allowed: ['owner'], call: (c, w) => c.post(`/api/posts/${w.postId}/status`, { status: 'active' }) },
  'GET /api/posts/mine': { access: 'signed-in', call: (c) => c.get('/api/posts/mine') },
  'GET /api/feed': { access: 'signed-in', call: (c) => c.get('/api/feed') },
  'GET /api/matches': { access: 'signed-in', call: (c) => c.get('/api/matches') },
  'GET /api/search': { access: 'signed-in', call: (c) => c.get('/api/search?q=pottery') },
  'GET /api/members/:id/summary': { access: 'signed-in', call: (c, w) => c.get(`/api/members/${w.ann.userId}/summary`) },
  'POST /api/requests': { access: 'signed-in', call: (c) => c.post('/api/requests', { postId: '00000000-0000-4000-8000-000000000000' }) },
  'PATCH /api/requests/:id': {
    access: 'allowed',
    allowed: ['owner'],
    call: (c, w) => c.request('PATCH', `/api/requests/${w.decidePostRequestId}`, { status: 'declined' }),
  },
  'POST /api/requests/:id/rating': {
    access: 'allowed',
    allowed: ['owner', 'party'],
    call: (c, w) => c.post(`/api/requests/${w.completedRequestId}/rating`, { stars: 5 }),
  },
  'GET /api/notifications': { access: 'signed-in', call: (c) => c.get('/api/notifications') },
  'GET /api/notifications/unread-count': { access: 'signed-in', call: (c) => c.get('/api/notifications/unread-count') },
  'POST /api/notifications/read-all': { access: 'signed-in', call: (c) => c.post('/api/notifications/read-all') },
  'POST /api/notifications/:id/read': { access: 'allowed', allowed: ['owner'], call: (c, w) => c.post(`/api/notifications/${w.notificationId}/read`) },
  'POST /api/notifications': {
    access: 'signed-in',
    call: (c) => c.post('/api/notifications', { type: 'personal_note', title: 'Note', message: 'Water the plants' }),
  },
  'GET /api/network': { access: 'signed-in', call: (c) => c.get('/api/network') },
  'GET /api/conversations': { access: 'signed-in', call: (c) => c.get('/api/conversations') },
  'POST /api/conversations': { access: 'signed-in', call: (c, w) => c.post('/api/conversations', { memberId: w.ann.userId }) },
  'GET /api/conversations/:id': { access: 'allowed', allowed: ['owner', 'party'], call: (c, w) => c.get(`/api/conversations/${w.conversationId}`) },
  'GET /api/conversations/:id/messages': {
    access: 'allowed',
    allowed: ['owner', 'party'],
    call: (c, w) => c.get(`/api/conversations/${w.conversationId}/messages`),
  },
  'POST /api/conversations/:id/messages': {
    access: 'allowed',
    allowed: ['owner', 'party'],
    call: (c, w) => c.post(`/api/conversations/${w.conversationId}/messages`, { content: 'From the matrix' }),
  },
  'POST /api/conversations/:id/read': { access: 'allowed', allowed: ['owner', 'party'], call: (c, w) => c.post(`/api/conversations/${w.conversationId}/read`) },
  'GET /api/messages/unread-count': { access: 'signed-in', call: (c) => c.get('/api/messages/unread-count') },
  'POST /api/messages/:id/proposal': {
    access: 'allowed',
    allowed: ['owner'],
    call: (c, w) => c.post(`/api/messages/${w.proposalId}/proposal`, { decision: 'declined' }),
  },
  'GET /api/blocks': { access: 'signed-in', call: (c) => c.get('/api/blocks') },
  'POST /api/blocks': { access: 'signed-in', call: (c) => c.post('/api/blocks', { memberId: 'no-such-member' }) },
  'DELETE /api/blocks/:memberId': { access: 'signed-in', call: (c, w) => c.request('DELETE', `/api/blocks/${w.ann.userId}`) },
  'GET /api/settings': { access: 'signed-in', call: (c) => c.get('/api/settings') },
  'PATCH /api/settings': { access: 'signed-in', call: (c) => c.request('PATCH', '/api/settings', { weeklyDigest: false }) },
  'GET /api/verification': { access: 'signed-in', call: (c) => c.get('/api/verification') },
  'POST /api/reports': {
    access: 'signed-in',
    call: (c, w) => c.post('/api/reports', { targetType: 'post', targetId: w.postId, reason: 'other', note: 'Matrix check' }),
  },
  // /help is public: visitors may write to support too (rate-limited; tested in support.test.ts).
  'POST /api/support/messages': { access: 'public', call: (c) => c.post('/api/support/messages', {}) },
  'GET /api/realtime': { access: 'realtime' },
  // The API document and its viewer (plugins/openapi.ts; openapi.test.ts).
  'GET /api/docs': { access: 'public', call: (c) => c.get('/api/docs') },
  'GET /api/docs/json': { access: 'public', call: (c) => c.get('/api/docs/json') },
  'GET /api/docs/yaml': { access: 'public', call: (c) => c.get('/api/docs/yaml') },
  'GET /api/docs/static/index.html': { access: 'public', call: (c) => c.get('/api/docs/static/index.html') },
  'GET /api/docs/static/swagger-initializer.js': { access: 'public', call: (c) => c.get('/api/docs/static/swagger-initializer.js') },
  'GET /api/docs/static/*': { access: 'public', call: (c) => c.get('/api/docs/static/swagger-ui.css') },
  'GET /robots.txt': { access: 'public', call: (c) => c.get('/robots.txt') },
  'GET /sitemap.xml': { access: 'public', call: (c) => c.get('/sitemap.xml') },
  // The built app's files: registered only when dist/web exists (unit tests may run before the build).
  'GET /*': { access: 'web' },
  'GET /': { access: 'web' },
};

/** A complete profile as PUT takes it. */
async function ownProfileBody(w: World): Promise<Record<string, unknown>> {
  const categories = (await (await w.ann.client.get('/api/categories?level=1')).json()) as { id: number }[];
  return {
    photoId: null,
    displayName: 'Ann Owner',
    about: Array.from({ length: 50 }, (_, i) => `word${i}`).join(' '),
    serviceType: 'both',
    primaryCategoryId: categories[0]?.id,
    skillKeywords: ['pottery'],
    portfolioUrl: '',
    linkedinUrl: '',
    leadTime: '1-week',
    zipCode: '10001',
    serviceRadiusMiles: 15,
    location: '',
  };
}

async function created<T>(res: Response): Promise<T> {
  const text = await res.text();
  if (res.status !== 201 && res.status !== 200) throw new Error(`setup call answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

async function buildWorld(server: TestServer): Promise<World> {
  const ann = await memberWithProfile(server, { displayName: 'Ann Owner' });
  const ben = await memberWithProfile(server, { displayName: 'Ben Party' });
  const cat = await memberWithProfile(server, { displayName: 'Cat Third' });
  const db = server.app.database.db;
  const postId = await insertPost(db, ann.userId, { offering: 'Pottery lessons for beginners', lookingFor: 'Help repairing my old bicycle' });
  const request = await created<{ id: string; conversationId: string }>(await ben.client.post('/api/requests', { postId, message: 'Hello Ann' }));
  const proposal = await created<{ id: string }>(
    await ben.client.post(`/api/conversations/${request.conversationId}/messages`, {
      content: 'A proposal',
      exchangeProposal: { offered_skill: 'Bike repair', requested_skill: 'Pottery', duration_hours: 2 },
    }),
  );
  const decidePost = await insertPost(db, ann.userId, { offering: 'Glazing lessons for beginners', lookingFor: 'Help repairing my old bicycle' });
  const decide = await created<{ id: string }>(await ben.client.post('/api/requests', { postId: decidePost }));
  const donePost = await insertPost(db, ann.userId, { offering: 'Kiln firing for beginners', lookingFor: 'Help repairing my old bicycle' });
  const done = await created<{ id: string }>(await ben.client.post('/api/requests', { postId: donePost }));
  await created(await ann.client.request('PATCH', `/api/requests/${done.id}`, { status: 'accepted' }));
  await created(await ann.client.request('PATCH', `/api/requests/${done.id}`, { status: 'completed' }));
  const notifications = await created<{ items: { id: string }[] }>(await ann.client.get('/api/notifications'));
  const notificationId = notifications.items[0]?.id;
  if (!notificationId) throw new Error('Ann has no notification');
  return {
    server,
    ann,
    ben,
    cat,
    visitor: new TestClient(server.url),
    postId,
    requestId: request.id,
    conversationId: request.conversationId,
    proposalId: proposal.id,
    decidePostRequestId: decide.id,
    completedRequestId: done.id,
    notificationId,
    // Each call gets a post of its own, so a refused call and the owner's deletion never meet.
    spareFor: () => insertPost(db, ann.userId, { offering: 'Spare pottery lessons to give', lookingFor: 'Help repairing my old bicycle' }),
  };
}

const clientOf = (w: World, actor: Actor): TestClient =>
  actor === 'owner' ? w.ann.client : actor === 'party' ? w.ben.client : actor === 'third' ? w.cat.client : w.visitor;

describe('the authorization matrix', () => {
  const server = useTestServer('pglite');

  it('has a rule for every route the app registers, and no rule for a route that is gone', () => {
    const routes = server().app.routeTable.map((r) => `${r.method} ${r.url}`);
    const missing = routes.filter((r) => !(r in RULES));
    expect(missing, 'routes without an authorization rule: add them to RULES').toEqual([]);
    const builtOnly = new Set(['GET /*']);
    const stale = Object.keys(RULES).filter((r) => !routes.includes(r) && !builtOnly.has(r));
    expect(stale, 'rules for routes that no longer exist').toEqual([]);
  });
});

describe.each(testDatabases())('authorization matrix on %s', (kind) => {
  const server = useTestServer(kind, { METRICS_TOKEN: `matrix-metrics-${randomBytes(12).toString('hex')}` });
  let world: Promise<World> | undefined;
  const w = () => (world ??= buildWorld(server()));

  const checked = Object.entries(RULES).filter(
    (entry): entry is [string, Extract<Rule, { call: Call }>] => 'call' in entry[1],
  );

  it.each(checked)('%s', async (route, rule) => {
    const world = await w();
    const statusOf = async (actor: Actor) => {
      const res = await rule.call(clientOf(world, actor), world, actor);
      const text = await res.text();
      expect(res.status, `${route} as ${actor}: ${text.slice(0, 300)}`).toBeLessThan(500);
      if (process.env.MATRIX_DEBUG) console.warn(`MATRIX ${route} ${actor} ${res.status} ${text.slice(0, 300)}`);
      return res.status;
    };
    if (rule.access === 'token') {
      for (const actor of ['owner', 'party', 'third', 'visitor'] as const) expect(await statusOf(actor), `${route} as ${actor}`).toBe(401);
      return;
    }
    if (rule.access === 'public') {
      expect([401, 403]).not.toContain(await statusOf('visitor'));
      return;
    }
    expect(await statusOf('visitor')).toBe(401);
    if (rule.access === 'signed-in') {
      // Any member may call it, for themselves: never refused as a visitor or as forbidden.
      expect([401, 403]).not.toContain(await statusOf('third'));
      return;
    }
    // Refused first, so the allowed calls (some change the data) run last.
    for (const actor of (['owner', 'party', 'third'] as const).filter((a) => !rule.allowed.includes(a))) {
      expect([403, 404], `${route} as ${actor}`).toContain(await statusOf(actor));
    }
    for (const actor of rule.allowed) {
      const status = await statusOf(actor);
      expect(status >= 200 && status < 300, `${route} as ${actor}: ${status}`).toBe(true);
    }
  });
});
