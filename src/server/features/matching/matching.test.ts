import { inArray, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { MATCH_REASONS, MEANINGFUL_MATCH_SCORE } from '../../../shared/domain/match-score.js';
import type { FeedResponse, MatchesResponse } from '../../../shared/schemas/matching.js';
import { queryRows } from '../../db/client.js';
import { exchangeRequests, posts } from '../../db/schema/index.js';
import { insertPost, memberWithProfile, setSettings, type PostSeed, useTestServer, type ApiErrorBody } from '../../test/factories.js';
import { testDatabases } from '../../test/harness.js';
import { findMatches } from './matching.service.js';

const BOSTON = { zipCode: '02108', latitude: 42.3576, longitude: -71.0649 };
const CAMBRIDGE = { zipCode: '02139', latitude: 42.3647, longitude: -71.1042 };
const NEW_YORK = { zipCode: '10001', latitude: 40.7506, longitude: -73.9972 };
const SEATTLE = { zipCode: '98101', latitude: 47.6114, longitude: -122.3305 };

describe.each(testDatabases())('matching on %s', (kind) => {
  const server = useTestServer(kind);
  const db = () => server().app.database.db;

  // Each test's community retires its posts afterwards: the test database is shared, and the
  // communities of earlier tests (same texts, same places) would otherwise crowd the 50 results.
  const built: string[] = [];
  afterEach(async () => {
    const authors = built.splice(0);
    if (authors.length > 0) await db().update(posts).set({ status: 'completed' }).where(inArray(posts.userId, authors));
  });

  /** The hand-built community: each post's expected score is worked out in the comments. */
  async function community() {
    const viewer = await memberWithProfile(server(), { ...BOSTON, skillKeywords: ['Guitar'], serviceRadiusMiles: 10 });
    const guitarPost = await insertPost(db(), viewer.userId, {
      offering: 'Guitar lessons and music theory',
      lookingFor: 'Vegetable gardening, bike repair, sourdough baking',
      keywords: ['Guitar'],
    });
    const spanishPost = await insertPost(db(), viewer.userId, {
      offering: 'Spanish conversation practice',
      lookingFor: 'Knitting lessons and warm scarves',
    });
    const author = async (place: typeof BOSTON, seed: PostSeed) => {
      const m = await memberWithProfile(server(), place);
      return { userId: m.userId, postId: await insertPost(db(), m.userId, { ...seed, latitude: place.latitude, longitude: place.longitude }) };
    };
    // complement 1 (vegetable, garden, bike, repair: capped at 3), near, 3 tags, fresh: 0.75
    const a = await author(CAMBRIDGE, {
      offering: 'Vegetable gardening, bike repair and composting',
      lookingFor: 'Someone to teach me the ukulele',
      keywords: ['Gardening', 'Bikes'],
      format: 'in_person',
      ageDays: 1,
    });
    // complement 2/3 (sourdough, bake), same place, 2 tags, fresh: 0.607
    const b = await author(BOSTON, {
      offering: 'Sourdough baking and bread making',
      lookingFor: 'Help painting my kitchen walls',
      keywords: ['Baking'],
      format: 'remote',
      ageDays: 3,
    });
    // overlap 1 (guitar, music, theory: capped at 2), near, 1 tag, fresh: 0.52
    const c = await author(BOSTON, {
      offering: 'Guitar lessons for kids and music theory',
      lookingFor: 'Tax return advice for a freelancer',
      keywords: ['Guitar'],
      ageDays: 2,
    });
    // wants of the Spanish post: complement 2/3 (knit, scarv), near, old (100 days): 0.487
    const e = await author(BOSTON, { offering: 'Knitting scarves and hats for winter', lookingFor: 'Someone to walk my dog daily', ageDays: 100 });
    // complement 2/3 (bike, repair), location unknown because sharing is off (0.5), fresh: 0.467
    const l = await author(BOSTON, { offering: 'Bike repair workshop in my garage', lookingFor: 'Photography tips for my shop', ageDays: 1 });
    await setSettings(db(), l.userId, { locationSharing: false });
    // complement 2/3 (vegetable, garden), 190 miles away, fresh: 0.367
    // (Created now: far away, it can enter only through the text sources, which keep their newest
    // 200; on the shared test database older posts would lose that place to other tests' posts.)
    const d = await author(NEW_YORK, { offering: 'Vegetable gardening in containers', lookingFor: 'Learning to play chess well' });
    // Never shown: a hidden profile, a completed post.
    const hidden = await author(BOSTON, { offering: 'Vegetable gardening and bike repair', lookingFor: 'Sourdough baking, bike repair' });
    await setSettings(db(), hidden.userId, { profileVisibility: false });
    const completed = await insertPost(db(), a.userId, {
      offering: 'Vegetable gardening, bike repair, sourdough',
      lookingFor: 'Anything for my garden please',
      status: 'completed',
      latitude: CAMBRIDGE.latitude,
      longitude: CAMBRIDGE.longitude,
    });
    // 110 old posts far away about something else: a score of 2, and never candidates.
    const filler = await memberWithProfile(server(), SEATTLE);
    for (let i = 0; i < 110; i += 1) {
      await insertPost(db(), filler.userId, {
        offering: `Tax return preparation and bookkeeping, batch ${i}`,
        lookingFor: 'Accounting software advice please',
        ageDays: 200 + i,
        latitude: SEATTLE.latitude,
        longitude: SEATTLE.longitude,
      });
    }
    const authors = [a, b, c, e, l, d, hidden].map((x) => x.userId).concat(filler.userId);
    built.push(...authors, viewer.userId);
    return { viewer, guitarPost, spanishPost, a, b, c, d, e, l, hidden, completed, authors };
  }

  it('ranks hand-built posts in the expected order, with breakdown and reasons', async () => {
    const t = await community();
    // minScore=0: every score, the weaker ones included (d scores 37).
    const res = await t.viewer.client.get('/api/matches?limit=50&minScore=0');
    expect(res.status).toBe(200);
    const body = await t.viewer.client.json<MatchesResponse>(res);
    expect(body.matchingEnabled).toBe(true);
    const mine = body.items.filter((m) => t.authors.includes(m.author.id));
    const expected = [t.a.postId, t.b.postId, t.c.postId, t.e.postId, t.l.postId, t.d.postId];
    if (kind === 'postgres' && !mine.some((m) => m.id === t.d.postId)) {
      // The shared PostgreSQL test database may hold 50 other tests' posts that match better than
      // d (37): then d is rightly past the 50 returned, and every one returned scores at least 37.
      expect(mine.map((m) => m.id)).toEqual(expected.slice(0, 5));
      expect(body.items).toHaveLength(50);
      for (const item of body.items) expect(item.match.score).toBeGreaterThanOrEqual(37);
    } else {
      expect(mine.slice(0, 6).map((m) => m.id)).toEqual(expected);
    }
    const ids = body.items.map((m) => m.id);
    for (const id of [t.hidden.postId, t.completed, t.guitarPost, t.spanishPost]) expect(ids).not.toContain(id);

    const [a, b, c, e, l, d] = mine;
    expect(a?.match.score).toBe(75);
    expect(a?.match.breakdown).toMatchObject({ complement: 1, overlap: 0, activity: 0.6, freshness: 1 });
    expect(a?.match.reasons).toEqual([MATCH_REASONS.complement, MATCH_REASONS.near, MATCH_REASONS.fresh]);
    expect(b?.match.score).toBe(61);
    expect(c?.match.breakdown).toMatchObject({ complement: 0, overlap: 1 });
    expect(c?.match.reasons[0]).toBe(MATCH_REASONS.overlap);
    expect(e?.match.breakdown.freshness).toBe(0.2);
    expect(l?.match.breakdown.location).toBe(0.5);
    if (d) expect(d.match.breakdown.location).toBe(0);
  });

  it("carries the viewer's own exchange state on each match, and nobody else's", async () => {
    const t = await community();
    const other = await memberWithProfile(server(), BOSTON);
    await db().insert(exchangeRequests).values([
      { requesterId: t.viewer.userId, postId: t.a.postId, status: 'declined' },
      { requesterId: t.viewer.userId, postId: t.a.postId, status: 'pending' },
      { requesterId: t.viewer.userId, postId: t.b.postId, status: 'completed' },
      { requesterId: t.viewer.userId, postId: t.c.postId, status: 'withdrawn' },
      { requesterId: other.userId, postId: t.c.postId, status: 'accepted' },
    ]);
    // The three best-scored posts of the hand-built community (75, 61 and the overlap one).
    const body = await t.viewer.client.json<MatchesResponse>(await t.viewer.client.get('/api/matches?limit=50&minScore=0'));
    const status = (postId: string) => {
      const match = body.items.find((m) => m.id === postId);
      return match ? match.exchangeStatus : 'missing';
    };
    expect([status(t.a.postId), status(t.b.postId), status(t.c.postId)]).toEqual(['pending', 'completed', null]);
    expect(body.items.find((m) => m.id === t.a.postId)?.authorResponse).toBeNull();
  });

  it('matches for one own post use that post only; minScore and limit narrow the list', async () => {
    const t = await community();
    const forSpanish = await t.viewer.client.json<MatchesResponse>(await t.viewer.client.get(`/api/matches?postId=${t.spanishPost}&limit=3&minScore=21`));
    expect(forSpanish.items.length).toBeLessThanOrEqual(3);
    expect(forSpanish.items.every((m) => m.match.score >= 21)).toBe(true);
    // The total counts every match at or above minScore, not only the page's.
    const every = await findMatches(db(), t.viewer.userId, { postId: t.spanishPost, limit: 100_000, minScore: 0 });
    expect(every.total).toBe(every.items.length);
    expect(forSpanish.total).toBe(every.items.filter((m) => m.match.score >= 21).length);
    // Earlier tests' members are in the same database: look at this community's posts only.
    const ranked = await t.viewer.client.json<MatchesResponse>(await t.viewer.client.get(`/api/matches?postId=${t.spanishPost}&limit=50`));
    const ours = ranked.items.filter((m) => t.authors.includes(m.author.id));
    expect(ours[0]?.id).toBe(t.e.postId);
    expect(ours[0]?.match.breakdown.complement).toBeCloseTo(2 / 3, 2);

    const other = await memberWithProfile(server());
    const foreign = await other.client.get(`/api/matches?postId=${t.guitarPost}`);
    expect(foreign.status).toBe(403);
    expect((await other.client.get('/api/matches?postId=00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await other.client.get('/api/matches?limit=51')).status).toBe(400);
  });

  it('reads the seeker through named statements and the winners of every match call from the kept cards and viewer state', async () => {
    const t = await community();
    for (const options of [{ limit: 50 }, { limit: 3, postId: t.spanishPost }, { limit: 7, postId: t.guitarPost }]) {
      const found = await findMatches(db(), t.viewer.userId, { ...options, minScore: 0 });
      expect(found.items.length).toBe(Math.min(options.limit, found.total));
    }
    // Its text does not change with the winners' ids or number: one statement per connection
    // (PGlite has one; the pool's connection that answers this may have run it or not).
    const named = await queryRows<{ name: string; statement: string }>(
      db(),
      sql`SELECT name, statement FROM pg_prepared_statements WHERE name LIKE ${kind === 'pglite' ? 'pglite_match_%' : 'match_%'}`,
    );
    // The winners need no statement while the viewer states and cards are kept (`selectPostsById`;
    // without them, one named statement: viewer-states.test.ts).
    const winners = named.filter((n) => n.name.includes('match_winners_'));
    // The seeker's read has two shapes: for one post, and in general.
    const seeker = named.filter((n) => n.name.includes('match_viewer_'));
    if (kind === 'pglite') expect([winners.length, seeker.length]).toEqual([0, 2]);
    else expect([winners.length, seeker.length <= 2]).toEqual([0, true]);
  });

  it("counts only meaningful matches by default: near, fresh, detailed posts about something else are not 'Matches'", async () => {
    const word = () => Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
    const [w1, w2, w3, w4, w5, w6] = [word(), word(), word(), word(), word(), word()];
    const viewer = await memberWithProfile(server(), { ...BOSTON, skillKeywords: [w3] });
    const own = await insertPost(db(), viewer.userId, { title: `${w3} and ${w4}`, offering: `${w3} ${w4} ${w5}`, lookingFor: `${w1} ${w2} ${w6}` });
    const near = { ...BOSTON, ageDays: 0 };
    const author = async (seed: PostSeed) => insertPost(db(), (await memberWithProfile(server(), BOSTON)).userId, { ...near, ...seed });
    // complement 2/3, same place, fresh, 2 tags: 61; complement 1/3 with 1 tag: 45.
    const strong = await author({ title: `${w1} and ${w2} coaching`, offering: `Friendly ${w1} and ${w2} coaching`, lookingFor: 'Tax advice for my shop', keywords: [w1, w2] });
    const fair = await author({ title: `${w1} in my studio`, offering: `${w1} in my garden studio`, lookingFor: 'Someone to walk my dog', keywords: [w1] });
    // Same place, fresh, five tags, nothing the viewer has or wants: 40, the most an unrelated post can score.
    const unrelated: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      unrelated.push(
        await author({
          title: `Bookkeeping and payroll ${i}`,
          offering: 'Tax return preparation and bookkeeping',
          lookingFor: 'Someone to paint my fence',
          keywords: ['Taxes', 'Bookkeeping', 'Accounting', 'Payroll', 'Receipts'],
        }),
      );
    }

    const counted = await viewer.client.json<MatchesResponse>(await viewer.client.get(`/api/matches?postId=${own}&limit=3`));
    expect(counted.total).toBe(2);
    expect(counted.items.map((m) => [m.id, m.match.score])).toEqual([
      [strong, 61],
      [fair, 45],
    ]);
    expect(counted.items.every((m) => m.match.score >= MEANINGFUL_MATCH_SCORE)).toBe(true);
    const everything = await viewer.client.json<MatchesResponse>(await viewer.client.get(`/api/matches?postId=${own}&limit=50&minScore=0`));
    const weaker = everything.items.filter((m) => unrelated.includes(m.id));
    expect(weaker.map((m) => m.match.score)).toEqual([40, 40, 40, 40]);
    expect(everything.total).toBeGreaterThanOrEqual(6);
  });

  it("keeps the newest posts' terms when a member's posts hold more than the seeker takes", async () => {
    const word = (first: string) => first + Array.from({ length: 9 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
    const early = Array.from({ length: 30 }, () => word('a'));
    const late = word('z');
    const viewer = await memberWithProfile(server(), BOSTON);
    // 30 wants in older posts that sort before the newest post's one: the seeker takes 24 terms of each kind.
    for (let i = 0; i < 3; i += 1) {
      await insertPost(db(), viewer.userId, { offering: 'Bookkeeping for a small shop', lookingFor: early.slice(i * 10, i * 10 + 10).join(', '), ageDays: 2 + i });
    }
    await insertPost(db(), viewer.userId, { offering: 'Bookkeeping for a small shop', lookingFor: `Weekly lessons in ${late}, please`, ageDays: 0 });
    const author = await memberWithProfile(server(), BOSTON);
    const offer = await insertPost(db(), author.userId, { title: `${late} lessons`, offering: `Friendly ${late} lessons`, lookingFor: 'Advice on my tax return, please', keywords: [late] });
    built.push(viewer.userId, author.userId);

    const found = await viewer.client.json<MatchesResponse>(await viewer.client.get('/api/matches?limit=50&minScore=0'));
    const match = found.items.find((m) => m.id === offer);
    expect(match?.match.breakdown.complement).toBeGreaterThan(0);
    expect(match?.match.reasons).toContain(MATCH_REASONS.complement);
  });

  it('index-selected candidates scored in TypeScript agree with scoring every post', async () => {
    const t = await community();
    // The hand-built data is the whole universe, even when other tests share the database.
    const within = sql`user_id IN (${sql.join(t.authors.map((id) => sql`${id}`), sql`, `)})`;
    const now = new Date();
    for (const postId of [undefined, t.guitarPost, t.spanishPost]) {
      const engine = await findMatches(db(), t.viewer.userId, { postId, limit: 10, within, now });
      const brute = await findMatches(db(), t.viewer.userId, { postId, limit: 10, within, now, candidates: 'all' });
      expect(engine.items.map((m) => [m.id, m.match.score])).toEqual(brute.items.map((m) => [m.id, m.match.score]));
      expect(engine.items.map((m) => m.match)).toEqual(brute.items.map((m) => m.match));
      // The engine really selected: the old far-away posts were never scored.
      expect(engine.total).toBeLessThan(brute.total);
    }
    const all = await db().select({ id: posts.id }).from(posts).where(inArray(posts.userId, t.authors));
    expect(all.length).toBeGreaterThan(110);
  });

  it("the location source finds the box's newest posts, among the newest posts or through the box's own index", async () => {
    const word = () => Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
    // Nothing in common with anyone: only the newest and the location sources can find posts.
    const viewer = await memberWithProfile(server(), { ...BOSTON, skillKeywords: [word()], serviceRadiusMiles: 10 });
    const far = await memberWithProfile(server(), SEATTLE);
    const near = await memberWithProfile(server(), CAMBRIDGE);
    built.push(viewer.userId, far.userId, near.userId);
    // 60 fresh posts far away fill the newest 50; three older ones nearby are in the box.
    for (let i = 0; i < 60; i += 1) {
      await insertPost(db(), far.userId, { offering: `Tax return preparation, batch ${i}`, lookingFor: 'Accounting software advice please', ageDays: i / 10, ...SEATTLE });
    }
    const nearby: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      nearby.push(await insertPost(db(), near.userId, { offering: `Bookkeeping for small shops ${i}`, lookingFor: 'Accounting software advice please', ageDays: 10 + i, ...CAMBRIDGE }));
    }
    const within = sql`user_id IN (${far.userId}, ${near.userId})`;
    const now = new Date();
    // The walk of the newest 100 meets them (dense); a walk of 30 meets only far posts, so the
    // box's own index finds them (sparse). Either way the same candidates and scores.
    const dense = await findMatches(db(), viewer.userId, { limit: 100, within, now });
    const sparse = await findMatches(db(), viewer.userId, { limit: 100, within, now, boxWalk: 30 });
    const brute = await findMatches(db(), viewer.userId, { limit: 100, within, now, candidates: 'all' });
    const scored = (r: typeof brute) => r.items.filter((m) => nearby.includes(m.id)).map((m) => [m.id, m.match.score]);
    expect(scored(brute)).toHaveLength(3);
    expect(scored(dense)).toEqual(scored(brute));
    expect(scored(sparse)).toEqual(scored(brute));
    // Newest 50 far posts + the 3 nearby ones: the ten oldest far posts were never candidates.
    expect([dense.total, sparse.total, brute.total]).toEqual([53, 53, 63]);
  });

  it('compatibility feed ranks by match; AI Match Suggestions off means no matches', async () => {
    const t = await community();
    const compat = await t.viewer.client.json<FeedResponse>(await t.viewer.client.get('/api/feed?mode=compatibility&limit=2'));
    expect(compat.matchingEnabled).toBe(true);
    expect(compat.items).toHaveLength(2);
    expect(compat.nextOffset).toBe(2);
    const scores = compat.items.map((i) => i.match.score);
    expect(scores[0]).toBeGreaterThanOrEqual(scores[1] ?? 0);
    const filtered = await t.viewer.client.json<FeedResponse>(await t.viewer.client.get('/api/feed?mode=compatibility&q=sourdough'));
    expect(filtered.items.map((i) => i.id)).toContain(t.b.postId);
    expect(filtered.items.map((i) => i.id)).not.toContain(t.a.postId);

    // Written straight to the database: the viewer's kept ranking (match-rankings.ts) is dropped
    // when the trigger's notification arrives, milliseconds later.
    await setSettings(db(), t.viewer.userId, { aiMatchSuggestions: false });
    const deadline = Date.now() + 3000;
    let off = await t.viewer.client.json<MatchesResponse>(await t.viewer.client.get('/api/matches'));
    while (off.matchingEnabled && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      off = await t.viewer.client.json<MatchesResponse>(await t.viewer.client.get('/api/matches'));
    }
    expect(off).toEqual({ items: [], total: 0, matchingEnabled: false });
    const offFeed = await t.viewer.client.json<FeedResponse>(await t.viewer.client.get('/api/feed?mode=compatibility'));
    expect(offFeed).toMatchObject({ items: [], matchingEnabled: false });
    const recent = await t.viewer.client.get('/api/feed');
    expect(recent.status).toBe(200);
    // The recent feed tells the client too, so it can hide the compatibility mode.
    expect(((await recent.json()) as FeedResponse).matchingEnabled).toBe(false);
  });

  it('needs a session', async () => {
    const res = await fetch(`${server().url}/api/matches`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as ApiErrorBody).error.code).toBe('UNAUTHENTICATED');
  });
});
