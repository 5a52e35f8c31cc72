import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FeedResponse } from '../../../shared/schemas/matching.js';
import { queryRows } from '../../db/client.js';
import { exchangeRequests, memberBlocks } from '../../db/schema/index.js';
import type { TestClient } from '../../test/client.js';
import { insertPost, memberWithProfile, useTestServer } from '../../test/factories.js';
import { testDatabases, type TestServer } from '../../test/harness.js';
import { readUntil } from '../../test/read-until.js';
import { AuthorsHidden, ViewerStates } from './viewer-states.js';

/** A list of posts by author, counted as the search hits count them. */
function listOf(byAuthor: Record<string, number>) {
  const postsBy = (userId: string) => byAuthor[userId] ?? 0;
  return { postsBy, postsByAll: (members: ReadonlySet<string>) => [...members].reduce((sum, id) => sum + postsBy(id), 0) };
}

describe('AuthorsHidden', () => {
  const hiddenMembers = new Set(['hidden-a', 'hidden-b', 'hidden-c', 'viewer']);
  const authors = new AuthorsHidden('viewer', hiddenMembers, new Set(['hidden-b', 'hidden-c']), new Set(['blocked', 'hidden-c']));

  it('leaves out the viewer, hidden members who are not their connections, and blocked members', () => {
    expect(['viewer', 'hidden-a', 'blocked', 'hidden-c'].every((id) => authors.has(id))).toBe(true);
    // A connection sees a hidden member (unless blocked: hidden-c); a member neither hidden nor blocked is seen.
    expect(authors.has('hidden-b')).toBe(false);
    expect(authors.has('someone')).toBe(false);
  });

  it("counts a list's posts by those authors, each once", () => {
    const list = listOf({ viewer: 1, 'hidden-a': 2, 'hidden-b': 4, 'hidden-c': 8, blocked: 16, someone: 32 });
    expect(authors.postsIn(list)).toBe(1 + 2 + 8 + 16);
    const visibleViewer = new AuthorsHidden('viewer', new Set(['hidden-a']), new Set(), new Set(['blocked', 'blocked']));
    expect(visibleViewer.postsIn(list)).toBe(1 + 2 + 16);
  });
});

describe.each(testDatabases())('viewer states on %s', (kind) => {
  const kept = useTestServer(kind);
  const uncached = useTestServer(kind, { POST_CARD_CACHE: '0' });

  /** The viewer's filtered feed (the kept search hits' page), as id -> exchange status. */
  async function page(client: TestClient, word: string): Promise<Map<string, string | null>> {
    const feed = await client.json<FeedResponse>(await client.get(`/api/feed?limit=50&q=${word}`));
    return new Map(feed.items.map((item) => [item.id, item.exchangeStatus]));
  }

  /** The page statements prepared on the server's connections (PGlite: its one). */
  async function pageStatements(server: TestServer): Promise<number> {
    const rows = await queryRows<{ n: number }>(
      server.app.database.db,
      sql`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE ${kind === 'pglite' ? 'pglite_feed_hits_page_%' : 'feed_hits_page_%'}`,
    );
    return rows[0]?.n ?? 0;
  }

  it("pages of known posts show the viewer's requests and leave out blocked authors: at once through the API, after the notification otherwise", async () => {
    for (const server of [kept(), uncached()]) {
      const db = server.app.database.db;
      const word = `lutework${kind}${server === kept() ? 'kept' : 'read'}`;
      const viewer = await memberWithProfile(server);
      const [asked, inserted, blocked] = [await memberWithProfile(server), await memberWithProfile(server), await memberWithProfile(server)];
      const posts = {
        asked: await insertPost(db, asked.userId, { offering: `Lute lessons ${word}`, lookingFor: 'Help with trimming a hedge' }),
        inserted: await insertPost(db, inserted.userId, { offering: `Lute repairs ${word}`, lookingFor: 'Sourdough bread baking' }),
        blocked: await insertPost(db, blocked.userId, { offering: `Lute songs ${word}`, lookingFor: 'Bike repair and tune-ups' }),
      };
      const first = await page(viewer.client, word);
      expect([...first.keys()].sort()).toEqual(Object.values(posts).sort());
      expect([...first.values()]).toEqual([null, null, null]);

      const states = ViewerStates.of(db);
      const readsBefore = states.reads;
      // Through the API: the sender's next page shows the request.
      expect((await viewer.client.post('/api/requests', { postId: posts.asked, message: 'Would you like to swap?' })).status).toBe(201);
      expect((await page(viewer.client, word)).get(posts.asked)).toBe('pending');

      // Straight in the database (another instance, a script): once the notification names the sender and the post.
      await db.insert(exchangeRequests).values({ requesterId: viewer.userId, postId: posts.inserted, status: 'pending' });
      const afterInsert = await readUntil(() => page(viewer.client, word), (items) => items.get(posts.inserted) === 'pending');
      expect(afterInsert.get(posts.inserted)).toBe('pending');
      // A kept state takes new requests in as they come, without being read again.
      if (server === kept()) expect(states.reads).toBe(readsBefore);

      // A block written straight in the database: the blocked member's post leaves once the notification comes.
      await db.insert(memberBlocks).values({ blockerId: blocked.userId, blockedId: viewer.userId });
      const afterBlock = await readUntil(() => page(viewer.client, word), (items) => !items.has(posts.blocked));
      expect([...afterBlock.keys()].sort()).toEqual([posts.asked, posts.inserted].sort());
    }
    // The kept server made those pages without a statement of their own; the other checked the rules in one, named.
    expect(await pageStatements(kept())).toBe(0);
    expect(await pageStatements(uncached())).toBeGreaterThan(0);
  });
});
