import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TRUST_SCORE_EXPLANATION } from '../../../shared/domain/trust-score.js';
import type { VerificationResponse } from '../../../shared/schemas/verification.js';
import type { Database } from '../../db/client.js';
import type { ExchangeRequestStatus } from '../../db/schema/exchange-requests.js';
import { exchangeRequests, memberVerifications, users } from '../../db/schema/index.js';
import { TestClient } from '../../test/client.js';
import { insertPost, memberWithProfile, useTestServer, type ApiErrorBody } from '../../test/factories.js';
import { testDatabases } from '../../test/harness.js';
import { signedInMember } from '../../test/members.js';

const seed = { offering: 'Bike repair and tune-ups for commuters', lookingFor: 'Help with my vegetable garden' };

/** A request on a new post of `ownerId`, straight into the database; answered ones carry responded_at. */
async function insertRequest(db: Database, ownerId: string, requesterId: string, status: ExchangeRequestStatus): Promise<string> {
  const postId = await insertPost(db, ownerId, seed);
  const answered = status !== 'pending';
  const [row] = await db
    .insert(exchangeRequests)
    .values({
      requesterId,
      postId,
      status,
      ...(answered ? { respondedAt: new Date() } : {}),
      ...(status === 'completed' ? { completedAt: new Date(), completedById: ownerId } : {}),
    })
    .returning({ id: exchangeRequests.id });
  if (!row) throw new Error('no request inserted');
  return row.id;
}

const verificationOf = async (client: TestClient) => {
  const res = await client.get('/api/verification');
  expect(res.status, await res.clone().text()).toBe(200);
  return client.json<VerificationResponse>(res);
};

describe.each(testDatabases())('verification on %s', (kind) => {
  const server = useTestServer(kind);
  const db = () => server().app.database.db;

  it('answers a visitor with 401', async () => {
    const res = await new TestClient(server().url).get('/api/verification');
    expect(res.status).toBe(401);
    expect((await res.json() as ApiErrorBody).error.code).toBe('UNAUTHENTICATED');
  });

  it('shows a new member the verified e-mail, the three steps not started, 25 % and no score yet', async () => {
    const { client } = await signedInMember(server());
    const body = await verificationOf(client);
    expect(body.steps.map((s) => [s.id, s.status])).toEqual([
      ['email', 'verified'],
      ['phone', 'not_started'],
      ['identity', 'not_started'],
      ['skills', 'not_started'],
    ]);
    expect(body.steps[0]).toMatchObject({ title: 'Email Verification', detail: 'Your email address is verified.' });
    // The other steps say what they need and that they cannot be done yet.
    for (const s of body.steps.slice(1)) expect(s.detail).toMatch(/^Needs .+ is not available yet\.$/);
    expect(body.completedSteps).toBe(1);
    expect(body.progressPercent).toBe(25);
    expect(body.trustScore).toEqual({
      score: null,
      completedExchanges: 0,
      averageRating: null,
      ratingCount: 0,
      responseRate: null,
      requestsReceived: 0,
      requestsAnswered: 0,
      explanation: TRUST_SCORE_EXPLANATION,
    });
  });

  it('reads the real flags: e-mail pending once unverified, phone and skills verified in member_verifications', async () => {
    const { client, userId } = await signedInMember(server());
    await db().insert(memberVerifications).values({ userId, phoneVerified: true, skillsVerified: true, phoneNumber: '+1 617 555 0100' });
    let body = await verificationOf(client);
    expect(body.steps.map((s) => s.status)).toEqual(['verified', 'verified', 'not_started', 'verified']);
    expect(body.steps[1]?.detail).toBe('Your phone number is verified.');
    expect(body.progressPercent).toBe(75);

    await db().update(users).set({ emailVerified: false }).where(eq(users.id, userId));
    body = await verificationOf(client);
    expect(body.steps[0]).toMatchObject({ status: 'pending', detail: 'Open the verification link we sent to your email address.' });
    expect(body.completedSteps).toBe(2);
    expect(body.progressPercent).toBe(50);
  });

  it('computes the Trust Score from real completed exchanges, ratings and answered requests', async () => {
    const owner = await memberWithProfile(server(), { displayName: 'Olive Owner' });
    const asker = await memberWithProfile(server(), { displayName: 'Rita Requester' });
    const other = await memberWithProfile(server(), { displayName: 'Sam Second' });
    // Four requests on Olive's posts: three completed (answered), one still pending.
    const first = await insertRequest(db(), owner.userId, asker.userId, 'completed');
    const second = await insertRequest(db(), owner.userId, other.userId, 'completed');
    await insertRequest(db(), owner.userId, other.userId, 'completed');
    await insertRequest(db(), owner.userId, asker.userId, 'pending');
    // A declined request Olive sent does not count for her (she did not receive it).
    await insertRequest(db(), asker.userId, owner.userId, 'declined');

    expect((await asker.client.post(`/api/requests/${first}/rating`, { stars: 5 })).status).toBe(201);
    expect((await other.client.post(`/api/requests/${second}/rating`, { stars: 4 })).status).toBe(201);
    expect((await owner.client.post(`/api/requests/${first}/rating`, { stars: 3 })).status).toBe(201);

    const mine = (await verificationOf(owner.client)).trustScore;
    // 50 * 4.5 / 5 = 45, 3 exchanges = 9, 3 of 4 answered = 15: 69 of 100.
    expect(mine).toMatchObject({
      score: 69,
      completedExchanges: 3,
      averageRating: 4.5,
      ratingCount: 2,
      responseRate: 75,
      requestsReceived: 4,
      requestsAnswered: 3,
    });

    // Rita: one completed exchange, rated 3 stars, one request received (too few for a rate):
    // (30 + 3) of 80 = 41.
    expect((await verificationOf(asker.client)).trustScore).toMatchObject({
      score: 41,
      completedExchanges: 1,
      averageRating: 3,
      ratingCount: 1,
      responseRate: null,
      requestsReceived: 1,
      requestsAnswered: 1,
    });
  });

  it("always answers with the signed-in member's own record, whatever the query says", async () => {
    const owner = await memberWithProfile(server());
    const asker = await memberWithProfile(server());
    await insertRequest(db(), owner.userId, asker.userId, 'completed');
    const stranger = await signedInMember(server());
    for (const query of [`?userId=${owner.userId}`, `?id=${owner.userId}`, '?userId[]=x&x=' + 'a'.repeat(5000)]) {
      const res = await stranger.client.get(`/api/verification${query}`);
      expect(res.status).toBe(200);
      const body = await stranger.client.json<VerificationResponse>(res);
      expect(body.trustScore.completedExchanges).toBe(0);
    }
    // A NUL byte anywhere is refused before the handler runs (plugins/input-guard.ts), as on every route.
    expect((await stranger.client.get('/api/verification?userId=%00')).status).toBe(400);
    expect((await verificationOf(owner.client)).trustScore.completedExchanges).toBe(1);
  });
});
