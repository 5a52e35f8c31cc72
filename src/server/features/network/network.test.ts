import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { NetworkResponse } from '../../../shared/schemas/network.js';
import type { ExchangeRequestItem } from '../../../shared/schemas/requests.js';
import { exchangeRequests, ratings } from '../../db/schema/index.js';
import { TestClient } from '../../test/client.js';
import { insertPost, memberWithProfile, useTestServer } from '../../test/factories.js';
import { testDatabases } from '../../test/harness.js';

type Member = Awaited<ReturnType<typeof memberWithProfile>>;

describe.each(testDatabases())('my network on %s', (kind) => {
  const server = useTestServer(kind);
  const db = () => server().app.database.db;
  const seed = { offering: 'Bread baking for beginners, all welcome', lookingFor: 'Someone to help me with spreadsheets' };

  const network = async (member: Member) => member.client.json<NetworkResponse>(await member.client.get('/api/network'));
  const send = async (from: Member, postId: string, message?: string) =>
    from.client.json<ExchangeRequestItem>(await from.client.post('/api/requests', message ? { postId, message } : { postId }));
  const move = (member: Member, id: string, status: string, responseMessage?: string) =>
    member.client.request('PATCH', `/api/requests/${id}`, { status, responseMessage });

  it('answers 401 to a visitor', async () => {
    expect((await new TestClient(server().url).get('/api/network')).status).toBe(401);
  });

  it('sorts requests into the four sections from each side, counts them and hides withdrawn ones', async () => {
    const me = await memberWithProfile(server(), { displayName: 'Mia Me' });
    const ann = await memberWithProfile(server(), { displayName: 'Ann Owner' });
    const bob = await memberWithProfile(server(), { displayName: 'Bob Asker' });
    const stranger = await memberWithProfile(server());
    const myPost = await insertPost(db(), me.userId, { ...seed, title: 'My bread post' });
    const annPost = await insertPost(db(), ann.userId, { ...seed, title: 'Ann garden post' });
    const bobPost = await insertPost(db(), bob.userId, { ...seed, title: 'Bob bike post' });

    const incoming = await send(ann, myPost, 'Can I join?'); // pending on my post
    const acceptedIn = await send(bob, myPost); // I accept
    const outgoing = await send(me, annPost, 'Hi Ann'); // waiting
    const declinedOut = await send(me, bobPost); // Bob declines
    expect((await move(me, acceptedIn.id, 'accepted', 'Welcome!')).status).toBe(200);
    expect((await move(bob, declinedOut.id, 'declined', 'Not now')).status).toBe(200);
    const withdrawn = await send(stranger, myPost);
    expect((await move(stranger, withdrawn.id, 'withdrawn')).status).toBe(200);
    // Requests between other members never show.
    await send(stranger, annPost);

    const mine = await network(me);
    expect(mine.counts).toEqual({ connections: 1, pendingRequests: 1, waitingForResponse: 1, declinedRequests: 1 });
    expect(mine.incoming).toHaveLength(1);
    expect(mine.incoming[0]).toMatchObject({
      id: incoming.id,
      status: 'pending',
      direction: 'incoming',
      otherMember: { id: ann.userId, name: 'Ann Owner', photoUrl: null },
      post: { id: myPost, title: 'My bread post' },
      message: 'Can I join?',
      responseMessage: null,
      respondedAt: null,
      completedByMe: false,
      ratedByMe: false,
      conversationId: incoming.conversationId,
    });
    expect(mine.connections.map((i) => [i.id, i.direction, i.otherMember.name, i.responseMessage])).toEqual([
      [acceptedIn.id, 'incoming', 'Bob Asker', 'Welcome!'],
    ]);
    expect(mine.outgoing.map((i) => [i.id, i.direction, i.otherMember.id, i.post.title])).toEqual([
      [outgoing.id, 'outgoing', ann.userId, 'Ann garden post'],
    ]);
    expect(mine.declined.map((i) => [i.id, i.direction, i.responseMessage])).toEqual([[declinedOut.id, 'outgoing', 'Not now']]);

    // Bob's side: the declined one he declined counts too (both directions), the accepted one is a connection.
    const bobs = await network(bob);
    expect(bobs.counts).toEqual({ connections: 1, pendingRequests: 0, waitingForResponse: 0, declinedRequests: 1 });
    expect(bobs.connections[0]).toMatchObject({ id: acceptedIn.id, direction: 'outgoing', otherMember: { id: me.userId } });
    expect(bobs.declined[0]).toMatchObject({ id: declinedOut.id, direction: 'incoming', otherMember: { id: me.userId } });

    // Completion and rating show from both sides.
    expect((await move(bob, acceptedIn.id, 'completed')).status).toBe(200);
    await db().insert(ratings).values({ exchangeRequestId: acceptedIn.id, raterId: me.userId, ratedUserId: bob.userId, rating: 5 });
    const after = await network(me);
    expect(after.connections[0]).toMatchObject({ status: 'completed', completedByMe: false, ratedByMe: true });
    expect((await network(bob)).connections[0]).toMatchObject({ status: 'completed', completedByMe: true, ratedByMe: false });
  });

  it('keeps each list to its newest 100 while the counters count them all', async () => {
    const me = await memberWithProfile(server());
    const other = await memberWithProfile(server());
    const postId = await insertPost(db(), other.userId, seed);
    const first = await send(me, postId);
    // 104 declined requests, dated apart, written directly (the API would rate-limit them).
    const base = Date.now() - 1_000_000;
    await db()
      .update(exchangeRequests)
      .set({ status: 'declined', updatedAt: new Date(base) })
      .where(eq(exchangeRequests.id, first.id));
    await db()
      .insert(exchangeRequests)
      .values(
        Array.from({ length: 103 }, (_, i) => ({
          requesterId: me.userId,
          postId,
          status: 'declined' as const,
          createdAt: new Date(base + (i + 1) * 1000),
          updatedAt: new Date(base + (i + 1) * 1000),
        })),
      );
    const mine = await network(me);
    expect(mine.counts.declinedRequests).toBe(104);
    expect(mine.declined).toHaveLength(100);
    const times = mine.declined.map((i) => Date.parse(i.updatedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(mine.declined.some((i) => i.id === first.id)).toBe(false);
  });
});
