import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MATCH_REASONS, UNKNOWN_LOCATION_SCORE } from '../../../shared/domain/match-score.js';
import type { FeedItem, FeedResponse, MatchesResponse } from '../../../shared/schemas/matching.js';
import type { MemberSummary, PostListResponse, SearchResponse } from '../../../shared/schemas/posts.js';
import type { ProfileView } from '../../../shared/schemas/profile.js';
import { exchangeRequests, memberSettings } from '../../db/schema/index.js';
import type { TestClient } from '../../test/client.js';
import { insertPost, memberWithProfile, setSettings, useTestServer, type ApiErrorBody } from '../../test/factories.js';
import { testDatabases } from '../../test/harness.js';
import { readUntil } from '../../test/read-until.js';
import { settingsChanged } from './privacy-events.js';

/**
 * Privacy is enforced by the server (issue 13, item 2), from three sides: another member, a
 * connection (an accepted or completed exchange between the two) and the member themself.
 * Settings are written straight into member_settings, as the settings API stores them.
 */

const BOSTON = { zipCode: '02108', location: 'Boston, MA', latitude: 42.3576, longitude: -71.0649 };
// The private member's place: none of these strings may reach another member.
const CAMBRIDGE = { zipCode: '02139', location: 'Cambridge, MA', latitude: 42.3647, longitude: -71.1042 };
const CAMBRIDGE_TRACES = ['02139', 'Cambridge', '42.3647', '-71.1042', '71.1042'];

type Member = Awaited<ReturnType<typeof memberWithProfile>>;

