import { describe, expect, it } from 'vitest';
import type { FeedResponse, MatchesResponse } from '../../../shared/schemas/matching.js';
import type { PostItem } from '../../../shared/schemas/posts.js';
import type { TestClient } from '../../test/client.js';
import { insertPost, memberWithProfile, setSettings, useTestServer } from '../../test/factories.js';
import { testDatabases } from '../../test/harness.js';
import { countScores, MatchRankings, narrowedRanking, rankingOf, scoresAtLeast, type RankingCandidate } from './match-rankings.js';
import { findMatches } from './matching.service.js';

const METRICS = 'match-rankings-metrics-token-0123';
const scores = (list: { items: { id: string; match: { score: number } }[] }) => new Map(list.items.map((item) => [item.id, item.match.score]));

describe.each(testDatabases())("members' match rankings kept between their requests on %s", (kind) => {
  const server = useTestServer(kind);
  const db = () => server().app.database.db;
  const metered = useTestServer(kind, { METRICS_TOKEN: METRICS });
  /** Rankings worked out from the database so far (`/api/metrics`). */
  const matchReads = async () => {
    const text = await (await fetch(`${metered().url}/api/metrics`, { headers: { authorization: `Bearer ${METRICS}` } })).text();
    return Number(/^skillswap_match_cache_reads_total (\d+)$/m.exec(text)?.[1]);
  };
  // A made-up word per test: its lexeme is only in this test's posts.
  const word = () => `zq${Math.random().toString(36).slice(2, 8).replace(/\d/g, 'x')}`;
  const matches = async (client: TestClient) => client.json<MatchesResponse>(await client.get('/api/matches?limit=50&minScore=0'));
  const post = async (client: TestClient, offering: string, lookingFor: string) => {
    const res = await client.post('/api/posts', { title: `Swap of ${offering}`.slice(0, 80), offering, lookingFor, keywords: [], format: 'in_person' });
    expect(res.status).toBe(201);
    return (await client.json<PostItem>(res)).id;
  };

  it("scores a new post into a kept ranking at once, as a fresh ranking scores it; the viewer's own post ranks again", async () => {
    const wanted = word();
    const later = word();
    const viewer = await memberWithProfile(server());
    const author = await memberWithProfile(server());
    await post(viewer.client, 'Guitar lessons for beginners at home', `Looking for ${wanted} tutoring on weekends`);
    const before = await matches(viewer.client);

    // Made through the API: in the viewer's next matches and compatibility page at once.
    const offered = await post(author.client, `Friendly ${wanted} tutoring in the park`, 'Help with my vegetable garden beds');
    const after = scores(await matches(viewer.client));
    const fresh = scores(await findMatches(db(), viewer.userId, { limit: 200, minScore: 0 }));
    expect(after.get(offered)).toBeGreaterThan(0);
    expect(after.get(offered)).toBe(fresh.get(offered));
    const page = await viewer.client.json<FeedResponse>(await viewer.client.get('/api/feed?mode=compatibility&limit=50'));
    expect(scores(page).get(offered)).toBe(fresh.get(offered));
    expect(before.items.map((item) => item.id)).not.toContain(offered);

    // Another member's older post offers what the viewer's next post looks for: once the viewer
    // posts it, their ranking is worked out again with their new terms.
    const older = await insertPost(db(), author.userId, { offering: `Patient ${later} coaching for adults`, lookingFor: 'Someone to fix a leaking tap', ageDays: 40 });
    await post(viewer.client, 'Bread baking with sourdough starters', `Hoping to find ${later} coaching soon`);
    const again = scores(await matches(viewer.client));
    expect(again.get(older)).toBe(scores(await findMatches(db(), viewer.userId, { limit: 200, minScore: 0 })).get(older));
    expect(again.get(older)).toBeGreaterThan(0);
  });

  it('takes a post in once when its ranking already holds it (read with it, then announced)', async () => {
    const wanted = word();
    const viewer = await memberWithProfile(server());
    const author = await memberWithProfile(server());
    await post(viewer.client, 'Guitar lessons for beginners at home', `Looking for ${wanted} tutoring on weekends`);
    const offered = await insertPost(db(), author.userId, { offering: `Friendly ${wanted} tutoring in the park`, lookingFor: 'Help with my vegetable garden beds' });
    const rankings = new MatchRankings(db(), true);
    const options = { limit: 200, minScore: 0 };
    const first = await findMatches(db(), viewer.userId, options, rankings);
    expect(first.items.filter((item) => item.id === offered)).toHaveLength(1);
    // The post's notification comes after the ranking was read with it.
    await rankings.postsAdded([offered]);
    const again = await findMatches(db(), viewer.userId, options, rankings);
    expect(again.items.filter((item) => item.id === offered)).toHaveLength(1);
    expect(again.total).toBe(first.total);
  });

  it('takes a post in once when its ranking read it below the best it keeps in full', async () => {
    const wanted = word();
    const viewer = await memberWithProfile(server());
    const author = await memberWithProfile(server());
    const offered = await insertPost(db(), author.userId, { offering: `Friendly ${wanted} tutoring in the park`, lookingFor: 'Help with my vegetable garden beds' });
    // A kept ranking that read the post among its candidates but keeps none of them in full
    // (as a post past the best 200 is), as the statement would have made it.
    const seeker = { skills: [], wants: [wanted], location: null, radiusMiles: 10 };
    const candidate = { id: offered, userId: author.userId, offers: [wanted], tagCount: 1, latitude: null, longitude: null, createdMs: Date.now() };
    const ranking = rankingOf(seeker, [], 'key', [candidate], new Date(), { keep: 0 });
    class Kept extends MatchRankings {
      keep(viewerId: string) {
        this.entries?.set(viewerId, ranking);
      }
    }
    const rankings = new Kept(db(), true);
    rankings.keep(viewer.userId);
    // The post's notification comes after the ranking was read with it.
    await rankings.postsAdded([offered]);
    expect(ranking.best).toEqual([]);
    expect(scoresAtLeast(ranking, 0)).toBe(1);
  });

  it("keeps the viewer's ranking after their own new post that adds no term, and works it out again after one that does", async () => {
    const wanted = word();
    const fresh = word();
    const viewer = await memberWithProfile(metered());
    const author = await memberWithProfile(metered());
    const offered = await post(author.client, `Friendly ${wanted} tutoring in the park`, 'Help with my vegetable garden beds');
    await post(viewer.client, 'Guitar lessons for beginners at home', `Looking for ${wanted} tutoring on weekends`);
    const first = await matches(viewer.client);
    expect(scores(first).get(offered)).toBeGreaterThan(0);
    const reads = await matchReads();

    // The same offer and wish again: the seeker is read again (one small statement), the ranking kept.
    await post(viewer.client, 'Guitar lessons for beginners at home', `Looking for ${wanted} tutoring on weekends`);
    const kept = await matches(viewer.client);
    expect(await matchReads()).toBe(reads);
    expect(scores(kept)).toEqual(scores(first));

    // A new wish: ranked again with the new term.
    const newer = await insertPost(metered().app.database.db, author.userId, { offering: `Patient ${fresh} coaching for adults`, lookingFor: 'Someone to fix a leaking tap', ageDays: 40 });
    await post(viewer.client, 'Bread baking with sourdough starters', `Hoping to find ${fresh} coaching soon`);
    const again = await matches(viewer.client);
    expect(await matchReads()).toBe(reads + 1);
    expect(scores(again).get(newer)).toBeGreaterThan(0);
  });

  it("scores the viewer's kept ranking again without a statement when their own new post only drops a term (an older post leaves the 20 their seeker is made of)", async () => {
    const lost = word();
    const kept = word();
    const viewer = await memberWithProfile(metered());
    const author = await memberWithProfile(metered());
    const database = metered().app.database.db;
    // It offers both words, so it stays among the best 50 (the answer's page) after `lost` goes.
    const offeredLost = await post(author.client, `Friendly ${lost} tutoring and ${kept} coaching in the park`, 'Help with my vegetable garden beds');
    const offeredKept = await post(author.client, `Patient ${kept} coaching for adults`, 'Someone to fix a leaking tap');
    // The oldest of the viewer's 20 newest posts is the only one that wants `lost`.
    await insertPost(database, viewer.userId, { offering: 'Guitar lessons for beginners at home', lookingFor: `Looking for ${lost} tutoring`, ageDays: 30 });
    for (let day = 20; day > 1; day -= 1) {
      await insertPost(database, viewer.userId, { offering: 'Guitar lessons for beginners at home', lookingFor: `Looking for ${kept} coaching`, ageDays: day });
    }
    const first = scores(await matches(viewer.client));
    expect(first.get(offeredLost)).toBeGreaterThan(0);
    const reads = await matchReads();
    // Taken into the kept ranking as it is posted, and kept through the narrowing below.
    const takenIn = await post(author.client, `Weekend ${kept} coaching and ${lost} tutoring`, 'Help with my vegetable garden beds');

    // The same offer and wish as the 19 again: the oldest post leaves the 20, and `lost` with it.
    await post(viewer.client, 'Guitar lessons for beginners at home', `Looking for ${kept} coaching`);
    const again = scores(await matches(viewer.client));
    expect(await matchReads()).toBe(reads);
    expect(again.get(takenIn)).toBeGreaterThan(0);
    expect(again.get(offeredLost)).toBeGreaterThan(0);
    expect(again.get(offeredLost)).toBeLessThan(first.get(offeredLost) ?? 0);
    expect(again.get(offeredKept)).toBe(first.get(offeredKept));
    // Each post both rankings hold scores as a fresh ranking for the new seeker scores it.
    const fresh = scores(await findMatches(database, viewer.userId, { limit: 200, minScore: 0 }));
    const both = [...again.keys()].filter((id) => fresh.has(id));
    expect(both).toContain(takenIn);
    for (const id of both) expect([id, again.get(id)]).toEqual([id, fresh.get(id)]);
  });

  it("applies privacy at once: another member's AI matching, block and hidden profile", async () => {
    const wanted = word();
    const viewer = await memberWithProfile(server());
    const author = await memberWithProfile(server());
    await post(viewer.client, 'Guitar lessons for beginners at home', `Looking for ${wanted} tutoring on weekends`);
    const offered = await post(author.client, `Friendly ${wanted} tutoring in the park`, 'Help with my vegetable garden beds');
    const ids = async () => (await matches(viewer.client)).items.map((item) => item.id);
    expect(await ids()).toContain(offered);

    const settings = (on: boolean) => author.client.request('PATCH', '/api/settings', { settings: { aiMatchSuggestions: on } });
    expect((await settings(false)).status).toBe(200);
    expect(await ids()).not.toContain(offered);
    expect((await settings(true)).status).toBe(200);
    expect(await ids()).toContain(offered);

    expect((await author.client.post('/api/blocks', { memberId: viewer.userId })).status).toBeLessThan(300);
    expect(await ids()).not.toContain(offered);
    expect((await author.client.request('DELETE', `/api/blocks/${viewer.userId}`)).status).toBe(204);
    expect(await ids()).toContain(offered);

    // A hidden member's new post is not scored into the ranking of a member who is not their connection.
    const hidden = await memberWithProfile(server());
    await setSettings(db(), hidden.userId, { profileVisibility: false });
    expect(await ids()).toContain(offered);
    const secret = await post(hidden.client, `Quiet ${wanted} tutoring by the river`, 'Help with my vegetable garden beds');
    expect(await ids()).not.toContain(secret);
    expect(scores(await findMatches(db(), viewer.userId, { limit: 200, minScore: 0 })).has(secret)).toBe(false);
  });
});

