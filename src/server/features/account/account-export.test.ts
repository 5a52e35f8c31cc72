import { describe, expect, it } from 'vitest';
import type { ExchangeRequestItem } from '../../../shared/schemas/requests.js';
import type { ConversationSummary } from '../../../shared/schemas/messages.js';
import { SETTING_DEFAULTS } from '../../../shared/schemas/settings.js';
import { TestClient } from '../../test/client.js';
import { insertPost, memberWithProfile, useTestServer } from '../../test/factories.js';
import { testDatabases } from '../../test/harness.js';
import type { AccountExport } from './account-export.service.js';

const seed = { offering: 'Bike repair and tune-ups for commuters', lookingFor: 'Help with my vegetable garden' };

describe.each(testDatabases())('/api/account/export on %s', (kind) => {
  const server = useTestServer(kind);
  const db = () => server().app.database.db;

  const exportOf = async (client: TestClient) => {
    const res = await client.get('/api/account/export');
    expect(res.status).toBe(200);
    return { res, text: await res.clone().text(), data: await client.json<AccountExport>(res) };
  };

  it("gives the member their profile, settings, posts, requests, messages, ratings and notifications, and nothing private of others'", async () => {
    const owner = await memberWithProfile(server(), { displayName: 'Olive Exporter' });
    const requester = await memberWithProfile(server(), { displayName: 'Rita Requester' });
    const stranger = await memberWithProfile(server(), { displayName: 'Sam Stranger' });
    const activePost = await insertPost(db(), owner.userId, { ...seed, title: 'Bike repair for garden help' });
    const hiddenPost = await insertPost(db(), owner.userId, { ...seed, title: 'An older hidden post of mine', status: 'hidden' });
    expect((await owner.client.request('PATCH', '/api/settings', { settings: { weeklyDigest: true } })).status).toBe(200);

    // A request on the owner's post, accepted and completed, then rated both ways.
    const created = await requester.client.post('/api/requests', { postId: activePost, message: 'Happy to dig your beds' });
    expect(created.status).toBe(201);
    const request = await requester.client.json<ExchangeRequestItem>(created);
    for (const status of ['accepted', 'completed']) {
      expect((await owner.client.request('PATCH', `/api/requests/${request.id}`, { status })).status).toBe(200);
    }
    expect((await requester.client.post(`/api/requests/${request.id}/rating`, { stars: 5, comment: 'Great repair' })).status).toBe(201);
    expect((await owner.client.post(`/api/requests/${request.id}/rating`, { stars: 4, comment: 'Lovely garden work' })).status).toBe(201);
    // A request the owner sent on someone else's post.
    const strangerPost = await insertPost(db(), stranger.userId, seed);
    expect((await owner.client.post('/api/requests', { postId: strangerPost })).status).toBe(201);

    // A message in the owner's conversation, and a conversation the owner is not part of.
    const opened = await requester.client.post('/api/conversations', { memberId: owner.userId });
    const conversation = await requester.client.json<ConversationSummary>(opened);
    expect((await requester.client.post(`/api/conversations/${conversation.id}/messages`, { content: 'See you on Saturday' })).status).toBe(201);
    const elsewhere = await requester.client.json<ConversationSummary>(await requester.client.post('/api/conversations', { memberId: stranger.userId }));
    expect((await stranger.client.post(`/api/conversations/${elsewhere.id}/messages`, { content: 'A secret between Rita and Sam' })).status).toBe(201);

    const { res, text, data } = await exportOf(owner.client);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="skillswap-data-${new Date().toISOString().slice(0, 10)}.json"`);

    expect(Date.parse(data.exportedAt)).not.toBeNaN();
    expect(data.account).toMatchObject({ id: owner.userId, email: owner.email, emailVerified: true });
    expect(data.profile).toMatchObject({ displayName: 'Olive Exporter', zipCode: '02108', skillKeywords: ['testing'] });
    expect(data.settings).toEqual({ ...SETTING_DEFAULTS, weeklyDigest: true });
    expect(data.posts.map((p) => [p.id, p.status]).sort()).toEqual(
      [
        [activePost, 'active'],
        [hiddenPost, 'hidden'],
      ].sort(),
    );
    expect(data.requests.received).toEqual([
      expect.objectContaining({
        id: request.id,
        status: 'completed',
        message: 'Happy to dig your beds',
        post: { id: activePost, title: 'Bike repair for garden help' },
        requester: { id: requester.userId, name: 'Rita Requester' },
      }),
    ]);
    expect(data.requests.sent).toEqual([
      expect.objectContaining({ status: 'pending', post: expect.objectContaining({ id: strangerPost }), postOwner: { id: stranger.userId, name: 'Sam Stranger' } }),
    ]);
    const mine = data.conversations.find((c) => c.id === conversation.id);
    expect(mine).toMatchObject({ otherMember: { id: requester.userId, name: 'Rita Requester' } });
    expect(mine?.messages).toEqual(
      expect.arrayContaining([expect.objectContaining({ senderId: requester.userId, fromMe: false, content: 'See you on Saturday' })]),
    );
    expect(data.conversations.map((c) => c.id)).not.toContain(elsewhere.id);
    expect(data.ratings.given).toEqual([
      expect.objectContaining({ exchangeRequestId: request.id, stars: 4, comment: 'Lovely garden work', ratedMember: { id: requester.userId, name: 'Rita Requester' } }),
    ]);
    expect(data.ratings.received).toEqual([
      expect.objectContaining({ exchangeRequestId: request.id, stars: 5, comment: 'Great repair', rater: { id: requester.userId, name: 'Rita Requester' } }),
    ]);
    expect(data.notifications.map((n) => n.type)).toEqual(expect.arrayContaining(['exchange_request', 'rating_received']));

    // Nothing private of others, and no secrets of the member's own.
    for (const secret of [requester.email, stranger.email, 'A secret between Rita and Sam', 'password', 'token']) {
      expect(text).not.toContain(secret);
    }
    // The requester's own export holds their side, and never the owner's e-mail.
    const other = await exportOf(requester.client);
    expect(other.data.account.email).toBe(requester.email);
    expect(other.data.requests.sent.map((r) => r.id)).toEqual([request.id]);
    expect(other.data.conversations.map((c) => c.id)).toEqual(expect.arrayContaining([conversation.id, elsewhere.id]));
    expect(other.text).not.toContain(owner.email);
  });

  it('answers a member without any activity with empty sections', async () => {
    const member = await memberWithProfile(server());
    const { data } = await exportOf(member.client);
    expect(data).toMatchObject({ posts: [], requests: { sent: [], received: [] }, conversations: [], ratings: { given: [], received: [] }, settings: SETTING_DEFAULTS });
  });

  it('answers visitors with 401 and ignores anything that tries to name another member', async () => {
    const visitor = new TestClient(server().url);
    expect((await visitor.get('/api/account/export')).status).toBe(401);
    const alice = await memberWithProfile(server());
    const bob = await memberWithProfile(server());
    expect((await alice.client.get('/api/account/export?x=%00')).status).toBe(400);
    const res = await alice.client.get(`/api/account/export?userId=${encodeURIComponent(bob.userId)}`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain(alice.email);
    expect(text).not.toContain(bob.email);
    const posted = await alice.client.request('POST', '/api/account/export', { userId: bob.userId });
    expect(posted.status).toBeGreaterThanOrEqual(400);
    expect(posted.status).toBeLessThan(500);
  });
});