describe.each(testDatabases())('privacy on %s', (kind) => {
  const server = useTestServer(kind);
  const db = () => server().app.database.db;
  const unique = () => Math.random().toString(36).slice(2, 8).replace(/\d/g, 'x');

  /**
   * A private-to-be member in Cambridge offering three made-up skills, a stranger and a
   * connection (in Boston) who both look for them, so each one's matches find the member's post.
   */
  async function cast(connection: 'accepted' | 'completed' = 'accepted') {
    const tag = `zq${unique()}`;
    const words = [`${tag}lute`, `${tag}kiln`, `${tag}loom`];
    const member = await memberWithProfile(server(), { ...CAMBRIDGE, displayName: `Priya ${tag}` });
    const postId = await insertPost(db(), member.userId, {
      offering: `Lessons in ${words.join(', ')}`,
      lookingFor: 'Someone to fix my bicycle brakes',
      keywords: ['Crafts'],
      format: 'in_person',
      latitude: CAMBRIDGE.latitude,
      longitude: CAMBRIDGE.longitude,
    });
    const seeker = async () => {
      const m = await memberWithProfile(server(), BOSTON);
      const post = await insertPost(db(), m.userId, {
        offering: 'Bicycle brake repair at home',
        lookingFor: `I would love to learn ${words.join(' and ')}`,
      });
      return { ...m, postId: post };
    };
    const stranger = await seeker();
    const friend = await seeker();
    await db().insert(exchangeRequests).values({ requesterId: friend.userId, postId, status: connection });
    return { tag, words, member, postId, stranger, friend };
  }

  const get = async <T>(client: TestClient, path: string): Promise<T> => {
    const res = await client.get(path);
    expect(res.status, path).toBe(200);
    return client.json<T>(res);
  };
  const ids = (items: { id: string }[]) => items.map((i) => i.id);
  const matchesFor = (client: TestClient, postId?: string) =>
    get<MatchesResponse>(client, `/api/matches?limit=50${postId ? `&postId=${postId}` : ''}`);
  const feedItems = async (client: TestClient, query: string) => (await get<FeedResponse>(client, `/api/feed?limit=50&${query}`)).items;
  /**
   * General matches follow a write made straight to the database (another instance, a script)
   * when the trigger's NOTIFY arrives, a few milliseconds later: the ranking kept between a
   * member's requests (match-rankings.ts), like the feed's pages, is dropped then. Writes through
   * the API drop it before they answer.
   */
  async function matchesUntil(client: TestClient, check: (items: FeedItem[]) => boolean): Promise<FeedItem[]> {
    const deadline = Date.now() + 3000;
    for (;;) {
      const { items } = await matchesFor(client);
      if (check(items) || Date.now() > deadline) return items;
      await new Promise((r) => setTimeout(r, 25));
    }
  }
  /** The cached feed follows a settings write at once locally and through the trigger's NOTIFY. */
  async function feedUntil(client: TestClient, query: string, check: (items: FeedItem[]) => boolean): Promise<FeedItem[]> {
    const deadline = Date.now() + 3000;
    for (;;) {
      const items = await feedItems(client, query);
      if (check(items) || Date.now() > deadline) return items;
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  /** Everything one member's screens can ask about another, as JSON texts. */
  async function answersAbout(viewer: Member, c: Awaited<ReturnType<typeof cast>>): Promise<Record<string, string>> {
    const conversation = await viewer.client.post('/api/conversations', { memberId: c.member.userId, postId: c.postId });
    expect(conversation.status).toBeLessThan(300);
    const { id } = await viewer.client.json<{ id: string }>(conversation);
    const paths = {
      profile: `/api/profiles/${c.member.userId}`,
      summary: `/api/members/${c.member.userId}/summary`,
      recent: `/api/feed?limit=50&q=${c.tag}`,
      compatibility: '/api/feed?limit=50&mode=compatibility',
      search: `/api/search?q=${c.tag}`,
      matches: '/api/matches?limit=50&minScore=0',
      network: '/api/network',
      conversations: '/api/conversations',
      conversation: `/api/conversations/${id}`,
    };
    const out: Record<string, string> = {};
    for (const [name, path] of Object.entries(paths)) {
      const res = await viewer.client.get(path);
      expect(res.status, path).toBe(200);
      out[name] = await res.text();
    }
    return out;
  }

  describe('Profile Visibility', () => {
    it.each(['accepted', 'completed'] as const)(
      'off hides profile, posts, search results, people and matches from others, not from a connection (%s) or the member',
      async (status) => {
        const c = await cast(status);
        await setSettings(db(), c.member.userId, { profileVisibility: false });

        // Another member: nothing, and a hidden profile is simply not found.
        const profile = await c.stranger.client.get(`/api/profiles/${c.member.userId}`);
        expect(profile.status).toBe(404);
        expect((await c.stranger.client.json<ApiErrorBody>(profile)).error.message).toBe('Profile not found');
        expect((await c.stranger.client.get(`/api/members/${c.member.userId}/summary`)).status).toBe(404);
        const search = await get<SearchResponse>(c.stranger.client, `/api/search?q=${c.tag}`);
        expect(ids(search.items)).not.toContain(c.postId);
        expect(ids(search.people)).not.toContain(c.member.userId);
        expect(ids(await feedUntil(c.stranger.client, `q=${c.tag}`, (items) => !ids(items).includes(c.postId)))).not.toContain(c.postId);
        expect(ids((await matchesFor(c.stranger.client)).items)).not.toContain(c.postId);
        expect(ids((await matchesFor(c.stranger.client, c.stranger.postId)).items)).not.toContain(c.postId);
        expect(ids(await feedItems(c.stranger.client, 'mode=compatibility'))).not.toContain(c.postId);
        // A request on a post nobody may see is refused as if it did not exist.
        expect((await c.stranger.client.post('/api/requests', { postId: c.postId })).status).toBe(404);

        // A connection sees everything.
        expect((await get<ProfileView>(c.friend.client, `/api/profiles/${c.member.userId}`)).id).toBe(c.member.userId);
        expect((await get<MemberSummary>(c.friend.client, `/api/members/${c.member.userId}/summary`)).id).toBe(c.member.userId);
        const friendSearch = await get<SearchResponse>(c.friend.client, `/api/search?q=${c.tag}`);
        expect(ids(friendSearch.items)).toContain(c.postId);
        expect(ids(friendSearch.people)).toContain(c.member.userId);
        expect(ids(await feedItems(c.friend.client, `q=${c.tag}`))).toContain(c.postId);
        expect(ids((await matchesFor(c.friend.client)).items)).toContain(c.postId);
        expect(ids((await matchesFor(c.friend.client, c.friend.postId)).items)).toContain(c.postId);

        // The member themself.
        expect((await get<ProfileView>(c.member.client, `/api/profiles/${c.member.userId}`)).isOwner).toBe(true);
        expect(ids((await get<PostListResponse>(c.member.client, '/api/posts/mine')).items)).toContain(c.postId);

        // Back on: the stranger sees it all again.
        await setSettings(db(), c.member.userId, { profileVisibility: true });
        // The stranger read the hidden profile above: the kept view follows the notification.
        const shown = await readUntil(() => c.stranger.client.get(`/api/profiles/${c.member.userId}`), (res) => res.status === 200);
        expect(shown.status).toBe(200);
        expect((await c.stranger.client.get(`/api/members/${c.member.userId}/summary`)).status).toBe(200);
        // The stranger's hidden authors, kept since their last search, follow the notification.
        const again = await readUntil(() => get<SearchResponse>(c.stranger.client, `/api/search?q=${c.tag}`), (found) => ids(found.items).includes(c.postId));
        expect(ids(again.items)).toContain(c.postId);
        expect(ids(again.people)).toContain(c.member.userId);
        expect(ids(await feedUntil(c.stranger.client, `q=${c.tag}`, (items) => ids(items).includes(c.postId)))).toContain(c.postId);
        expect(ids(await matchesUntil(c.stranger.client, (items) => ids(items).includes(c.postId)))).toContain(c.postId);
      },
    );

    it('a pending, declined or withdrawn request is no connection', async () => {
      const c = await cast();
      await setSettings(db(), c.member.userId, { profileVisibility: false });
      const [request] = await db()
        .insert(exchangeRequests)
        .values({ requesterId: c.stranger.userId, postId: c.postId, status: 'pending' })
        .returning({ id: exchangeRequests.id });
      for (const status of ['pending', 'declined', 'withdrawn'] as const) {
        await db().update(exchangeRequests).set({ status }).where(eq(exchangeRequests.id, request?.id ?? ''));
        expect((await c.stranger.client.get(`/api/profiles/${c.member.userId}`)).status, status).toBe(404);
        expect(ids((await matchesFor(c.stranger.client)).items), status).not.toContain(c.postId);
      }
    });
  });

  describe('Location Sharing', () => {
    it("off removes ZIP, place and coordinates from every answer to others, connections included, but not the member's own", async () => {
      const c = await cast();
      // Shared: the profile shows the place and the match counts the distance (about 2 miles).
      const before = await get<ProfileView>(c.stranger.client, `/api/profiles/${c.member.userId}`);
      expect(before).toMatchObject({ zipCode: CAMBRIDGE.zipCode, location: CAMBRIDGE.location });
      const near = (await matchesFor(c.stranger.client, c.stranger.postId)).items.find((i) => i.id === c.postId);
      expect(near?.match.breakdown.location).toBeGreaterThan(0.9);
      expect(near?.match.reasons).toContain(MATCH_REASONS.near);

      await setSettings(db(), c.member.userId, { locationSharing: false });
      for (const viewer of [c.stranger, c.friend]) {
        const answers = await answersAbout(viewer, c);
        for (const [name, body] of Object.entries(answers)) {
          for (const trace of CAMBRIDGE_TRACES) expect(body, `${name} gives ${trace} away`).not.toContain(trace);
        }
        const profile = JSON.parse(answers.profile ?? '{}') as ProfileView;
        expect(profile).toMatchObject({ id: c.member.userId, zipCode: null, location: null });
        // The location factor is 'unknown' and 'Near you' is gone: nothing derived from the place.
        for (const postId of [undefined, viewer.postId]) {
          const item = (await matchesFor(viewer.client, postId)).items.find((i) => i.id === c.postId);
          expect(item?.match.breakdown.location).toBe(UNKNOWN_LOCATION_SCORE);
          expect(item?.match.reasons).not.toContain(MATCH_REASONS.near);
        }
        const fed = (await feedUntil(viewer.client, 'mode=compatibility', (items) =>
          items.some((i) => i.id === c.postId && i.match.breakdown.location === UNKNOWN_LOCATION_SCORE),
        )).find((i) => i.id === c.postId);
        expect(fed?.match.breakdown.location).toBe(UNKNOWN_LOCATION_SCORE);
      }
      // The member still sees their own place.
      const own = await get<ProfileView>(c.member.client, `/api/profiles/${c.member.userId}`);
      expect(own).toMatchObject({ zipCode: CAMBRIDGE.zipCode, location: CAMBRIDGE.location });

      // Back on (straight in the database): restored for others once the notification comes.
      await setSettings(db(), c.member.userId, { locationSharing: true });
      const back = await readUntil(
        () => get<ProfileView>(c.friend.client, `/api/profiles/${c.member.userId}`),
        (profile) => profile.zipCode !== null,
      );
      expect(back).toMatchObject({
        zipCode: CAMBRIDGE.zipCode,
        location: CAMBRIDGE.location,
      });
      const restored = (await matchesFor(c.stranger.client, c.stranger.postId)).items.find((i) => i.id === c.postId);
      expect(restored?.match.breakdown.location).toBeGreaterThan(0.9);
      expect(restored?.match.reasons).toContain(MATCH_REASONS.near);
    });

    it("off for the seeker: their own scores treat every distance as unknown (their place is not used)", async () => {
      const c = await cast();
      await setSettings(db(), c.stranger.userId, { locationSharing: false });
      const item = (await matchesFor(c.stranger.client, c.stranger.postId)).items.find((i) => i.id === c.postId);
      expect(item?.match.breakdown.location).toBe(UNKNOWN_LOCATION_SCORE);
      await setSettings(db(), c.stranger.userId, { locationSharing: true });
      const back = (await matchesFor(c.stranger.client, c.stranger.postId)).items.find((i) => i.id === c.postId);
      expect(back?.match.breakdown.location).toBeGreaterThan(0.9);
    });
  });

  describe('AI Match Suggestions', () => {
    it('off: no compatibility mode or match lists for the member (empty, matchingEnabled false)', async () => {
      const c = await cast();
      expect((await matchesFor(c.stranger.client, c.stranger.postId)).items.length).toBeGreaterThan(0);
      await setSettings(db(), c.stranger.userId, { aiMatchSuggestions: false });

      // Written straight in the database: the kept setting follows once the notification comes.
      for (const postId of [undefined, c.stranger.postId]) {
        const off = await readUntil(() => matchesFor(c.stranger.client, postId), (page) => !page.matchingEnabled);
        expect(off).toEqual({ items: [], total: 0, matchingEnabled: false });
      }
      const compatibility = await feedUntil(c.stranger.client, 'mode=compatibility', (items) => items.length === 0);
      expect(compatibility).toEqual([]);
      const compatibilityPage = await get<FeedResponse>(c.stranger.client, `/api/feed?limit=50&mode=compatibility&postId=${c.stranger.postId}`);
      expect(compatibilityPage).toEqual({ items: [], nextOffset: null, matchingEnabled: false });
      // The recent feed and search still work, and say matching is off.
      const recent = await get<FeedResponse>(c.stranger.client, `/api/feed?limit=50&q=${c.tag}`);
      expect(recent.matchingEnabled).toBe(false);
      expect(ids(recent.items)).toContain(c.postId);
      expect(ids((await get<SearchResponse>(c.stranger.client, `/api/search?q=${c.tag}`)).items)).toContain(c.postId);

      await setSettings(db(), c.stranger.userId, { aiMatchSuggestions: true });
      const back = await readUntil(() => matchesFor(c.stranger.client, c.stranger.postId), (page) => page.matchingEnabled);
      expect(back.matchingEnabled).toBe(true);
      expect(ids(back.items)).toContain(c.postId);
      expect(ids(await feedUntil(c.stranger.client, 'mode=compatibility', (items) => ids(items).includes(c.postId)))).toContain(c.postId);
    });

    it("off: the member is left out of others' matches and top matches (connections too), still found by search and the recent feed", async () => {
      const c = await cast();
      expect(ids((await matchesFor(c.stranger.client)).items)).toContain(c.postId);
      await setSettings(db(), c.member.userId, { aiMatchSuggestions: false });

      for (const viewer of [c.stranger, c.friend]) {
        expect(ids(await matchesUntil(viewer.client, (items) => !ids(items).includes(c.postId)))).not.toContain(c.postId);
        for (const postId of [undefined, viewer.postId]) {
          const matches = await get<MatchesResponse>(viewer.client, `/api/matches?limit=50&minScore=0${postId ? `&postId=${postId}` : ''}`);
          expect(matches.matchingEnabled).toBe(true);
          expect(ids(matches.items)).not.toContain(c.postId);
        }
        expect(ids(await feedUntil(viewer.client, 'mode=compatibility', (items) => !ids(items).includes(c.postId)))).not.toContain(c.postId);
        // Only matching leaves them out: they are still a member others can find.
        expect(ids(await feedItems(viewer.client, `q=${c.tag}`))).toContain(c.postId);
        expect(ids((await get<SearchResponse>(viewer.client, `/api/search?q=${c.tag}`)).items)).toContain(c.postId);
        expect((await viewer.client.get(`/api/profiles/${c.member.userId}`)).status).toBe(200);
      }

      await setSettings(db(), c.member.userId, { aiMatchSuggestions: true });
      for (const viewer of [c.stranger, c.friend]) {
        expect(ids(await matchesUntil(viewer.client, (items) => ids(items).includes(c.postId)))).toContain(c.postId);
        expect(ids((await matchesFor(viewer.client, viewer.postId)).items)).toContain(c.postId);
        expect(ids(await feedUntil(viewer.client, 'mode=compatibility', (items) => ids(items).includes(c.postId)))).toContain(c.postId);
      }
    });
  });

  it('all three off, then all back on: every answer is as before', async () => {
    const c = await cast();
    const snapshot = async () => ({
      profile: (await c.friend.client.get(`/api/profiles/${c.member.userId}`)).status,
      stranger: (await c.stranger.client.get(`/api/profiles/${c.member.userId}`)).status,
      match: (await matchesFor(c.stranger.client, c.stranger.postId)).items.find((i) => i.id === c.postId)?.match ?? null,
      people: ids((await get<SearchResponse>(c.stranger.client, `/api/search?q=${c.tag}`)).people),
    });
    const before = await snapshot();
    expect(before.match).not.toBeNull();
    // Written straight in the database: the kept views, states and rankings follow once the notification comes.
    await setSettings(db(), c.member.userId, { profileVisibility: false, locationSharing: false, aiMatchSuggestions: false });
    const off = await readUntil(snapshot, (now) => now.stranger === 404 && now.match === null && now.people.length === 0);
    expect(off).toMatchObject({ profile: 200, stranger: 404, match: null, people: [] });
    await setSettings(db(), c.member.userId, { profileVisibility: true, locationSharing: true, aiMatchSuggestions: true });
    const after = await readUntil(snapshot, (now) => now.stranger === 200 && now.match !== null && now.people.length > 0);
    expect({ ...after, match: { ...after.match, breakdown: { ...after.match?.breakdown, freshness: 0 } } }).toEqual({
      ...before,
      match: { ...before.match, breakdown: { ...before.match?.breakdown, freshness: 0 } },
    });
  });

  it('answers hostile input to the matching API with 4xx', async () => {
    const { client } = await memberWithProfile(server());
    for (const query of ['postId=%00', 'postId=abc', 'limit=%00', 'limit=1e999', 'minScore=-1', `postId=${'a'.repeat(5000)}`]) {
      const res = await client.get(`/api/matches?${query}`);
      expect(res.status, query).toBeGreaterThanOrEqual(400);
      expect(res.status, query).toBeLessThan(500);
    }
  });

  it.runIf(kind === 'pglite')('settingsChanged() empties cached feed pages even when the table trigger is silent', async () => {
    // PGlite only: the database is this server's own, so switching a trigger off touches no other test.
    const c = await cast();
    expect(ids(await feedItems(c.stranger.client, `q=${c.tag}`))).toContain(c.postId);
    const trigger = async (on: boolean) =>
      db().execute(sql`ALTER TABLE member_settings ${sql.raw(on ? 'ENABLE' : 'DISABLE')} TRIGGER member_settings_content_changed`);
    await trigger(false);
    try {
      // Without a notification the cached page is served stale: the cache is real.
      await db().insert(memberSettings).values({ userId: c.member.userId, profileVisibility: false });
      expect(ids(await feedItems(c.stranger.client, `q=${c.tag}`))).toContain(c.postId);
      // With it, the next page is fresh.
      await db().transaction(async (tx) => {
        await tx.update(memberSettings).set({ profileVisibility: false }).where(eq(memberSettings.userId, c.member.userId));
        await settingsChanged(tx);
      });
      expect(ids(await feedUntil(c.stranger.client, `q=${c.tag}`, (items) => !ids(items).includes(c.postId)))).not.toContain(c.postId);
    } finally {
      await trigger(true);
    }
  });
});
