import { and, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAFETY_MESSAGES } from '../../../shared/schemas/safety.js';
import { MESSAGE_MESSAGES, type ConversationSummary, type MessageItem, type MessagePage } from '../../../shared/schemas/messages.js';
import type { NetworkResponse } from '../../../shared/schemas/network.js';
import { exchangeRequests, notifications } from '../../db/schema/index.js';
import type { MemberEventEnvelope } from '../../realtime/member-events.js';
import { DATABASE_CHANNELS } from '../../realtime/hub.js';
import { TestClient } from '../../test/client.js';
import { insertPost, memberWithProfile, useTestServer, type ApiErrorBody } from '../../test/factories.js';
import { testDatabases } from '../../test/harness.js';

type Member = Awaited<ReturnType<typeof memberWithProfile>>;

const PROPOSAL = { offered_skill: 'Guitar lessons', requested_skill: 'Sourdough baking', duration_hours: 3, location: 'Community kitchen', notes: 'Saturdays suit me' };
const seed = { offering: 'Bread baking for beginners, all welcome', lookingFor: 'Someone to help me with spreadsheets' };

describe.each(testDatabases())('answering exchange proposals on %s', (kind) => {
  const server = useTestServer(kind);
  const db = () => server().app.database.db;

  const events: MemberEventEnvelope[] = [];
  let unlisten: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    unlisten = await server().app.database.listen(DATABASE_CHANNELS.memberEvent, (payload) => {
      events.push(JSON.parse(payload) as MemberEventEnvelope);
    });
  });
  afterAll(async () => unlisten?.());

  const open = async (from: Member, to: Member, postId?: string) =>
    (await from.client.json<ConversationSummary>(
      await from.client.post('/api/conversations', postId ? { memberId: to.userId, postId } : { memberId: to.userId }),
    )).id;
  const propose = async (from: Member, conversationId: string, proposal: unknown = PROPOSAL) => {
    const res = await from.client.post(`/api/conversations/${conversationId}/messages`, { content: 'Exchange proposal', exchangeProposal: proposal });
    expect(res.status).toBe(201);
    return from.client.json<MessageItem>(res);
  };
  const decide = (by: Member | TestClient, messageId: string, body: unknown) =>
    (by instanceof TestClient ? by : by.client).post(`/api/messages/${messageId}/proposal`, body);
  const network = async (member: Member) => member.client.json<NetworkResponse>(await member.client.get('/api/network'));
  const requestsBetween = (a: string, b: string) =>
    db()
      .select()
      .from(exchangeRequests)
      .where(or(eq(exchangeRequests.requesterId, a), eq(exchangeRequests.requesterId, b)));
  const notificationsOf = (userId: string, type: 'request_accepted' | 'request_declined') =>
    db().select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.type, type)));
  async function errorOf(res: Response, status: number): Promise<ApiErrorBody['error']> {
    expect(res.status).toBe(status);
    return ((await res.json()) as ApiErrorBody).error;
  }

  it('a proposal starts pending; the proposer keeps notes and cannot pre-answer it', async () => {
    const ann = await memberWithProfile(server());
    const bob = await memberWithProfile(server());
    const id = await open(ann, bob);
    const sent = await propose(ann, id, { ...PROPOSAL, status: 'accepted', requestId: crypto.randomUUID(), decidedAt: 'yesterday' });
    expect(sent.exchangeProposal).toEqual({ ...PROPOSAL, status: 'pending', decidedAt: null, requestId: null });
    const err = await errorOf(await decide(ann, sent.id, { decision: 'accepted' }), 403);
    expect(err.message).toBe(MESSAGE_MESSAGES.proposalOwn);
  });

  it('accepting in a conversation about a post accepts the pending request: a Connection for both, live', async () => {
    const owner = await memberWithProfile(server(), { displayName: 'Olive Owner' });
    const asker = await memberWithProfile(server(), { displayName: 'Ravi Asker' });
    const postId = await insertPost(db(), owner.userId, { ...seed, title: 'Sourdough lessons' });
    const requested = await asker.client.post('/api/requests', { postId });
    expect(requested.status).toBe(201);
    const { id: requestId, conversationId } = (await requested.json()) as { id: string; conversationId: string };
    // The requester proposes; the owner accepts the card.
    const sent = await propose(asker, conversationId);
    const res = await decide(owner, sent.id, { decision: 'accepted' });
    expect(res.status).toBe(200);
    const answered = await owner.client.json<MessageItem>(res);
    expect(answered.exchangeProposal).toMatchObject({ ...PROPOSAL, status: 'accepted', requestId });
    expect(Date.parse(answered.exchangeProposal?.decidedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);

    // The request moved, no second one was made; both see the Connection on My Network.
    const rows = await db().select().from(exchangeRequests).where(eq(exchangeRequests.postId, postId));
    expect(rows.map((r) => [r.id, r.status])).toEqual([[requestId, 'accepted']]);
    expect(rows[0]?.respondedAt).toBeInstanceOf(Date);
    for (const member of [owner, asker]) {
      expect((await network(member)).connections.map((c) => c.id)).toContain(requestId);
    }
    // Both see the outcome on the card; the proposer is told.
    const page = await asker.client.json<MessagePage>(await asker.client.get(`/api/conversations/${conversationId}/messages`));
    expect(page.items.find((m) => m.id === sent.id)?.exchangeProposal?.status).toBe('accepted');
    const [note] = await notificationsOf(asker.userId, 'request_accepted');
    expect(note).toMatchObject({
      title: 'Proposal accepted',
      message: 'Olive Owner accepted your exchange proposal for "Sourdough lessons"',
      data: { requestId, postId, conversationId, actorId: owner.userId },
    });
    // Both members' tabs hear the card change and the request change.
    for (let i = 0; i < 100 && !events.some((e) => e.event.type === 'request.updated' && e.event.requestId === requestId && e.userIds.length === 2); i += 1) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const heard = events.filter(
      (e) =>
        (e.event.type === 'conversation.updated' && e.event.conversationId === conversationId) ||
        (e.event.type === 'request.updated' && e.event.requestId === requestId),
    );
    expect(heard.map((e) => e.event.type)).toEqual(expect.arrayContaining(['conversation.updated', 'request.updated']));
    for (const e of heard) expect(e.userIds.sort()).toEqual([owner.userId, asker.userId].sort());

    // Answered once: a second answer (either way) is a 409 naming the first.
    for (const decision of ['accepted', 'declined']) {
      const again = await errorOf(await decide(owner, sent.id, { decision }), 409);
      expect(again.message).toBe(MESSAGE_MESSAGES.proposalAccepted);
    }
  });

  it('the post owner can propose too: the requester accepts and the request on the post is accepted', async () => {
    const owner = await memberWithProfile(server());
    const asker = await memberWithProfile(server());
    const postId = await insertPost(db(), owner.userId, seed);
    const { id: requestId, conversationId } = (await (await asker.client.post('/api/requests', { postId })).json()) as {
      id: string;
      conversationId: string;
    };
    const sent = await propose(owner, conversationId);
    const answered = await asker.client.json<MessageItem>(await decide(asker, sent.id, { decision: 'accepted' }));
    expect(answered.exchangeProposal?.requestId).toBe(requestId);
    expect((await network(owner)).connections.map((c) => c.id)).toContain(requestId);
  });

  it('with no request yet, accepting creates one in state accepted on the conversation post (requester: the non-owner)', async () => {
    const owner = await memberWithProfile(server());
    const other = await memberWithProfile(server());
    const postId = await insertPost(db(), owner.userId, seed);
    const id = await open(other, owner, postId);
    const sent = await propose(owner, id);
    const answered = await other.client.json<MessageItem>(await decide(other, sent.id, { decision: 'accepted' }));
    const [row] = await db().select().from(exchangeRequests).where(eq(exchangeRequests.postId, postId));
    expect(row).toMatchObject({ id: answered.exchangeProposal?.requestId, requesterId: other.userId, status: 'accepted' });
    expect(row?.proposedExchange).toBe('Guitar lessons in exchange for Sourdough baking, 3 hours, Community kitchen');
    for (const member of [owner, other]) expect((await network(member)).connections.map((c) => c.id)).toContain(row?.id);
  });

  it("with no post in the conversation, the recipient's newest active post is used, else the proposer's, else 409", async () => {
    const ann = await memberWithProfile(server());
    const bob = await memberWithProfile(server());
    const id = await open(ann, bob);

    // Neither has an active post: nothing to connect through, and the proposal stays pending.
    await insertPost(db(), bob.userId, { ...seed, status: 'hidden' });
    const first = await propose(ann, id);
    const none = await errorOf(await decide(bob, first.id, { decision: 'accepted' }), 409);
    expect(none.message).toBe(MESSAGE_MESSAGES.proposalNoPost);
    const page = await bob.client.json<MessagePage>(await bob.client.get(`/api/conversations/${id}/messages`));
    expect(page.items.find((m) => m.id === first.id)?.exchangeProposal?.status).toBe('pending');

    // Only the proposer has one: the recipient becomes its requester.
    const annPost = await insertPost(db(), ann.userId, { ...seed, title: 'Ann teaches bread baking' });
    const accepted = await bob.client.json<MessageItem>(await decide(bob, first.id, { decision: 'accepted' }));
    const rows = await requestsBetween(ann.userId, bob.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: accepted.exchangeProposal?.requestId, postId: annPost, requesterId: bob.userId, status: 'accepted' });

    // An open request between the two is used by later proposals in this conversation.
    const second = await propose(bob, id);
    const again = await ann.client.json<MessageItem>(await decide(ann, second.id, { decision: 'accepted' }));
    expect(again.exchangeProposal?.requestId).toBe(rows[0]?.id);
    expect(await requestsBetween(ann.userId, bob.userId)).toHaveLength(1);

    // The recipient's own active post comes first when there is no open request.
    const cat = await memberWithProfile(server());
    const dan = await memberWithProfile(server());
    await insertPost(db(), cat.userId, { ...seed, title: 'Cat older post on knitting', ageDays: 1 });
    const danPost = await insertPost(db(), dan.userId, { ...seed, title: 'Dan teaches spreadsheets' });
    const catNewest = await insertPost(db(), cat.userId, { ...seed, title: 'Cat newest post on pottery' });
    const cd = await open(cat, dan);
    const p = await propose(dan, cd);
    const made = await cat.client.json<MessageItem>(await decide(cat, p.id, { decision: 'accepted' }));
    const [created] = await db().select().from(exchangeRequests).where(eq(exchangeRequests.requesterId, dan.userId));
    expect(created).toMatchObject({ id: made.exchangeProposal?.requestId, postId: catNewest, status: 'accepted' });
    expect(created?.postId).not.toBe(danPost);
  });

  it('after a block either way the proposal cannot be answered, and no exchange is made', async () => {
    const ann = await memberWithProfile(server());
    const bob = await memberWithProfile(server());
    const id = await open(ann, bob);
    const sent = await propose(ann, id);
    expect((await ann.client.post('/api/blocks', { memberId: bob.userId })).status).toBe(201);
    const err = await errorOf(await decide(bob, sent.id, { decision: 'accepted' }), 403);
    expect(err.message).toBe(SAFETY_MESSAGES.blocked);
    expect((await network(bob)).connections).toEqual([]);
    expect((await ann.client.request('DELETE', `/api/blocks/${bob.userId}`)).status).toBe(204);
    expect((await decide(bob, sent.id, { decision: 'declined' })).status).toBe(200);
  });

  it('declining changes no request, tells the proposer, and stays declined', async () => {
    const owner = await memberWithProfile(server(), { displayName: 'Olive Owner' });
    const asker = await memberWithProfile(server(), { displayName: 'Dora Decliner' });
    const postId = await insertPost(db(), owner.userId, seed);
    const { id: requestId, conversationId } = (await (await asker.client.post('/api/requests', { postId })).json()) as {
      id: string;
      conversationId: string;
    };
    const sent = await propose(owner, conversationId);
    const res = await decide(asker, sent.id, { decision: 'declined' });
    expect(res.status).toBe(200);
    expect((await asker.client.json<MessageItem>(res)).exchangeProposal).toMatchObject({ status: 'declined', requestId: null });
    const [row] = await db().select().from(exchangeRequests).where(eq(exchangeRequests.id, requestId));
    expect(row?.status).toBe('pending');
    const [note] = await notificationsOf(owner.userId, 'request_declined');
    expect(note).toMatchObject({ title: 'Proposal declined', message: 'Dora Decliner declined your exchange proposal', data: { conversationId } });
    const again = await errorOf(await decide(asker, sent.id, { decision: 'accepted' }), 409);
    expect(again.message).toBe(MESSAGE_MESSAGES.proposalDeclined);
  });

  it('of two answers at once exactly one wins (200), the other is a 409, and one notification is written', async () => {
    const ann = await memberWithProfile(server());
    const bob = await memberWithProfile(server());
    const postId = await insertPost(db(), ann.userId, seed);
    const id = await open(bob, ann, postId);
    const sent = await propose(ann, id);
    const results = await Promise.all([
      decide(bob, sent.id, { decision: 'accepted' }),
      decide(bob, sent.id, { decision: 'declined' }),
      decide(bob, sent.id, { decision: 'accepted' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const winner = (await results.find((r) => r.status === 200)?.json()) as MessageItem;
    const status = winner.exchangeProposal?.status;
    for (const loser of results.filter((r) => r.status === 409)) {
      expect(((await loser.json()) as ApiErrorBody).error.message).toBe(
        status === 'accepted' ? MESSAGE_MESSAGES.proposalAccepted : MESSAGE_MESSAGES.proposalDeclined,
      );
    }
    const notes = [...(await notificationsOf(ann.userId, 'request_accepted')), ...(await notificationsOf(ann.userId, 'request_declined'))];
    expect(notes).toHaveLength(1);
    expect(await requestsBetween(ann.userId, bob.userId)).toHaveLength(status === 'accepted' ? 1 : 0);
  });

  it('answers 401 to a visitor and 404 to a third member and to ids that are not a proposal the member can see', async () => {
    const ann = await memberWithProfile(server());
    const bob = await memberWithProfile(server());
    const eve = await memberWithProfile(server());
    const id = await open(ann, bob);
    const sent = await propose(ann, id);
    const text = (await (await ann.client.post(`/api/conversations/${id}/messages`, { content: 'plain' })).json()) as MessageItem;
    const elsewhere = await propose(ann, await open(ann, eve));

    const visitor = new TestClient(server().url);
    expect((await decide(visitor, sent.id, { decision: 'accepted' })).status).toBe(401);
    const third = await errorOf(await decide(eve, sent.id, { decision: 'accepted' }), 404);
    expect(third.message).toBe(MESSAGE_MESSAGES.proposalNotFound);
    // Bob is not in Ann's conversation with Eve; a text message is no proposal.
    for (const messageId of [text.id, elsewhere.id, crypto.randomUUID(), 'not-a-uuid', "1' OR '1'='1"]) {
      const err = await errorOf(await decide(bob, encodeURIComponent(messageId), { decision: 'accepted' }), 404);
      expect(err.message).toBe(MESSAGE_MESSAGES.proposalNotFound);
    }
    const page = await bob.client.json<MessagePage>(await bob.client.get(`/api/conversations/${id}/messages`));
    expect(page.items.find((m) => m.id === sent.id)?.exchangeProposal?.status).toBe('pending');
  });

  it('refuses hostile bodies and ids with 4xx, never 5xx', async () => {
    const ann = await memberWithProfile(server());
    const bob = await memberWithProfile(server());
    const id = await open(ann, bob);
    const sent = await propose(ann, id);
    for (const body of [{}, { decision: 'maybe' }, { decision: 1 }, { decision: ['accepted'] }, { decision: 'accepted\u0000' }, 'accepted', null]) {
      const err = await errorOf(await decide(bob, sent.id, body), 400);
      expect(err.code).toBe('VALIDATION_FAILED');
    }
    const huge = await decide(bob, sent.id, { decision: 'accepted', pad: 'x'.repeat(2_000_000) });
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
    for (const messageId of ['%00', 'a%00b', '%ED%A0%80', 'x'.repeat(101)]) {
      const res = await decide(bob, messageId, { decision: 'accepted' });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const page = await bob.client.json<MessagePage>(await bob.client.get(`/api/conversations/${id}/messages`));
    expect(page.items.find((m) => m.id === sent.id)?.exchangeProposal?.status).toBe('pending');
  });
});
