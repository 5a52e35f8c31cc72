import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FeedResponse } from '../../../shared/schemas/matching.js';
import type { ExchangeRequestItem } from '../../../shared/schemas/requests.js';
import { conversations, exchangeRequests, mailQueue, messages, notifications } from '../../db/schema/index.js';
import { insertPost, memberWithProfile, setSettings, useTestServer, type ApiErrorBody } from '../../test/factories.js';
import { testDatabases } from '../../test/harness.js';

describe.each(testDatabases())('exchange requests on %s', (kind) => {
  const server = useTestServer(kind);
  const db = () => server().app.database.db;
  const seed = { offering: 'Bread baking for beginners, all welcome', lookingFor: 'Someone to help me with spreadsheets' };

  it('stores a pending request, opens the conversation and sends the note as the first message', async () => {
    const owner = await memberWithProfile(server());
    const requester = await memberWithProfile(server());
    const word = `wombat${Date.now().toString(36)}`;
    const postId = await insertPost(db(), owner.userId, { ...seed, offering: `${seed.offering} ${word}` });
    const res = await requester.client.post('/api/requests', { postId, message: '  I would love to learn!  ' });
    expect(res.status).toBe(201);
    const request = await requester.client.json<ExchangeRequestItem>(res);
    expect(request).toMatchObject({ postId, requesterId: requester.userId, status: 'pending', message: 'I would love to learn!' });

    expect(request.conversationId).toEqual(expect.any(String));
    const [conversation] = await db().select().from(conversations).where(eq(conversations.id, request.conversationId ?? ''));
    expect(conversation).toMatchObject({ participant1Id: requester.userId, participant2Id: owner.userId, postId });
    const chat = await db().select().from(messages).where(eq(messages.conversationId, request.conversationId ?? ''));
    expect(chat.map((m) => [m.senderId, m.content, m.messageType])).toEqual([[requester.userId, 'I would love to learn!', 'text']]);

    const feed = await requester.client.json<FeedResponse>(await requester.client.get(`/api/feed?q=${word}`));
    expect(feed.items.find((p) => p.id === postId)?.exchangeStatus).toBe('pending');
  });

  it("sends 'Hi! I sent you an exchange request.' without a note and reuses the pair's conversation", async () => {
    const owner = await memberWithProfile(server());
    const requester = await memberWithProfile(server());
    const postId = await insertPost(db(), owner.userId, seed);
    const first = await requester.client.json<ExchangeRequestItem>(await requester.client.post('/api/requests', { postId, message: '   ' }));
    expect(first.message).toBeNull();
    await db().update(exchangeRequests).set({ status: 'declined' }).where(eq(exchangeRequests.id, first.id));
    const touchedAt = async () =>
      (await db().select({ at: conversations.updatedAt }).from(conversations).where(eq(conversations.id, first.conversationId ?? '')))[0]?.at.getTime();
    await db().update(conversations).set({ updatedAt: new Date(Date.now() - 60_000) }).where(eq(conversations.id, first.conversationId ?? ''));
    const before = await touchedAt();
    const second = await requester.client.json<ExchangeRequestItem>(await requester.client.post('/api/requests', { postId }));
    expect(second.conversationId).toBe(first.conversationId);
    // The pair's conversation comes to the top of both members' lists with the new request.
    expect(await touchedAt()).toBeGreaterThan((before ?? 0) + 30_000);
    const chat = await db().select({ content: messages.content }).from(messages).where(eq(messages.conversationId, first.conversationId ?? ''));
    expect(chat.map((m) => m.content)).toEqual(['Hi! I sent you an exchange request.', 'Hi! I sent you an exchange request.']);
  });

  it("names the pair's conversation in the author's notification, e-mail and events when it is made while the request is sent", async () => {
    const owner = await memberWithProfile(server());
    const requester = await memberWithProfile(server());
    const postId = await insertPost(db(), owner.userId, seed);
    // The owner starts the conversation about the post in a transaction still open while the
    // request is sent: on PostgreSQL the request reads no conversation, then its statement waits
    // for this one on the pair's unique index and finds it there once it commits.
    let made = '';
    let sending: Promise<Response> | undefined;
    await db().transaction(async (tx) => {
      const [row] = await tx
        .insert(conversations)
        .values({ participant1Id: owner.userId, participant2Id: requester.userId, postId })
        .returning({ id: conversations.id });
      made = row?.id ?? '';
      if (kind === 'postgres') {
        sending = requester.client.post('/api/requests', { postId });
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    });
    const res = await (sending ?? requester.client.post('/api/requests', { postId }));
    expect(res.status).toBe(201);
    const request = await requester.client.json<ExchangeRequestItem>(res);
    expect(request.conversationId).toBe(made);
    const pair = await db().select({ id: conversations.id }).from(conversations).where(eq(conversations.postId, postId));
    expect(pair).toEqual([{ id: made }]);
    const [notification] = await db().select().from(notifications).where(and(eq(notifications.userId, owner.userId), eq(notifications.type, 'exchange_request')));
    expect(notification?.data).toMatchObject({ requestId: request.id, conversationId: made });
    const mails = await db().select({ text: mailQueue.textBody }).from(mailQueue).where(eq(mailQueue.userId, owner.userId));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`/messages/${made}`);
  });

  it('refuses a duplicate open request (409), an own post (403), a hidden or unknown post (404) and a long note (400)', async () => {
    const owner = await memberWithProfile(server());
    const requester = await memberWithProfile(server());
    const postId = await insertPost(db(), owner.userId, seed);
    expect((await requester.client.post('/api/requests', { postId })).status).toBe(201);
    const duplicate = await requester.client.post('/api/requests', { postId, message: 'again' });
    expect(duplicate.status).toBe(409);
    expect((await requester.client.json<ApiErrorBody>(duplicate)).error.code).toBe('CONFLICT');

    const own = await owner.client.post('/api/requests', { postId });
    expect(own.status).toBe(403);

    const hiddenPost = await insertPost(db(), owner.userId, { ...seed, status: 'hidden' });
    expect((await requester.client.post('/api/requests', { postId: hiddenPost })).status).toBe(404);
    const privateOwner = await memberWithProfile(server());
    await setSettings(db(), privateOwner.userId, { profileVisibility: false });
    const privatePost = await insertPost(db(), privateOwner.userId, seed);
    expect((await requester.client.post('/api/requests', { postId: privatePost })).status).toBe(404);
    expect((await requester.client.post('/api/requests', { postId: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);

    const other = await insertPost(db(), owner.userId, seed);
    const long = await requester.client.post('/api/requests', { postId: other, message: 'x'.repeat(301) });
    expect(long.status).toBe(400);
    expect((await requester.client.json<ApiErrorBody>(long)).error.fields?.message).toBe('Your note must be 300 characters or less.');
    expect((await requester.client.post('/api/requests', { postId: 'nope' })).status).toBe(400);
    const written = await db()
      .select()
      .from(exchangeRequests)
      .where(and(eq(exchangeRequests.requesterId, requester.userId)));
    expect(written).toHaveLength(1);
  });

  it('lets exactly one of two simultaneous requests through', async () => {
    const owner = await memberWithProfile(server());
    const requester = await memberWithProfile(server());
    const postId = await insertPost(db(), owner.userId, seed);
    const results = await Promise.all([1, 2, 3].map(() => requester.client.post('/api/requests', { postId })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const chat = await db().select().from(conversations).where(eq(conversations.postId, postId));
    expect(chat).toHaveLength(1);
  });
});

describe.each(testDatabases())('exchange request limit on %s', (kind) => {
  const server = useTestServer(kind, { EXCHANGE_REQUESTS_PER_HOUR: '2' });
  const db = () => server().app.database.db;
  const seed = { offering: 'Bread baking for beginners, all welcome', lookingFor: 'Someone to help me with spreadsheets' };

  it('answers 429 with Retry-After and a message once a member has sent their requests for the hour', async () => {
    const owner = await memberWithProfile(server());
    const requester = await memberWithProfile(server());
    const postIds = [];
    for (let i = 0; i < 3; i += 1) postIds.push(await insertPost(db(), owner.userId, seed));
    for (const postId of postIds.slice(0, 2)) expect((await requester.client.post('/api/requests', { postId })).status).toBe(201);
    const res = await requester.client.post('/api/requests', { postId: postIds[2] });
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    const body = await requester.client.json<ApiErrorBody>(res);
    expect(body.error.code).toBe('RATE_LIMITED');
    expect(body.error.message).toMatch(/^You can send up to 2 exchange requests an hour\. Please try again in (60|59) minutes\.$/);
    const stored = await db().select().from(exchangeRequests).where(eq(exchangeRequests.requesterId, requester.userId));
    expect(stored).toHaveLength(2);
    // Someone else may still send one on the same post.
    const other = await memberWithProfile(server());
    expect((await other.client.post('/api/requests', { postId: postIds[2] })).status).toBe(201);
  });
});
