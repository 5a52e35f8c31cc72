import { describe, expect, it } from 'vitest';
import type { ProfileView } from '../../../shared/schemas/profile.js';
import { eq } from 'drizzle-orm';
import { exchangeRequests, posts } from '../../db/schema/index.js';
import { insertPost, memberWithProfile, useTestServer } from '../../test/factories.js';
import { testDatabases } from '../../test/harness.js';
import { responseSignals } from './response-signal.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.each(testDatabases())('response signal on %s', (kind) => {
  const server = useTestServer(kind);
  const db = () => server().app.database.db;
  const seed = { offering: 'Knitting lessons for total beginners', lookingFor: 'Help moving a sofa upstairs' };

  /** A request on the post, `ageDays` old, answered after `hours` (null: never). */
  async function request(postId: string, status: 'pending' | 'accepted' | 'declined' | 'withdrawn' | 'completed', ageDays: number, hours: number | null) {
    const requester = await memberWithProfile(server());
    const createdAt = new Date(Date.now() - ageDays * DAY);
    const respondedAt = hours === null ? null : new Date(createdAt.getTime() + hours * HOUR);
    await db().insert(exchangeRequests).values({ requesterId: requester.userId, postId, status, createdAt, respondedAt });
  }

  it('counts answered requests of the last 90 days, without unanswered withdrawals, with the median time', async () => {
    const author = await memberWithProfile(server());
    const other = await memberWithProfile(server());
    const post = await insertPost(db(), author.userId, seed);
    const second = await insertPost(db(), author.userId, { ...seed, offering: `${seed.offering} again` });
    await request(post, 'accepted', 5, 1);
    await request(post, 'declined', 10, 30);
    await request(second, 'completed', 89, 2);
    await request(second, 'pending', 1, null);
    await request(post, 'withdrawn', 3, null); // taken back before an answer: not counted
    await request(post, 'declined', 91, 1); // outside the window
    const otherPost = await insertPost(db(), other.userId, seed);
    await request(otherPost, 'pending', 2, null);

    const signals = await responseSignals(db(), [author.userId, other.userId, author.userId]);
    expect(signals.get(author.userId)).toEqual({ received: 4, responded: 3, medianResponseSeconds: 2 * 3600 });
    expect(signals.get(other.userId)).toEqual({ received: 1, responded: 0, medianResponseSeconds: null });
    expect(await responseSignals(db(), [])).toEqual(new Map());

    const viewer = await memberWithProfile(server());
    const profile = await viewer.client.json<ProfileView>(await viewer.client.get(`/api/profiles/${author.userId}`));
    expect(profile.responseSignal).toBe('Responds to 3 of 4 requests · usually within a few hours');
    const own = await author.client.json<ProfileView>(await author.client.get(`/api/profiles/${author.userId}`));
    expect(own.responseSignal).toBe('Responds to 3 of 4 requests · usually within a few hours');
  });

  it('is hidden below 3 requests and reads the median over an even count as the midpoint', async () => {
    const author = await memberWithProfile(server());
    const viewer = await memberWithProfile(server());
    const post = await insertPost(db(), author.userId, seed);
    const profile = async () => (await viewer.client.json<ProfileView>(await viewer.client.get(`/api/profiles/${author.userId}`))).responseSignal;
    expect(await profile()).toBeNull();
    await request(post, 'declined', 2, 20);
    await request(post, 'accepted', 2, 30);
    expect(await profile()).toBeNull();
    await request(post, 'pending', 1, null);
    expect(await profile()).toBe('Responds to 2 of 3 requests · usually within a few days');
    await request(post, 'accepted', 1, 200);
    await request(post, 'accepted', 1, 300);
    // Median of 20, 30, 200, 300 hours: 115 hours, within a week.
    expect(await profile()).toBe('Responds to 4 of 5 requests · usually within a week');
  });

  it("follows a post's author: requests carry their post's author, even when the post changes hands", async () => {
    const author = await memberWithProfile(server());
    const heir = await memberWithProfile(server());
    const post = await insertPost(db(), author.userId, seed);
    await request(post, 'accepted', 2, 1);
    expect((await responseSignals(db(), [author.userId])).get(author.userId)).toMatchObject({ received: 1, responded: 1 });
    await db().update(posts).set({ userId: heir.userId }).where(eq(posts.id, post));
    const signals = await responseSignals(db(), [author.userId, heir.userId]);
    expect(signals.get(author.userId)).toBeUndefined();
    expect(signals.get(heir.userId)).toMatchObject({ received: 1, responded: 1 });
  });
});
