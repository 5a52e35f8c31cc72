import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { NetworkResponse } from '../../../shared/schemas/network.js';
import type { ExchangeRequestItem } from '../../../shared/schemas/requests.js';
import { exchangeRequests, notifications } from '../../db/schema/index.js';
import { TestClient } from '../../test/client.js';
import { insertPost, memberWithProfile, useTestServer, type ApiErrorBody } from '../../test/factories.js';
import { testDatabases } from '../../test/harness.js';

type Member = Awaited<ReturnType<typeof memberWithProfile>>;

describe.each(testDatabases())('exchange request lifecycle on %s', (kind) => {
  const server = useTestServer(kind);
  const db = () => server().app.database.db;
  const seed = { offering: 'Bread baking for beginners, all welcome', lookingFor: 'Someone to help me with spreadsheets' };

  const patch = (member: Member | TestClient, id: string, body: unknown) =>
    (member instanceof TestClient ? member : member.client).request('PATCH', `/api/requests/${id}`, body);

  /** An owner with a post, a requester with a pending request on it, and a third member. */
  async function pendingRequest(note?: string) {
    const owner = await memberWithProfile(server(), { displayName: 'Olive Owner' });
    const requester = await memberWithProfile(server(), { displayName: 'Rita Requester' });
    const third = await memberWithProfile(server());
    const postId = await insertPost(db(), owner.userId, { ...seed, title: 'Sourdough lessons' });
    const res = await requester.client.post('/api/requests', note ? { postId, message: note } : { postId });
    expect(res.status).toBe(201);
    const request = await requester.client.json<ExchangeRequestItem>(res);
    return { owner, requester, third, postId, request };
  }

  async function errorOf(res: Response, status: number): Promise<ApiErrorBody['error']> {
    expect(res.status).toBe(status);
    return ((await res.json()) as ApiErrorBody).error;
  }

  /** The winner's request and the loser's error of two racing calls (one 200, one 409). */
  async function answers(results: Response[]): Promise<[ExchangeRequestItem, ApiErrorBody]> {
    const win = results.find((r) => r.status === 200);
    const lose = results.find((r) => r.status === 409);
    if (!win || !lose) throw new Error(`expected one 200 and one 409, got ${results.map((r) => r.status).join(', ')}`);
    return [(await win.json()) as ExchangeRequestItem, (await lose.json()) as ApiErrorBody];
  }

  const notificationsOf = (userId: string) =>
    db().select().from(notifications).where(eq(notifications.userId, userId));

  it("tells the post owner about a new request in the request's transaction", async () => {
    const { owner, requester, postId, request } = await pendingRequest();
    const [note] = await notificationsOf(owner.userId);
    expect(note).toMatchObject({
      type: 'exchange_request',
      title: 'New exchange request',
      message: 'Rita Requester wants to exchange on "Sourdough lessons"',
      data: { requestId: request.id, postId, conversationId: request.conversationId, actorId: requester.userId },
    });
  });

  it('accepts with a response message, then either party completes it; each step notifies the other member', async () => {
    const { owner, requester, postId, request } = await pendingRequest('Hello!');
    const res = await patch(owner, request.id, { status: 'accepted', responseMessage: '  See you Saturday.  ' });
    expect(res.status).toBe(200);
    const accepted = await owner.client.json<ExchangeRequestItem>(res);
    expect(accepted).toMatchObject({ id: request.id, status: 'accepted', responseMessage: 'See you Saturday.', completedAt: null });
    expect(accepted.respondedAt).toEqual(expect.any(String));
    expect(accepted.conversationId).toBe(request.conversationId);
    const [acceptedNote] = await notificationsOf(requester.userId);
    expect(acceptedNote).toMatchObject({
      type: 'request_accepted',
      title: 'Request accepted',
      message: 'Olive Owner accepted your request for "Sourdough lessons"',
      data: { requestId: request.id, postId, conversationId: request.conversationId, actorId: owner.userId },
    });

    // The requester reads the owner's answer on /network.
    const network = await requester.client.json<NetworkResponse>(await requester.client.get('/api/network'));
    expect(network.connections[0]).toMatchObject({ id: request.id, responseMessage: 'See you Saturday.', message: 'Hello!' });

    const done = await patch(requester, request.id, { status: 'completed', responseMessage: 'ignored' });
    expect(done.status).toBe(200);
    const completed = await requester.client.json<ExchangeRequestItem>(done);
    expect(completed).toMatchObject({ status: 'completed', completedById: requester.userId, responseMessage: 'See you Saturday.' });
    expect(completed.completedAt).toEqual(expect.any(String));
    const ownerNotes = await notificationsOf(owner.userId);
    expect(ownerNotes.map((n) => n.type).sort()).toEqual(['exchange_completed', 'exchange_request']);
    expect(ownerNotes.find((n) => n.type === 'exchange_completed')).toMatchObject({
      title: 'Exchange completed',
      message: 'Rita Requester marked your exchange for "Sourdough lessons" as completed',
      data: { requestId: request.id, postId, actorId: requester.userId },
    });
    const again = await errorOf(await patch(owner, request.id, { status: 'completed' }), 409);
    expect(again).toMatchObject({ code: 'CONFLICT', message: 'This exchange is already completed.' });
  });

  it('lets the owner complete an accepted exchange too (the requester is told)', async () => {
    const { owner, requester, request } = await pendingRequest();
    expect((await patch(owner, request.id, { status: 'accepted' })).status).toBe(200);
    const done = await owner.client.json<ExchangeRequestItem>(await patch(owner, request.id, { status: 'completed' }));
    expect(done.completedById).toBe(owner.userId);
    const types = (await notificationsOf(requester.userId)).map((n) => n.type).sort();
    expect(types).toEqual(['exchange_completed', 'request_accepted']);
  });

  it('declines with a message; the requester is told, sees it and may send a new request', async () => {
    const { owner, requester, postId, request } = await pendingRequest();
    const res = await patch(owner, request.id, { status: 'declined', responseMessage: 'Sorry, fully booked.' });
    expect(res.status).toBe(200);
    expect(await owner.client.json<ExchangeRequestItem>(res)).toMatchObject({ status: 'declined', responseMessage: 'Sorry, fully booked.' });
    const [note] = await notificationsOf(requester.userId);
    expect(note).toMatchObject({ type: 'request_declined', title: 'Request declined', message: 'Olive Owner declined your request for "Sourdough lessons"' });
    const network = await requester.client.json<NetworkResponse>(await requester.client.get('/api/network'));
    expect(network.declined[0]).toMatchObject({ id: request.id, responseMessage: 'Sorry, fully booked.', status: 'declined' });

    for (const status of ['accepted', 'declined', 'withdrawn', 'completed'] as const) {
      const by = status === 'withdrawn' || status === 'completed' ? requester : owner;
      const err = await errorOf(await patch(by, request.id, { status }), 409);
      expect(err.message).toBe('This request was already declined.');
    }
    expect((await requester.client.post('/api/requests', { postId })).status).toBe(201);
  });

  it('lets the requester withdraw (no notification); nothing else can move it and they may ask again', async () => {
    const { owner, requester, postId, request } = await pendingRequest();
    const ownerNotesBefore = (await notificationsOf(owner.userId)).length;
    const res = await patch(requester, request.id, { status: 'withdrawn' });
    expect(res.status).toBe(200);
    expect((await requester.client.json<ExchangeRequestItem>(res)).status).toBe('withdrawn');
    expect(await notificationsOf(owner.userId)).toHaveLength(ownerNotesBefore);
    expect(await errorOf(await patch(owner, request.id, { status: 'accepted' }), 409)).toMatchObject({
      message: 'This request was withdrawn.',
    });
    expect(await errorOf(await patch(requester, request.id, { status: 'completed' }), 409)).toMatchObject({
      message: 'This request was withdrawn.',
    });
    for (const member of [owner, requester]) {
      const network = await member.client.json<NetworkResponse>(await member.client.get('/api/network'));
      expect([...network.incoming, ...network.outgoing, ...network.connections, ...network.declined]).toHaveLength(0);
    }
    expect((await requester.client.post('/api/requests', { postId })).status).toBe(201);
  });

  it('refuses the wrong party (403), the wrong state (409), a third member, a visitor and bad ids', async () => {
    const { owner, requester, third, request } = await pendingRequest();
    expect(await errorOf(await patch(requester, request.id, { status: 'accepted' }), 403)).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Only the post owner can accept a request.',
    });
    expect(await errorOf(await patch(requester, request.id, { status: 'declined' }), 403)).toMatchObject({
      message: 'Only the post owner can decline a request.',
    });
    expect(await errorOf(await patch(owner, request.id, { status: 'withdrawn' }), 403)).toMatchObject({
      message: 'Only the member who sent a request can withdraw it.',
    });
    for (const member of [owner, requester]) {
      expect(await errorOf(await patch(member, request.id, { status: 'completed' }), 409)).toMatchObject({
        message: 'Only an accepted exchange can be marked completed.',
      });
    }
    for (const status of ['accepted', 'declined', 'withdrawn', 'completed']) {
      expect(await errorOf(await patch(third, request.id, { status }), 404)).toMatchObject({
        code: 'NOT_FOUND',
        message: 'Request not found.',
      });
    }
    const visitor = new TestClient(server().url);
    expect((await patch(visitor, request.id, { status: 'accepted' })).status).toBe(401);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope', "1' OR '1'='1", '%00']) {
      expect(await errorOf(await patch(owner, encodeURIComponent(id), { status: 'accepted' }), 404)).toMatchObject({
        message: 'Request not found.',
      });
    }

    expect((await patch(owner, request.id, { status: 'accepted' })).status).toBe(200);
    expect(await errorOf(await patch(owner, request.id, { status: 'declined' }), 409)).toMatchObject({
      message: 'This request was already accepted.',
    });
    expect(await errorOf(await patch(requester, request.id, { status: 'withdrawn' }), 409)).toMatchObject({
      message: 'This request was already accepted.',
    });
    expect(await errorOf(await patch(third, request.id, { status: 'completed' }), 404)).toMatchObject({
      message: 'Request not found.',
    });
    const [row] = await db().select().from(exchangeRequests).where(eq(exchangeRequests.id, request.id));
    expect(row).toMatchObject({ status: 'accepted', completedAt: null });
  });

  it('answers bad bodies with 400 and field messages, and writes nothing', async () => {
    const { owner, request } = await pendingRequest();
    const bodies: unknown[] = [
      {},
      { status: 'pending' },
      { status: 'ACCEPTED' },
      { status: ['accepted'] },
      { status: 'accepted', responseMessage: 'x'.repeat(301) },
      { status: 'accepted', responseMessage: 'nul\u0000byte' },
      { status: 'accepted', responseMessage: ['hello'] },
      { status: 'accepted', responseMessage: 42 },
      ['accepted'],
      'accepted',
    ];
    for (const body of bodies) {
      const err = await errorOf(await patch(owner, request.id, body), 400);
      expect(err.code).toBe('VALIDATION_FAILED');
    }
    const long = await errorOf(await patch(owner, request.id, { status: 'accepted', responseMessage: 'x'.repeat(301) }), 400);
    expect(long.fields?.responseMessage).toBe('Your response must be 300 characters or less.');
    const unknown = await errorOf(await patch(owner, request.id, { status: 'pending' }), 400);
    expect(unknown.fields?.status).toBe('Choose accepted, declined, withdrawn or completed.');
    // 300 characters after trimming is fine.
    const ok = await patch(owner, request.id, { status: 'accepted', responseMessage: ` ${'y'.repeat(300)} ` });
    expect(ok.status).toBe(200);
  });

  it('lets exactly one of a simultaneous accept and decline win, with one notification', async () => {
    const { owner, requester, request } = await pendingRequest();
    const results = await Promise.all([
      patch(owner, request.id, { status: 'accepted' }),
      patch(owner.client.clone(), request.id, { status: 'declined' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const [winner, loser] = await answers(results);
    expect(loser.error.message).toBe(`This request was already ${winner.status}.`);
    const notes = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, requester.userId)));
    expect(notes).toHaveLength(1);
    expect(notes[0]?.type).toBe(winner.status === 'accepted' ? 'request_accepted' : 'request_declined');
  });

  it('lets exactly one of a simultaneous accept and withdraw win', async () => {
    const { owner, requester, request } = await pendingRequest();
    const results = await Promise.all([
      patch(owner, request.id, { status: 'accepted' }),
      patch(requester, request.id, { status: 'withdrawn' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const [row] = await db().select().from(exchangeRequests).where(eq(exchangeRequests.id, request.id));
    expect(['accepted', 'withdrawn']).toContain(row?.status);
  });

  it('lets exactly one of two simultaneous completions win, with one notification', async () => {
    const { owner, requester, request } = await pendingRequest();
    expect((await patch(owner, request.id, { status: 'accepted' })).status).toBe(200);
    const results = await Promise.all([
      patch(owner, request.id, { status: 'completed' }),
      patch(requester, request.id, { status: 'completed' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const [, loser] = await answers(results);
    expect(loser.error.message).toBe('This exchange is already completed.');
    const completedNotes = [
      ...(await notificationsOf(owner.userId)),
      ...(await notificationsOf(requester.userId)),
    ].filter((n) => n.type === 'exchange_completed');
    expect(completedNotes).toHaveLength(1);
  });
});
