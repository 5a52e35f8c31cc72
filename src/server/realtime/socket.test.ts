import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RealtimeEvent } from '../../shared/schemas/messages.js';
import { sessions } from '../db/schema/index.js';
import { notify } from '../features/notifications/notify.js';
import { TestClient } from '../test/client.js';
import { memberWithProfile, useTestServer } from '../test/factories.js';
import { testDatabases } from '../test/harness.js';
import { signedInMember, TEST_PASSWORD } from '../test/members.js';
import { publishToMembers } from './member-events.js';
import { openSocket } from '../test/sockets.js';

const probe = (): RealtimeEvent => ({ type: 'conversation.updated', conversationId: `probe-${Math.random().toString(36).slice(2)}` });
const sameEvent = (event: RealtimeEvent) => (frame: unknown) => JSON.stringify(frame) === JSON.stringify(event);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(testDatabases())('GET /api/realtime on %s', (kind) => {
  const server = useTestServer(kind);

  it("closes a visitor's socket at once with 4401, sending nothing", async () => {
    const tab = await openSocket(server(), null);
    expect(await tab.closed).toBe(4401);
    expect(tab.received).toEqual([]);
  });

  it('refuses a foreign or missing Origin with 403, even with a valid session', async () => {
    const { client } = await signedInMember(server());
    await expect(openSocket(server(), client, 'https://evil.example')).rejects.toThrow('HTTP 403');
    await expect(openSocket(server(), client, null)).rejects.toThrow('HTTP 403');
  });

  it('answers a plain GET without an upgrade with 404', async () => {
    const { client } = await signedInMember(server());
    expect((await client.get('/api/realtime')).status).toBe(404);
  });

  it("delivers an event to its member's sockets only, never to a third member", async () => {
    const a = await signedInMember(server());
    const b = await signedInMember(server());
    const c = await signedInMember(server());
    const [aTab1, aTab2, bTab, cTab] = await Promise.all([
      openSocket(server(), a.client),
      openSocket(server(), a.client),
      openSocket(server(), b.client),
      openSocket(server(), c.client),
    ]);
    const forA = probe();
    const forB = probe();
    const db = server().app.database.db;
    await db.transaction(async (tx) => publishToMembers(tx, [a.userId], forA));
    await db.transaction(async (tx) => publishToMembers(tx, [b.userId], forB));
    await aTab1.next(sameEvent(forA));
    await aTab2.next(sameEvent(forA));
    await bTab.next(sameEvent(forB));
    await sleep(200);
    expect(aTab1.received).not.toContainEqual(forB);
    expect(bTab.received).not.toContainEqual(forA);
    expect(cTab.received).toEqual([]);
  });

  it('sends nothing for a transaction that rolled back', async () => {
    const a = await signedInMember(server());
    const tab = await openSocket(server(), a.client);
    const lost = probe();
    const kept = probe();
    const db = server().app.database.db;
    await db
      .transaction(async (tx) => {
        await publishToMembers(tx, [a.userId], lost);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await db.transaction(async (tx) => publishToMembers(tx, [a.userId], kept));
    await tab.next(sameEvent(kept));
    expect(tab.received).not.toContainEqual(lost);
  });

  it('answers a ping frame with a pong', async () => {
    const { client } = await signedInMember(server());
    const tab = await openSocket(server(), client);
    tab.ws.send(JSON.stringify({ type: 'ping' }));
    expect(await tab.next((f) => (f as { type?: string }).type === 'pong')).toEqual({ type: 'pong' });
  });

  it.each([
    ['text that is not JSON', 'not json', 1003],
    ['an unknown frame type', JSON.stringify({ type: 'subscribe', conversationId: 'someone-elses' }), 1003],
    ['a ping with extra fields', JSON.stringify({ type: 'ping', userId: 'x' }), 1003],
    ['a binary frame', Buffer.from([0, 1, 2, 3]), 1003],
    ['a frame over 4 KB', 'x'.repeat(5000), 1009],
  ])('closes only the socket that sent %s', async (_label, frame, code) => {
    const { client } = await signedInMember(server());
    const bad = await openSocket(server(), client);
    const good = await openSocket(server(), client);
    bad.ws.send(frame);
    expect(await bad.closed).toBe(code);
    expect((await fetch(`${server().url}/api/health`)).status).toBe(200);
    good.ws.send(JSON.stringify({ type: 'ping' }));
    await good.next((f) => (f as { type?: string }).type === 'pong');
    expect(good.ws.readyState).toBe(WebSocket.OPEN);
  });

  it("sends the member's unread counts as the first frame: what happened before the socket opened", async () => {
    const ann = await memberWithProfile(server(), { displayName: 'Ann Early' });
    const bob = await memberWithProfile(server(), { displayName: 'Bob Early' });
    const quiet = await openSocket(server(), bob.client);
    expect(await quiet.unreadCounts).toEqual({ type: 'unread.counts', notifications: 0, messages: 0 });

    // Before Bob's next tab opens: a notification and two messages for him.
    await server().app.database.db.transaction(async (tx) =>
      notify(tx, { userId: bob.userId, type: 'reminder', title: 'Bring the clay', message: 'Tomorrow at ten' }),
    );
    const conversation = await ann.client.json<{ id: string }>(await ann.client.post('/api/conversations', { memberId: bob.userId }));
    for (const content of ['Hello Bob', 'Are you free on Saturday?']) {
      expect((await ann.client.post(`/api/conversations/${conversation.id}/messages`, { content })).status).toBe(201);
    }
    const tab = await openSocket(server(), bob.client);
    const unread = (await tab.unreadCounts) as { notifications: number; messages: number };
    expect(unread.messages).toBe(2);
    expect(unread.notifications).toBeGreaterThanOrEqual(1); // the reminder, and a new-message notification if sent
    const counted = await bob.client.json<{ unread: number }>(await bob.client.get('/api/notifications/unread-count'));
    expect(unread.notifications).toBe(counted.unread);
  });

  it('delivers notify() to the member at commit', async () => {
    const member = await signedInMember(server());
    const tab = await openSocket(server(), member.client);
    await server().app.database.db.transaction(async (tx) =>
      notify(tx, { userId: member.userId, type: 'reminder', title: 'Bring the clay', message: 'Tomorrow at ten' }),
    );
    const frame = (await tab.next((f) => (f as { type?: string }).type === 'notification.created')) as { notificationId: string };
    const list = await member.client.json<{ items: { id: string }[] }>(await member.client.get('/api/notifications'));
    expect(list.items.map((n) => n.id)).toContain(frame.notificationId);
  });

  it("closes a member's sockets when they sign out, and not another session's", async () => {
    const member = await signedInMember(server());
    const laptop = new TestClient(server().url);
    expect((await laptop.post('/api/auth/sign-in/email', { email: member.email, password: TEST_PASSWORD })).status).toBe(200);
    const tab = await openSocket(server(), member.client);
    const laptopTab = await openSocket(server(), laptop);
    expect((await member.client.post('/api/auth/sign-out')).status).toBe(200);
    expect(await tab.closed).toBe(4401);
    await sleep(200);
    laptopTab.ws.send(JSON.stringify({ type: 'ping' }));
    await laptopTab.next((f) => (f as { type?: string }).type === 'pong');
    expect(await (await openSocket(server(), member.client)).closed).toBe(4401);
  });

  it('closes the sockets of a session deleted straight in the database', async () => {
    const member = await signedInMember(server());
    const tab = await openSocket(server(), member.client);
    await server().app.database.db.delete(sessions).where(eq(sessions.userId, member.userId));
    expect(await tab.closed).toBe(4401);
  });
});
