import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ProfileView } from '../../../shared/schemas/profile.js';
import type { RatingItem } from '../../../shared/schemas/ratings.js';
import type { ExchangeRequestStatus } from '../../db/schema/exchange-requests.js';
import { exchangeRequests, notifications, profiles, ratings } from '../../db/schema/index.js';
import { TestClient } from '../../test/client.js';
import { insertPost, memberWithProfile, useTestServer, type ApiErrorBody } from '../../test/factories.js';
import { testDatabases } from '../../test/harness.js';
import type { Database } from '../../db/client.js';

const seed = { offering: 'Bike repair and tune-ups for commuters', lookingFor: 'Help with my vegetable garden' };

/** An exchange request on a new post of `ownerId`, straight into the database in the given status. */
async function insertRequest(db: Database, ownerId: string, requesterId: string, status: ExchangeRequestStatus): Promise<{ id: string; postId: string }> {
  const postId = await insertPost(db, ownerId, seed);
  const [row] = await db
    .insert(exchangeRequests)
    .values({
      requesterId,
      postId,
      status,
      ...(status === 'completed' ? { respondedAt: new Date(), completedAt: new Date(), completedById: ownerId } : {}),
    })
    .returning({ id: exchangeRequests.id });
  if (!row) throw new Error('no request inserted');
  return { id: row.id, postId };
}

