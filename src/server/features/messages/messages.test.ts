import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGE_MESSAGES,
  type ConversationListResponse,
  type ConversationSummary,
  type MessageItem,
  type MessagePage,
  type RealtimeEvent,
} from '../../../shared/schemas/messages.js';
import { messages, notifications } from '../../db/schema/index.js';
import type { MemberEventEnvelope } from '../../realtime/member-events.js';
import { DATABASE_CHANNELS } from '../../realtime/hub.js';
import { TestClient } from '../../test/client.js';
import { insertPost, memberWithProfile, useTestServer, type ApiErrorBody } from '../../test/factories.js';
import { testDatabases } from '../../test/harness.js';

type Member = Awaited<ReturnType<typeof memberWithProfile>>;

describe.each(testDatabases())('conversations and messages on %s', (kind) => {
  const server = useTestServer(kind);
  const db = () => server().app.database.db;

  // Every member event the server publishes, as the realtime hub hears it.
  const events: MemberEventEnvelope[] = [];
  let unlisten: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    unlisten = await server().app.database.listen(DATABASE_CHANNELS.memberEvent, (payload) => {
      events.push(JSON.parse(payload) as MemberEventEnvelope);
    });
  });
  afterAll(async () => unlisten?.());
  const eventsFor = (conversationId: string) =>
    events.filter(({ event }) =>
      event.type === 'message.created' ? event.message.conversationId === conversationId : 'conversationId' in event && event.conversationId === conversationId,
    );
  const waitForEvents = async (conversationId: string, count: number) => {
    for (let i = 0; i < 100 && eventsFor(conversationId).length < count; i += 1) await new Promise((r) => setTimeout(r, 20));
    return eventsFor(conversationId);
  };

  const open = (from: Member, memberId: string, postId?: string) =>
    from.client.post('/api/conversations', postId ? { memberId, postId } : { memberId });
  const openId = async (from: Member, to: Member) => (await from.client.json<ConversationSummary>(await open(from, to.userId))).id;
  const send = (from: Member, conversationId: string, body: unknown) =>
    from.client.post(`/api/conversations/${conversationId}/messages`, body);
  const say = async (from: Member, conversationId: string, content: string) => {
    const res = await send(from, conversationId, { content });
    expect(res.status).toBe(201);
    return from.client.json<MessageItem>(res);
  };
  const list = async (member: Member, q?: string) =>
    (await member.client.json<ConversationListResponse>(
      await member.client.get(`/api/conversations${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}`),
    )).items;
  const unread = async (member: Member) =>
    (await member.client.json<{ unread: number }>(await member.client.get('/api/messages/unread-count'))).unread;
  const messageNotifications = (userId: string) =>
    db()
      .select({ isRead: notifications.isRead, title: notifications.title, message: notifications.message, data: notifications.data })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, 'message')));

  it('answers 401 to a visitor on every route', async () => {
    const visitor = new TestClient(server().url);
    const id = crypto.randomUUID();
    for (const res of [
      await visitor.get('/api/conversations'),
      await visitor.post('/api/conversations', { memberId: 'someone' }),
      await visitor.get(`/api/conversations/${id}`),
      await visitor.get(`/api/conversations/${id}/messages`),
      await visitor.post(`/api/conversations/${id}/messages`, { content: 'Hi' }),
      await visitor.post(`/api/conversations/${id}/read`),
      await visitor.get('/api/messages/unread-count'),
    ]) {
      expect(res.status).toBe(401);
    }
  });

  it('opens a conversation once: 201 new, 200 after, from either side, one per post, and one under racing opens', async () => {
    const ann = await memberWithProfile(server(), { displayName: 'Ann Opener' });
    const bob = await memberWithProfile(server(), { displayName: 'Bob Asker' });
    const first = await open(ann, bob.userId);
    expect(first.status).toBe(201);
    const created = await ann.client.json<ConversationSummary>(first);
    expect(created).toMatchObject({
      otherMember: { id: bob.userId, name: 'Bob Asker', photoUrl: null },
      post: null,
      lastMessage: null,
      unreadCount: 0,
    });
    const again = await open(ann, bob.userId);
    expect(again.status).toBe(200);
    expect((await ann.client.json<ConversationSummary>(again)).id).toBe(created.id);
    const fromBob = await open(bob, ann.userId);
    expect(fromBob.status).toBe(200);
    const bobs = await bob.client.json<ConversationSummary>(fromBob);
    expect(bobs).toMatchObject({ id: created.id, otherMember: { id: ann.userId, name: 'Ann Opener' } });

    // About a post: a conversation of its own, with the post's title.
    const postId = await insertPost(db(), bob.userId, { title: 'Guitar lessons for you', offering: 'Guitar lessons for total beginners', lookingFor: 'Help with my garden beds' });
    const aboutPost = await open(ann, bob.userId, postId);
    expect(aboutPost.status).toBe(201);
    const summary = await ann.client.json<ConversationSummary>(aboutPost);
    expect(summary.id).not.toBe(created.id);
    expect(summary.post).toEqual({ id: postId, title: 'Guitar lessons for you' });
    expect((await ann.client.json<ConversationSummary>(await ann.client.get(`/api/conversations/${summary.id}`))).post?.id).toBe(postId);

    // Ten opens at once, from both sides: one conversation, created exactly once.
    const cat = await memberWithProfile(server());
    const racing = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? open(cat, ann.userId) : open(ann, cat.userId))));
    expect(racing.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    const ids = await Promise.all(racing.map(async (r) => (await r.json()) as ConversationSummary));
    expect(new Set(ids.map((c) => c.id)).size).toBe(1);
  });

  it("a deleted post's conversation joins the pair's general one, or becomes it: no 500, no message lost", async () => {
    const ann = await memberWithProfile(server());
    const bob = await memberWithProfile(server());
    const page = async (member: Member, id: string) =>
      (await member.client.json<{ items: MessageItem[] }>(await member.client.get(`/api/conversations/${id}/messages`))).items.map((m) => m.content);
    const general = await openId(ann, bob);
    await say(ann, general, 'Hello in general');
    const first = await insertPost(db(), bob.userId, { title: 'First post to go', offering: 'Bread baking at home for beginners', lookingFor: 'Help repairing my old bike brakes' });
    const aboutFirst = (await ann.client.json<ConversationSummary>(await open(ann, bob.userId, first))).id;
    await say(ann, aboutFirst, 'About the first post');
    expect((await bob.client.request('DELETE', `/api/posts/${first}`)).status).toBe(204);
    expect((await ann.client.get(`/api/conversations/${aboutFirst}`)).status).toBe(404);
    expect(await page(bob, general)).toEqual(['Hello in general', 'About the first post']);
    expect((await list(ann)).filter((c) => c.otherMember.id === bob.userId).map((c) => c.id)).toEqual([general]);

    // A pair with no general conversation keeps the post's one, now about no post.
    const cat = await memberWithProfile(server());
    const second = await insertPost(db(), cat.userId, { title: 'Second post to go', offering: 'Piano lessons for adult beginners', lookingFor: 'Help planting my vegetable garden' });
    const aboutSecond = (await ann.client.json<ConversationSummary>(await open(ann, cat.userId, second))).id;
    await say(ann, aboutSecond, 'About the second post');
    expect((await cat.client.request('DELETE', `/api/posts/${second}`)).status).toBe(204);
    const kept = await ann.client.json<ConversationSummary>(await ann.client.get(`/api/conversations/${aboutSecond}`));
    expect(kept.post).toBeNull();
    expect(await page(cat, aboutSecond)).toEqual(['About the second post']);
  });

  it('refuses a conversation with oneself, an unknown member, a stranger post and bad bodies', async () => {
    const ann = await memberWithProfile(server());
    const bob = await memberWithProfile(server());
    const self = await open(ann, ann.userId);
    expect(self.status).toBe(400);
    expect((await ann.client.json<ApiErrorBody>(self)).error.message).toBe(MESSAGE_MESSAGES.self);
    const unknown = await open(ann, 'no-such-member');
    expect(unknown.status).toBe(404);
    expect((await ann.client.json<ApiErrorBody>(unknown)).error.message).toBe(MESSAGE_MESSAGES.memberNotFound);
    const strangerPost = await insertPost(db(), (await memberWithProfile(server())).userId, {
      offering: 'Bread baking for beginners, all welcome',
      lookingFor: 'Someone to help me with spreadsheets',
    });
    expect((await open(ann, bob.userId, strangerPost)).status).toBe(404);
    for (const body of [{}, { memberId: 42 }, { memberId: '' }, { memberId: 'x'.repeat(101) }, { memberId: bob.userId, postId: 'nope' }, 'not json']) {
      const res = await ann.client.post('/api/conversations', body);
      expect(res.status).toBe(400);
    }
  });

  it('sends, counts unread, marks read with events to both, and notifies once per unread conversation', async () => {
    const ann = await memberWithProfile(server(), { displayName: 'Ann Sender' });
    const bob = await memberWithProfile(server(), { displayName: 'Bob Reader' });
    const id = await openId(ann, bob);

    const res = await send(ann, id, { content: '  Hello <b>Bob</b>, are you free on Saturday?  ', clientId: 'tab-1-msg-1' });
    expect(res.status).toBe(201);
    const first = await ann.client.json<MessageItem>(res);
    expect(first).toMatchObject({
      conversationId: id,
      senderId: ann.userId,
      content: 'Hello <b>Bob</b>, are you free on Saturday?', // trimmed, stored as plain text
      messageType: 'text',
      exchangeProposal: null,
      isRead: false,
      clientId: 'tab-1-msg-1',
    });
    const second = await say(ann, id, 'x'.repeat(2000));
    expect(second.clientId).toBeNull();

    expect(await unread(bob)).toBe(2);
    expect(await unread(ann)).toBe(0);
    const [bobsView] = await list(bob);
    expect(bobsView).toMatchObject({ id, unreadCount: 2, lastMessage: { id: second.id }, otherMember: { name: 'Ann Sender' } });
    expect((await list(ann))[0]).toMatchObject({ id, unreadCount: 0 });

    // One unread notification for the conversation, however many messages.
    const notes = await messageNotifications(bob.userId);
    expect(notes).toEqual([
      {
        isRead: false,
        title: 'New message',
        message: 'Ann Sender: Hello <b>Bob</b>, are you free on Saturday?',
        data: { conversationId: id, actorId: ann.userId },
      },
    ]);
    expect(await messageNotifications(ann.userId)).toEqual([]);

    // Both members' tabs hear each message, with the sender's clientId.
    const created = (await waitForEvents(id, 2)).filter((e) => e.event.type === 'message.created');
    expect(created).toHaveLength(2);
    expect(new Set(created[0]?.userIds)).toEqual(new Set([ann.userId, bob.userId]));
    expect((created[0]?.event as Extract<RealtimeEvent, { type: 'message.created' }>).message).toEqual(first);

    // Reading marks only the other member's messages, and the notification.
    await say(bob, id, 'Yes, Saturday works!');
    expect((await bob.client.post(`/api/conversations/${id}/read`)).status).toBe(204);
    expect(await unread(bob)).toBe(0);
    expect(await unread(ann)).toBe(1);
    const page = await bob.client.json<MessagePage>(await bob.client.get(`/api/conversations/${id}/messages`));
    expect(page.items.map((m) => [m.senderId, m.isRead])).toEqual([
      [ann.userId, true],
      [ann.userId, true],
      [bob.userId, false],
    ]);
    expect((await messageNotifications(bob.userId)).map((n) => n.isRead)).toEqual([true]);
    const read = (await waitForEvents(id, 6)).filter((e) => e.event.type === 'message.read');
    expect(read).toHaveLength(1);
    expect(read[0]?.event).toEqual({ type: 'message.read', conversationId: id, readerId: bob.userId });
    expect(new Set(read[0]?.userIds)).toEqual(new Set([ann.userId, bob.userId]));

    // Reading again changes nothing and tells no one.
    expect((await bob.client.post(`/api/conversations/${id}/read`)).status).toBe(204);
    await new Promise((r) => setTimeout(r, 100));
    expect(eventsFor(id).filter((e) => e.event.type === 'message.read')).toHaveLength(1);

    // After reading, the next message notifies again.
    await say(ann, id, 'Great, see you then.');
    const after = await messageNotifications(bob.userId);
    expect(after.map((n) => n.isRead).sort()).toEqual([false, true]);
  });

  it('creates one message notification when messages race', async () => {
    const ann = await memberWithProfile(server());
    const bob = await memberWithProfile(server());
    const id = await openId(ann, bob);
    const sent = await Promise.all(Array.from({ length: 6 }, (_, i) => send(i % 2 ? bob : ann, id, { content: `racing ${i}` })));
    expect(sent.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(await messageNotifications(bob.userId)).toHaveLength(1);
    expect(await messageNotifications(ann.userId)).toHaveLength(1);
    expect(await unread(bob)).toBe(3);
  });

  it('quotes the first 80 characters of the message in its notification, under the profile name', async () => {
    const ann = await memberWithProfile(server(), { displayName: 'Ann Long' });
    const bob = await memberWithProfile(server());
    const id = await openId(ann, bob);
    const text = `${'word '.repeat(30)}end`;
    await say(ann, id, text);
    const [note] = await messageNotifications(bob.userId);
    expect(note?.message).toBe(`Ann Long: ${text.slice(0, 80)}`);
  });

  it('lists conversations by latest activity and searches member names and message text server-side', async () => {
    const me = await memberWithProfile(server(), { displayName: 'Mia Searcher' });
    const zed = await memberWithProfile(server(), { displayName: 'Zed Zebra' });
    const yan = await memberWithProfile(server(), { displayName: 'Yan Yak' });
    const xia = await memberWithProfile(server(), { displayName: 'Xia Quiet' });
    const withZed = await openId(me, zed);
    const withYan = await openId(yan, me);
    const withXia = await openId(me, xia);
    await say(me, withZed, 'Hello Zed');
    await say(yan, withYan, 'My bicycle repair costs 50% less on Sundays');
    await say(me, withXia, 'Quick question');
    expect((await list(me)).map((c) => c.id)).toEqual([withXia, withYan, withZed]);
    await say(zed, withZed, 'Back to you');
    expect((await list(me)).map((c) => c.id)).toEqual([withZed, withXia, withYan]);

    expect((await list(me, 'zebra')).map((c) => c.id)).toEqual([withZed]);
    expect((await list(me, 'BICYCLE')).map((c) => c.id)).toEqual([withYan]);
    expect((await list(me, '50%')).map((c) => c.id)).toEqual([withYan]);
    expect((await list(me, '%')).map((c) => c.id)).toEqual([withYan]); // a literal percent sign, not a wildcard
    expect(await list(me, '_')).toEqual([]);
    expect(await list(me, 'nothing like this')).toEqual([]);
    expect((await list(me, '   ')).length).toBe(3);
    // Someone else's conversation never shows, whatever the search.
    expect((await list(zed, 'bicycle')).map((c) => c.id)).toEqual([]);

    const long = await me.client.get(`/api/conversations?q=${'a'.repeat(101)}`);
    expect(long.status).toBe(400);
  });

  it('pages 120 messages 50 at a time, oldest first within a page, the same for both members', async () => {
    const ann = await memberWithProfile(server());
    const bob = await memberWithProfile(server());
    const id = await openId(ann, bob);
    const start = Date.now() - 3_600_000;
    await db()
      .insert(messages)
      .values(
        Array.from({ length: 120 }, (_, i) => ({
          conversationId: id,
          senderId: i % 2 ? bob.userId : ann.userId,
          content: `message ${i + 1}`,
          createdAt: new Date(start + i * 1000),
        })),
      );
    for (const member of [ann, bob]) {
      const seen: string[] = [];
      let before: string | null = null;
      const sizes: number[] = [];
      do {
        const res = await member.client.get(`/api/conversations/${id}/messages${before ? `?before=${encodeURIComponent(before)}` : ''}`);
        expect(res.status).toBe(200);
        const page: MessagePage = await member.client.json<MessagePage>(res);
        sizes.push(page.items.length);
        seen.unshift(...page.items.map((m) => m.content));
        before = page.nextCursor;
      } while (before);
      expect(sizes).toEqual([50, 50, 20]);
      expect(seen).toEqual(Array.from({ length: 120 }, (_, i) => `message ${i + 1}`));
    }

    // A cursor that is not one, or from another conversation, is a 400 with a clear message.
    const other = await openId(ann, await memberWithProfile(server()));
    const otherMessage = await say(ann, other, 'elsewhere');
    const foreign = Buffer.from(`m:${otherMessage.id}`).toString('base64url');
    for (const before of ['garbage', foreign, 'x'.repeat(201)]) {
      const res = await ann.client.get(`/api/conversations/${id}/messages?before=${before}`);
      expect(res.status).toBe(400);
      if (before !== 'x'.repeat(201)) expect((await ann.client.json<ApiErrorBody>(res)).error.message).toBe(MESSAGE_MESSAGES.cursor);
    }
  });

  it('round-trips an exchange proposal message', async () => {
    const ann = await memberWithProfile(server());
    const bob = await memberWithProfile(server());
    const id = await openId(ann, bob);
    const proposal = { offered_skill: 'Guitar lessons', requested_skill: 'Garden design', duration_hours: 2, location: 'Central library', notes: 'Any Saturday' };
    const res = await send(ann, id, { content: 'Exchange proposal', exchangeProposal: proposal, clientId: 'p1' });
    expect(res.status).toBe(201);
    const sent = await ann.client.json<MessageItem>(res);
    expect(sent).toMatchObject({ messageType: 'exchange_proposal', content: 'Exchange proposal', exchangeProposal: proposal, clientId: 'p1' });
    const page = await bob.client.json<MessagePage>(await bob.client.get(`/api/conversations/${id}/messages`));
    expect(page.items).toEqual([{ ...sent, clientId: null }]);
    expect((await list(bob))[0]?.lastMessage).toMatchObject({ messageType: 'exchange_proposal', content: 'Exchange proposal' });

    for (const exchangeProposal of [
      { requested_skill: 'Garden design' },
      { offered_skill: ' ', requested_skill: 'Garden design' },
      { offered_skill: 'Guitar', requested_skill: 'Garden', duration_hours: 0 },
      { offered_skill: 'Guitar', requested_skill: 'Garden', duration_hours: 1.5 },
      'a proposal',
    ]) {
      expect((await send(ann, id, { content: 'Exchange proposal', exchangeProposal })).status).toBe(400);
    }
  });

  it('refuses blank, too long and malformed messages with field messages', async () => {
    const ann = await memberWithProfile(server());
    const bob = await memberWithProfile(server());
    const id = await openId(ann, bob);
    const blank = await send(ann, id, { content: ' \n\t ' });
    expect(blank.status).toBe(400);
    expect((await ann.client.json<ApiErrorBody>(blank)).error.fields?.content).toBe(MESSAGE_MESSAGES.contentRequired);
    const long = await send(ann, id, { content: 'x'.repeat(2001) });
    expect(long.status).toBe(400);
    expect((await ann.client.json<ApiErrorBody>(long)).error.fields?.content).toBe(MESSAGE_MESSAGES.contentMax);
    for (const body of [{}, { content: 42 }, { content: ['hi'] }, { content: 'hi', clientId: 'c'.repeat(101) }, { content: 'a\u0000b' }, 'text']) {
      expect((await send(ann, id, body)).status).toBe(400);
    }
    expect(await unread(bob)).toBe(0);
  });

  it('refuses the 31st message in a minute with 429', async () => {
    const ann = await memberWithProfile(server());
    const bob = await memberWithProfile(server());
    const id = await openId(ann, bob);
    for (let i = 0; i < 30; i += 1) expect((await send(ann, id, { content: `message ${i}` })).status).toBe(201);
    const res = await send(ann, id, { content: 'one too many' });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await ann.client.json<ApiErrorBody>(res)).error.message).toBe(MESSAGE_MESSAGES.rateLimited);
    // The other member is not affected.
    expect((await send(bob, id, { content: 'Slow down!' })).status).toBe(201);
  });

  it('answers 404 to a third member and to bad ids on every route', async () => {
    const ann = await memberWithProfile(server());
    const bob = await memberWithProfile(server());
    const eve = await memberWithProfile(server());
    const id = await openId(ann, bob);
    await say(ann, id, 'Private');
    for (const target of [id, crypto.randomUUID(), 'not-a-uuid', "1' OR '1'='1"]) {
      const path = `/api/conversations/${encodeURIComponent(target)}`;
      for (const res of [
        await eve.client.get(path),
        await eve.client.get(`${path}/messages`),
        await eve.client.post(`${path}/messages`, { content: 'Let me in' }),
        await eve.client.post(`${path}/read`),
      ]) {
        expect(res.status).toBe(404);
        expect((await eve.client.json<ApiErrorBody>(res)).error.message).toBe(MESSAGE_MESSAGES.conversationNotFound);
      }
    }
    expect(await list(eve)).toEqual([]);
    expect(await unread(bob)).toBe(1);
    const page = await ann.client.json<MessagePage>(await ann.client.get(`/api/conversations/${id}/messages`));
    expect(page.items.map((m) => m.content)).toEqual(['Private']);
  });
});
