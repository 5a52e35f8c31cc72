import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedResponse } from '../../shared/schemas/matching.js';
import type { ConversationSummary, MessageItem, RealtimeEvent } from '../../shared/schemas/messages.js';
import type { NotificationListResponse } from '../../shared/schemas/notifications.js';
import { sessions } from '../db/schema/index.js';
import { insertPost, memberWithProfile, useTestServer } from '../test/factories.js';
import { startTestServer, testDatabases, type TestServer } from '../test/harness.js';
import type { TestClient } from '../test/client.js';
import { signedInMember } from '../test/members.js';
import { notify } from '../features/notifications/notify.js';
import { createHub, DATABASE_CHANNELS } from './hub.js';
import { publishToMembers } from './member-events.js';
import { openSocket } from '../test/sockets.js';

/** Polls `read` until `check` holds or the time is up; returns the last value. */
async function until<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
}

const mine = async (client: TestClient) => (await client.get('/api/posts/mine')).status;

describe.each(testDatabases())('session cache on %s', (kind) => {
  const server = useTestServer(kind);

  it('refuses a signed-out session on the very next request', async () => {
    const { client } = await signedInMember(server());
    expect(await mine(client)).toBe(200);
    const stolen = client.clone();
    expect(await mine(stolen)).toBe(200);
    expect((await client.post('/api/auth/sign-out')).status).toBe(200);
    expect(await mine(stolen)).toBe(401);
  });

  it('refuses a session deleted straight in the database (an operator revoking it)', async () => {
    const { client, userId } = await signedInMember(server());
    expect(await mine(client)).toBe(200);
    await server().app.database.db.delete(sessions).where(eq(sessions.userId, userId));
    expect(await until(() => mine(client), (s) => s === 401)).toBe(401);
  });

  it('answers 401 for a cookie that was never issued, however often it is sent', async () => {
    const { client } = await signedInMember(server());
    const forged = client.clone();
    // Same cookie name, another value: never confirmed by better-auth, never cached.
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${server().url}/api/posts/mine`, { headers: { cookie: 'better-auth.session_token=forged.value' } });
      expect(res.status).toBe(401);
    }
    expect(await mine(forged)).toBe(200);
  });
});

describe.skipIf(!testDatabases().includes('postgres'))('two instances on one PostgreSQL', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startTestServer('postgres', { TRUST_PROXY: 'true' });
    b = await startTestServer('postgres', { TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('a session signed out on one instance is refused by the other', async () => {
    const { client } = await signedInMember(a);
    const onB = client.clone(b.url);
    expect(await mine(onB)).toBe(200);
    expect((await client.post('/api/auth/sign-out')).status).toBe(200);
    expect(await until(() => mine(onB), (s) => s === 401)).toBe(401);
  });

  it('keeps hearing the other instance after its LISTEN connection is cut', async () => {
    const viewer = await memberWithProfile(a);
    const author = await memberWithProfile(a);
    const feedOnA = async () => viewer.client.json<FeedResponse>(await viewer.client.get('/api/feed?limit=50'));
    await feedOnA();
    const before = await a.app.database.listenerBackendPid();
    expect(before).not.toBeNull();
    await b.app.database.db.execute(sql`SELECT pg_terminate_backend(${before})`);
    const after = await until(
      () => a.app.database.listenerBackendPid().catch(() => null),
      (pid) => pid !== null && pid !== before,
      10_000,
    );
    expect(after).not.toBe(before);
    // Written through instance B's connection: A learns of it only by notification.
    const postId = await insertPost(b.app.database.db, author.userId, { offering: 'Pottery wheel lessons for two', lookingFor: 'Help moving a heavy bookshelf' });
    const feed = await until(feedOnA, (f) => f.items.some((i) => i.id === postId));
    expect(feed.items.map((i) => i.id)).toContain(postId);
  });

  it("an event published through instance A reaches the member's socket on instance B", async () => {
    const member = await signedInMember(a);
    const onB = await openSocket(b, member.client.clone(b.url));
    const event = { type: 'conversation.updated' as const, conversationId: `probe-${Math.random().toString(36).slice(2)}` };
    await a.app.database.db.transaction(async (tx) => publishToMembers(tx, [member.userId], event));
    expect(await onB.next((f) => JSON.stringify(f) === JSON.stringify(event))).toEqual(event);
    await a.app.database.db.transaction(async (tx) =>
      notify(tx, { userId: member.userId, type: 'reminder', title: 'Bring the clay', message: 'Tomorrow at ten' }),
    );
    await onB.next((f) => (f as { type?: string }).type === 'notification.created');
  });

  it("a message and its notification sent through instance A's API reach the member connected to instance B", async () => {
    const sender = await signedInMember(a);
    const recipient = await signedInMember(a);
    const onB = await openSocket(b, recipient.client.clone(b.url));
    const opened = await sender.client.post('/api/conversations', { memberId: recipient.userId });
    expect(opened.status).toBe(201);
    const { id: conversationId } = await sender.client.json<ConversationSummary>(opened);
    const content = `Shall we meet at the pottery studio? ${Math.random().toString(36).slice(2)}`;
    const sent = await sender.client.post(`/api/conversations/${conversationId}/messages`, { content, clientId: 'tab-1' });
    expect(sent.status).toBe(201);
    const message = await sender.client.json<MessageItem>(sent);

    const created = (await onB.next(
      (f) => (f as RealtimeEvent).type === 'message.created' && (f as { message: MessageItem }).message.id === message.id,
    )) as Extract<RealtimeEvent, { type: 'message.created' }>;
    expect(created.message).toMatchObject({ conversationId, senderId: sender.userId, content });
    // The 'New message' notification the send created, announced on B and readable there.
    const announced = (await onB.next((f) => (f as RealtimeEvent).type === 'notification.created')) as Extract<
      RealtimeEvent,
      { type: 'notification.created' }
    >;
    const recipientOnB = recipient.client.clone(b.url);
    const list = await recipientOnB.json<NotificationListResponse>(await recipientOnB.get('/api/notifications'));
    expect(list.items.find((n) => n.id === announced.notificationId)).toMatchObject({ type: 'message' });
    expect(onB.received.filter((f) => (f as RealtimeEvent).type === 'message.created')).toHaveLength(1);
  });

  it("a post created on one instance shows in the other's cached feed", async () => {
    const viewer = await memberWithProfile(a);
    const author = await memberWithProfile(a);
    const viewerOnB = viewer.client.clone(b.url);
    // The newest pages: other test files add posts to the shared database meanwhile (a stream of
    // them, in the crash-safety test), which can push this one past the first page.
    const feedOnB = async () => {
      const ids: string[] = [];
      for (let offset = 0; offset < 500; offset += 50) {
        const page = await viewerOnB.json<FeedResponse>(await viewerOnB.get(`/api/feed?limit=50&offset=${offset}`));
        ids.push(...page.items.map((i) => i.id));
        if (page.nextOffset === null) break;
      }
      return ids;
    };
    await feedOnB();
    const postId = await insertPost(a.app.database.db, author.userId, { offering: 'Knitting lessons for beginners', lookingFor: 'Spanish conversation practice' });
    const after = await until(feedOnB, (ids) => ids.includes(postId));
    expect(after).toContain(postId);
  });
});

describe.each(testDatabases())('hub on %s', (kind) => {
  const server = useTestServer(kind);

  it('delivers a notification to every subscriber, the publishing instance included', async () => {
    const hub = await createHub(server().app.database);
    // Unique payloads: other tests' writes notify the same channel of a shared database.
    const probe = `probe-${Math.random().toString(36).slice(2)}`;
    const heard: string[] = [];
    const unsubscribe = hub.subscribe(DATABASE_CHANNELS.contentChanged, (payload) => heard.push(payload));
    await hub.publish(DATABASE_CHANNELS.contentChanged, `${probe}-1`);
    expect(await until(async () => heard, (h) => h.includes(`${probe}-1`))).toContain(`${probe}-1`);
    unsubscribe();
    await hub.publish(DATABASE_CHANNELS.contentChanged, `${probe}-2`);
    // A later notification to a fresh subscriber proves the one above was delivered (in order).
    const later: string[] = [];
    hub.subscribe(DATABASE_CHANNELS.contentChanged, (payload) => later.push(payload));
    await hub.publish(DATABASE_CHANNELS.contentChanged, `${probe}-3`);
    await until(async () => later, (l) => l.includes(`${probe}-3`));
    expect(heard.filter((p) => p.startsWith(probe))).toEqual([`${probe}-1`]);
  });
});