describe('a kept ranking scored again for a narrower seeker (narrowedRanking)', () => {
  const at = new Date('2026-11-29T12:00:00Z');
  const seeker = { skills: ['guitar', 'piano'], wants: ['sourdough', 'bike'], location: { latitude: 42.36, longitude: -71.06 }, radiusMiles: 10 };
  const candidate = (id: string, offers: string[]): RankingCandidate => ({ id, userId: `author-${id}`, offers, tagCount: 2, latitude: 42.4, longitude: -71.1, createdMs: Date.parse('2026-11-28T12:00:00Z') });
  const kept = rankingOf(seeker, ['Sourdough'], 'before', [candidate('a', ['sourdough', 'bike']), candidate('b', ['piano'])], at);

  it('scores the kept candidates exactly as a ranking read for the narrower seeker would', () => {
    const narrower = { ...seeker, wants: ['bike'] };
    const again = narrowedRanking(kept, { key: 'after', seeker: narrower, tags: [] }, at);
    expect(again?.best.map((r) => r.id)).toEqual(['a', 'b']);
    expect(again && scoresAtLeast(again, 0)).toBe(2);
    expect(again && scoresAtLeast(again, 101)).toBe(0);
    const fresh = rankingOf(narrower, [], 'after', [candidate('a', ['bike']), candidate('b', ['piano'])], at);
    expect(again?.best.map((r) => r.match)).toEqual(fresh.best.map((r) => r.match));
    expect(again?.seekerKey).toBe('after');
  });

  it('is not made for a seeker that gained a term or a tag, or moved', () => {
    expect(narrowedRanking(kept, { key: 'k', seeker: { ...seeker, wants: ['bike', 'yoga'] }, tags: [] }, at)).toBeNull();
    expect(narrowedRanking(kept, { key: 'k', seeker, tags: ['Yoga'] }, at)).toBeNull();
    expect(narrowedRanking(kept, { key: 'k', seeker: { ...seeker, radiusMiles: 25 }, tags: [] }, at)).toBeNull();
    expect(narrowedRanking(kept, { key: 'k', seeker: { ...seeker, location: null }, tags: [] }, at)).toBeNull();
    expect(narrowedRanking({ ...kept, candidates: null }, { key: 'k', seeker: { ...seeker, wants: [] }, tags: [] }, at)).toBeNull();
  });
});

describe("a ranking's scores counted per score (countScores, scoresAtLeast)", () => {
  it('counts the candidates at or above any minScore', () => {
    const ranking = { scoreCounts: countScores([0, 41, 41, 77, 100]) };
    expect(scoresAtLeast(ranking, 0)).toBe(5);
    expect(scoresAtLeast(ranking, -5)).toBe(5);
    expect(scoresAtLeast(ranking, 41)).toBe(4);
    expect(scoresAtLeast(ranking, 40.5)).toBe(4);
    expect(scoresAtLeast(ranking, 42)).toBe(2);
    expect(scoresAtLeast(ranking, 100)).toBe(1);
    expect(scoresAtLeast(ranking, 101)).toBe(0);
  });
});