describe.each(testDatabases())('ratings on %s', (kind) => {
  const server = useTestServer(kind);
  const db = () => server().app.database.db;
  const rate = (client: TestClient, requestId: string, body: unknown) => client.post(`/api/requests/${requestId}/rating`, body);
  const profileOf = async (client: TestClient, id: string) => client.json<ProfileView>(await client.get(`/api/profiles/${id}`));

  it('lets each party rate the other once, notifies the rated member and shows it on their profile', async () => {
    const owner = await memberWithProfile(server(), { displayName: 'Olive Owner' });
    const requester = await memberWithProfile(server(), { displayName: 'Rita Requester' });
    const request = await insertRequest(db(), owner.userId, requester.userId, 'completed');

    const byRequester = await rate(requester.client, request.id, { stars: 4, comment: '  Fixed my bike in no time.  ' });
    expect(byRequester.status).toBe(201);
    const given = await requester.client.json<RatingItem>(byRequester);
    expect(given).toMatchObject({ stars: 4, comment: 'Fixed my bike in no time.' });
    expect(Date.parse(given.createdAt)).not.toBeNaN();

    const byOwner = await rate(owner.client, request.id, { stars: 1, comment: '   ' });
    expect(byOwner.status).toBe(201);
    expect(await owner.client.json<RatingItem>(byOwner)).toMatchObject({ stars: 1, comment: null });

    const stored = await db().select().from(ratings).where(eq(ratings.exchangeRequestId, request.id));
    expect(stored.map((r) => [r.raterId, r.ratedUserId, r.rating]).sort()).toEqual(
      [
        [requester.userId, owner.userId, 4],
        [owner.userId, requester.userId, 1],
      ].sort(),
    );

    const toOwner = await db().select().from(notifications).where(eq(notifications.userId, owner.userId));
    expect(toOwner.map((n) => [n.type, n.title, n.message, n.data])).toEqual([
      ['rating_received', 'New rating', 'Rita Requester rated your exchange 4 stars', { requestId: request.id, postId: request.postId, actorId: requester.userId }],
    ]);
    const toRequester = await db().select().from(notifications).where(eq(notifications.userId, requester.userId));
    expect(toRequester.map((n) => n.message)).toEqual(['Olive Owner rated your exchange 1 star']);

    const ownerProfile = await profileOf(requester.client, owner.userId);
    expect(ownerProfile).toMatchObject({ rating: 4, ratingCount: 1, exchanges: 1 });
    expect(ownerProfile.reviews).toEqual([
      {
        id: given.id,
        stars: 4,
        comment: 'Fixed my bike in no time.',
        createdAt: given.createdAt,
        reviewer: { id: requester.userId, name: 'Rita Requester', photoUrl: null },
      },
    ]);
    const requesterProfile = await profileOf(owner.client, requester.userId);
    expect(requesterProfile).toMatchObject({ rating: 1, ratingCount: 1, exchanges: 1 });
    expect(requesterProfile.reviews.map((r) => [r.reviewer.name, r.stars, r.comment])).toEqual([['Olive Owner', 1, null]]);
  });

  it('refuses a second rating (409) and writes nothing more', async () => {
    const owner = await memberWithProfile(server());
    const requester = await memberWithProfile(server());
    const request = await insertRequest(db(), owner.userId, requester.userId, 'completed');
    expect((await rate(requester.client, request.id, { stars: 5 })).status).toBe(201);
    const again = await rate(requester.client, request.id, { stars: 2, comment: 'Changed my mind' });
    expect(again.status).toBe(409);
    expect((await requester.client.json<ApiErrorBody>(again)).error).toMatchObject({
      code: 'CONFLICT',
      message: 'You have already rated this exchange.',
    });
    const stored = await db().select({ rating: ratings.rating }).from(ratings).where(eq(ratings.exchangeRequestId, request.id));
    expect(stored).toEqual([{ rating: 5 }]);
    const sent = await db().select().from(notifications).where(eq(notifications.userId, owner.userId));
    expect(sent).toHaveLength(1);
  });

  it('lets exactly one of two simultaneous ratings through, with one notification', async () => {
    const owner = await memberWithProfile(server());
    const requester = await memberWithProfile(server());
    const request = await insertRequest(db(), owner.userId, requester.userId, 'completed');
    const answers = await Promise.all([
      rate(requester.client, request.id, { stars: 3 }),
      rate(requester.client, request.id, { stars: 4 }),
      rate(requester.client, request.id, { stars: 5 }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await db().select().from(ratings).where(eq(ratings.exchangeRequestId, request.id))).toHaveLength(1);
    const sent = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.userId), eq(notifications.type, 'rating_received')));
    expect(sent).toHaveLength(1);
  });

  it.each(['pending', 'accepted', 'declined', 'withdrawn'] as const)('refuses to rate a %s exchange (409)', async (status) => {
    const owner = await memberWithProfile(server());
    const requester = await memberWithProfile(server());
    const request = await insertRequest(db(), owner.userId, requester.userId, status);
    for (const member of [requester, owner]) {
      const res = await rate(member.client, request.id, { stars: 5 });
      expect(res.status).toBe(409);
      expect((await member.client.json<ApiErrorBody>(res)).error.message).toBe('You can rate an exchange once it is completed.');
    }
    expect(await db().select().from(ratings).where(eq(ratings.exchangeRequestId, request.id))).toEqual([]);
  });

  it('answers a third member 404 as for an unknown request, and a visitor 401', async () => {
    const owner = await memberWithProfile(server());
    const requester = await memberWithProfile(server());
    const third = await memberWithProfile(server());
    const request = await insertRequest(db(), owner.userId, requester.userId, 'completed');
    const stranger = await rate(third.client, request.id, { stars: 1, comment: 'Never met them' });
    expect(stranger.status).toBe(404);
    expect((await third.client.json<ApiErrorBody>(stranger)).error.message).toBe('Request not found.');
    const unknown = await rate(third.client, '00000000-0000-4000-8000-000000000000', { stars: 1 });
    expect(unknown.status).toBe(404);
    expect((await third.client.json<ApiErrorBody>(unknown)).error.message).toBe('Request not found.');
    expect((await rate(third.client, 'not-a-uuid', { stars: 1 })).status).toBe(400);

    const visitor = new TestClient(server().url);
    expect((await rate(visitor, request.id, { stars: 5 })).status).toBe(401);
    // Even with a body that would not validate: who you are is checked first.
    expect((await rate(visitor, request.id, { stars: 'lots' })).status).toBe(401);
    expect(await db().select().from(ratings).where(eq(ratings.exchangeRequestId, request.id))).toEqual([]);
  });

  it('refuses stars outside 1 to 5 and bad comments with field messages (400), writing nothing', async () => {
    const owner = await memberWithProfile(server());
    const requester = await memberWithProfile(server());
    const request = await insertRequest(db(), owner.userId, requester.userId, 'completed');
    for (const stars of [0, 6, 2.5, '5', null, -1, 99, true, undefined]) {
      const res = await rate(requester.client, request.id, stars === undefined ? {} : { stars });
      expect(res.status, `stars ${String(stars)}`).toBe(400);
      const body = await requester.client.json<ApiErrorBody>(res);
      expect(body.error.fields?.stars).toBe('Choose 1 to 5 stars.');
    }
    const long = await rate(requester.client, request.id, { stars: 5, comment: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect((await requester.client.json<ApiErrorBody>(long)).error.fields?.comment).toBe('Your comment must be 500 characters or less.');
    const exact = 'y'.repeat(500);
    const nul = await rate(requester.client, request.id, { stars: 5, comment: 'bad\u0000byte' });
    expect(nul.status).toBe(400);
    expect((await requester.client.json<ApiErrorBody>(nul)).error.fields?.comment).toBe('Please remove the unsupported characters from this text.');
    expect((await rate(requester.client, request.id, { stars: 5, comment: 42 })).status).toBe(400);
    expect((await requester.client.post(`/api/requests/${request.id}/rating`, '{"stars":', {})).status).toBe(400);
    expect(await db().select().from(ratings).where(eq(ratings.exchangeRequestId, request.id))).toEqual([]);

    const ok = await rate(requester.client, request.id, { stars: 5, comment: exact });
    expect(ok.status).toBe(201);
    expect((await requester.client.json<RatingItem>(ok)).comment).toBe(exact);
  });

  it('lists the latest 10 reviews newest first, averaging all, and names a reviewer without a profile Former member', async () => {
    const owner = await memberWithProfile(server());
    const reviewer = await memberWithProfile(server(), { displayName: 'Vera Reviewer' });
    const gone = await memberWithProfile(server(), { displayName: 'Gone Soon' });
    const base = Date.now() - 20 * 86_400_000;
    for (let i = 0; i < 11; i += 1) {
      const request = await insertRequest(db(), owner.userId, reviewer.userId, 'completed');
      await db()
        .insert(ratings)
        .values({
          exchangeRequestId: request.id,
          raterId: reviewer.userId,
          ratedUserId: owner.userId,
          rating: (i % 5) + 1,
          comment: `Review ${i}`,
          createdAt: new Date(base + i * 86_400_000),
        });
    }
    const last = await insertRequest(db(), owner.userId, gone.userId, 'completed');
    expect((await rate(gone.client, last.id, { stars: 5, comment: 'Newest of all' })).status).toBe(201);
    await db().delete(profiles).where(eq(profiles.id, gone.userId));

    const view = await profileOf(reviewer.client, owner.userId);
    // 1+2+3+4+5+1+2+3+4+5+1 = 31 and 5 more: 36 / 12 = 3.0
    expect(view).toMatchObject({ rating: 3, ratingCount: 12, exchanges: 12 });
    expect(view.reviews).toHaveLength(10);
    expect(view.reviews[0]).toMatchObject({ stars: 5, comment: 'Newest of all', reviewer: { id: gone.userId, name: 'Former member', photoUrl: null } });
    expect(view.reviews.slice(1).map((r) => r.comment)).toEqual(['Review 10', 'Review 9', 'Review 8', 'Review 7', 'Review 6', 'Review 5', 'Review 4', 'Review 3', 'Review 2']);
    expect(view.reviews[1]?.reviewer).toEqual({ id: reviewer.userId, name: 'Vera Reviewer', photoUrl: null });

    const fresh = await memberWithProfile(server());
    expect(await profileOf(fresh.client, fresh.userId)).toMatchObject({ rating: 0, ratingCount: 0, exchanges: 0, reviews: [] });
  });
});
