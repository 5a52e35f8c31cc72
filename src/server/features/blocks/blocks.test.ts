import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedResponse, MatchesResponse } from '../../../shared/schemas/matching.js';
import type { ConversationListResponse, ConversationSummary } from '../../../shared/schemas/messages.js';
import type { SearchResponse } from '../../../shared/schemas/posts.js';
import type { ProfileView } from '../../../shared/schemas/profile.js';
import { BLOCK_LIMITS, SAFETY_MESSAGES, type BlockedMember, type BlockListResponse } from '../../../shared/schemas/safety.js';
import { DATABASE_CHANNELS } from '../../realtime/hub.js';
import type { MemberEventEnvelope } from '../../realtime/member-events.js';
import { TestClient } from '../../test/client.js';
import { insertPost, memberWithProfile, useTestServer, type ApiErrorBody } from '../../test/factories.js';
import { testDatabases } from '../../test/harness.js';

type Member = Awaited<ReturnType<typeof memberWithProfile>>;

/** A word no other test's post contains, so searches on the shared database see only ours. */
const uniqueWord = () => `zq${randomBytes(5).toString('hex').replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)] ?? 'a')}`;

describe.each(testDatabases())('blocking members on %s', (kind) => {
  const server = useTestServer(kind);
  const db = () => server().app.database.db;

  const block = (from: Member, memberId: unknown) => from.client.post('/api/blocks', { memberId });
  const unblock = (from: Member, memberId: string) => from.client.request('DELETE', `/api/blocks/${memberId}`);
  const blocks = async (member: Member) => (await member.client.json<BlockListResponse>(await member.client.get('/api/blocks'))).items;
  const errorOf = async (res: Response) => ((await res.json()) as ApiErrorBody).error;

  it('blocks, lists newest first, repeats harmlessly and unblocks', async () => {
    const viewer = await memberWithProfile(server(), { displayName: 'Vera Viewer' });
    const first = await memberWithProfile(server(), { displayName: 'Fred First' });
    const second = await memberWithProfile(server(), { displayName: 'Sam Second' });
    expect(await blocks(viewer)).toEqual([]);

    const created = await block(viewer, first.userId);
    expect(created.status).toBe(201);
    const made = await viewer.client.json<BlockedMember>(created);
    expect(made).toMatchObject({ member: { id: first.userId, name: 'Fred First', photoUrl: null } });
    expect(Date.parse(made.blockedAt)).not.toBeNaN();
    expect((await block(viewer, second.userId)).status).toBe(201);
    const again = await block(viewer, first.userId);
    expect(again.status).toBe(200);
    expect(await viewer.client.json<BlockedMember>(again)).toEqual(made);

    expect((await blocks(viewer)).map((b) => b.member.name)).toEqual(['Sam Second', 'Fred First']);
    // A block is the blocker's own list: the blocked member sees nothing of it there.
    expect(await blocks(first)).toEqual([]);

    expect((await unblock(viewer, first.userId)).status).toBe(204);
    expect((await unblock(viewer, first.userId)).status).toBe(204);
    expect((await blocks(viewer)).map((b) => b.member.id)).toEqual([second.userId]);
  });

  it(`refuses more than ${BLOCK_LIMITS.changesPerHour} blocks and unblocks an hour with 429`, async () => {
    const viewer = await memberWithProfile(server());
    const other = await memberWithProfile(server());
    for (let i = 0; i < BLOCK_LIMITS.changesPerHour; i += 1) {
      const res = i % 2 === 0 ? await block(viewer, other.userId) : await unblock(viewer, other.userId);
      expect(res.status).toBeLessThan(300);
    }
    const refused = await block(viewer, other.userId);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await errorOf(refused)).message).toBe(SAFETY_MESSAGES.blockRateLimited);
    expect((await unblock(viewer, other.userId)).status).toBe(429);
  });

  it('refuses yourself, unknown members, bad ids and visitors', async () => {
    const viewer = await memberWithProfile(server());
    const self = await block(viewer, viewer.userId);
    expect(self.status).toBe(400);
    expect(await errorOf(self)).toMatchObject({ message: SAFETY_MESSAGES.blockSelf, fields: { memberId: SAFETY_MESSAGES.blockSelf } });
    const unknown = await block(viewer, 'no-such-member');
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).message).toBe(SAFETY_MESSAGES.memberNotFound);
    for (const body of [{}, { memberId: '' }, { memberId: 42 }, { memberId: 'x'.repeat(101) }, { memberId: 'a\u0000b' }]) {
      expect((await viewer.client.post('/api/blocks', body)).status).toBe(400);
    }
    expect((await viewer.client.request('DELETE', '/api/blocks/a%00b')).status).toBe(400);
    expect((await viewer.client.request('DELETE', '/api/blocks/not%20an%20id')).status).toBe(400);
    expect(await blocks(viewer)).toEqual([]);

    const visitor = new TestClient(server().url);
    expect((await visitor.get('/api/blocks')).status).toBe(401);
    expect((await visitor.post('/api/blocks', { memberId: viewer.userId })).status).toBe(401);
    expect((await visitor.request('DELETE', `/api/blocks/${viewer.userId}`)).status).toBe(401);
  });

  describe('hides the two members from each other, never from a third', () => {
    // Every member event the server publishes, as the realtime hub hears it.
    const events: MemberEventEnvelope[] = [];
    let unlisten: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      unlisten = await server().app.database.listen(DATABASE_CHANNELS.memberEvent, (payload) => {
        events.push(JSON.parse(payload) as MemberEventEnvelope);
      });
    });
    afterAll(async () => unlisten?.());

    /** Alice blocks Bob; Carol is a third member. Each has a post offering the shared unique word. */
    async function trio() {
      const word = uniqueWord();
      const named = async (name: string) => memberWithProfile(server(), { displayName: `${name} ${word}` });
      const alice = await named('Alice');
      const bob = await named('Bob');
      const carol = await named('Carol');
      const post = async (member: Member, who: string) =>
        insertPost(db(), member.userId, { offering: `${word} lessons from ${who}`, lookingFor: `${word} practice partners` });
      return { word, alice, bob, carol, posts: { alice: await post(alice, 'Alice'), bob: await post(bob, 'Bob'), carol: await post(carol, 'Carol') } };
    }

    const feedAuthors = async (member: Member, word: string) =>
      (await member.client.json<FeedResponse>(await member.client.get(`/api/feed?q=${word}`))).items.map((i) => i.author.id).sort();
    const searchOf = async (member: Member, word: string) => member.client.json<SearchResponse>(await member.client.get(`/api/search?q=${word}`));
    const matchAuthors = async (member: Member, postId: string) =>
      (await member.client.json<MatchesResponse>(await member.client.get(`/api/matches?postId=${postId}&limit=50&minScore=0`))).items.map(
        (i) => i.author.id,
      );
    const profileStatus = async (viewer: Member, of: Member) => (await viewer.client.get(`/api/profiles/${of.userId}`)).status;
    const summaryStatus = async (viewer: Member, of: Member) => (await viewer.client.get(`/api/members/${of.userId}/summary`)).status;

    it('in profiles, the feed, search, matches and the member summary', async () => {
      const { word, alice, bob, carol, posts } = await trio();
      const sorted = (...ids: string[]) => ids.sort();
      expect(await feedAuthors(bob, word)).toEqual(sorted(alice.userId, carol.userId));

      expect((await block(alice, bob.userId)).status).toBe(201);

      // Profiles: Bob finds none of Alice's; Alice still sees Bob's, marked, so she can unblock.
      expect(await profileStatus(bob, alice)).toBe(404);
      const bobSeenByAlice = await alice.client.json<ProfileView>(await alice.client.get(`/api/profiles/${bob.userId}`));
      expect(bobSeenByAlice.blockedByViewer).toBe(true);
      const aliceSeenByCarol = await carol.client.json<ProfileView>(await carol.client.get(`/api/profiles/${alice.userId}`));
      expect(aliceSeenByCarol.blockedByViewer).toBe(false);
      expect(await profileStatus(carol, bob)).toBe(200);
      expect(await summaryStatus(bob, alice)).toBe(404);
      expect(await summaryStatus(alice, bob)).toBe(404);
      expect(await summaryStatus(carol, alice)).toBe(200);

      // Feed, both ways; Carol sees everyone.
      expect(await feedAuthors(bob, word)).toEqual([carol.userId]);
      expect(await feedAuthors(alice, word)).toEqual([carol.userId]);
      expect(await feedAuthors(carol, word)).toEqual(sorted(alice.userId, bob.userId));

      // Search: posts and people.
      const bobSearch = await searchOf(bob, word);
      expect(bobSearch.items.map((i) => i.author.id)).toEqual([carol.userId]);
      expect(bobSearch.total).toBe(1);
      expect(bobSearch.people.map((p) => p.id)).toEqual([carol.userId]);
      const aliceSearch = await searchOf(alice, word);
      expect(aliceSearch.items.map((i) => i.author.id)).toEqual([carol.userId]);
      expect(aliceSearch.people.map((p) => p.id)).toEqual([carol.userId]);
      const carolSearch = await searchOf(carol, word);
      expect(carolSearch.items.map((i) => i.author.id).sort()).toEqual(sorted(alice.userId, bob.userId));
      expect(carolSearch.people.map((p) => p.id).sort()).toEqual(sorted(alice.userId, bob.userId));

      // Matches: each wants the word the others offer.
      const bobMatches = await matchAuthors(bob, posts.bob);
      expect(bobMatches).toContain(carol.userId);
      expect(bobMatches).not.toContain(alice.userId);
      expect(await matchAuthors(alice, posts.alice)).not.toContain(bob.userId);
      expect(await matchAuthors(carol, posts.carol)).toEqual(expect.arrayContaining([alice.userId, bob.userId]));

      // Unblocking brings everything back.
      expect((await unblock(alice, bob.userId)).status).toBe(204);
      expect(await profileStatus(bob, alice)).toBe(200);
      expect((await alice.client.json<ProfileView>(await alice.client.get(`/api/profiles/${bob.userId}`))).blockedByViewer).toBe(false);
      expect(await summaryStatus(bob, alice)).toBe(200);
      expect(await feedAuthors(bob, word)).toEqual(sorted(alice.userId, carol.userId));
      expect(await feedAuthors(alice, word)).toEqual(sorted(bob.userId, carol.userId));
      expect((await searchOf(bob, word)).people.map((p) => p.id).sort()).toEqual(sorted(alice.userId, carol.userId));
      expect(await matchAuthors(bob, posts.bob)).toContain(alice.userId);
    });

    it('the blocked member cannot be sent requests, either way', async () => {
      const { alice, bob, carol, posts } = await trio();
      expect((await block(alice, bob.userId)).status).toBe(201);
      for (const [from, postId] of [
        [bob, posts.alice],
        [alice, posts.bob],
      ] as const) {
        const res = await from.client.post('/api/requests', { postId, message: 'Shall we swap?' });
        expect(res.status).toBe(403);
        expect((await errorOf(res)).message).toBe(SAFETY_MESSAGES.blocked);
      }
      expect((await carol.client.post('/api/requests', { postId: posts.alice, message: null })).status).toBe(201);

      expect((await unblock(alice, bob.userId)).status).toBe(204);
      expect((await bob.client.post('/api/requests', { postId: posts.alice, message: null })).status).toBe(201);
    });

    it('keeps conversations listed but refuses new ones and new messages, either way', async () => {
      const { alice, bob, carol } = await trio();
      const opened = await alice.client.json<ConversationSummary>(await alice.client.post('/api/conversations', { memberId: bob.userId }));
      expect(opened.blocked).toBeNull();
      const say = (from: Member, content: string) => from.client.post(`/api/conversations/${opened.id}/messages`, { content });
      expect((await say(bob, 'Hello Alice')).status).toBe(201);

      expect((await block(alice, bob.userId)).status).toBe(201);
      // Both members' tabs hear of it, so an open chat swaps its composer for the block line.
      for (let i = 0; i < 100 && !events.some((e) => e.event.type === 'conversation.updated' && e.event.conversationId === opened.id); i += 1) {
        await new Promise((r) => setTimeout(r, 20));
      }
      const announced = events.filter((e) => e.event.type === 'conversation.updated' && e.event.conversationId === opened.id);
      expect(announced.map((e) => e.userIds.sort())).toEqual([[alice.userId, bob.userId].sort()]);

      // History stays listed for both, marked from each side.
      const listed = async (member: Member) =>
        (await member.client.json<ConversationListResponse>(await member.client.get('/api/conversations'))).items.find((c) => c.id === opened.id);
      expect((await listed(alice))?.blocked).toBe('by_viewer');
      expect((await listed(bob))?.blocked).toBe('by_other');
      const detail = async (member: Member) =>
        member.client.json<ConversationSummary>(await member.client.get(`/api/conversations/${opened.id}`));
      expect((await detail(alice)).blocked).toBe('by_viewer');
      expect((await detail(bob)).blocked).toBe('by_other');
      expect((await bob.client.get(`/api/conversations/${opened.id}/messages`)).status).toBe(200);

      for (const from of [alice, bob]) {
        const sent = await say(from, 'Are you there?');
        expect(sent.status).toBe(403);
        expect((await errorOf(sent)).message).toBe(SAFETY_MESSAGES.blocked);
        const proposal = await from.client.post(`/api/conversations/${opened.id}/messages`, {
          content: 'Exchange proposal',
          exchangeProposal: { offered_skill: 'Guitar', requested_skill: 'Baking' },
        });
        expect(proposal.status).toBe(403);
      }
      for (const [from, to] of [
        [alice, bob],
        [bob, alice],
      ] as const) {
        const res = await from.client.post('/api/conversations', { memberId: to.userId });
        expect(res.status).toBe(403);
        expect((await errorOf(res)).message).toBe(SAFETY_MESSAGES.blocked);
      }
      // A third member is untouched.
      const withCarol = await carol.client.json<ConversationSummary>(await carol.client.post('/api/conversations', { memberId: alice.userId }));
      expect(withCarol.blocked).toBeNull();
      expect((await carol.client.post(`/api/conversations/${withCarol.id}/messages`, { content: 'Hi Alice' })).status).toBe(201);

      // Blocked both ways: each sees their own block first; lifting one leaves the other.
      expect((await block(bob, alice.userId)).status).toBe(201);
      expect((await detail(bob)).blocked).toBe('by_viewer');
      expect((await unblock(alice, bob.userId)).status).toBe(204);
      expect((await detail(alice)).blocked).toBe('by_other');
      expect((await say(alice, 'Still blocked?')).status).toBe(403);
      expect((await unblock(bob, alice.userId)).status).toBe(204);

      expect((await detail(alice)).blocked).toBeNull();
      expect((await say(alice, 'Welcome back')).status).toBe(201);
      expect((await bob.client.post('/api/conversations', { memberId: alice.userId })).status).toBe(200);
    });
  });
});
