import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FeedResponse } from '../../../shared/schemas/matching.js';
import type { PostItem, SearchResponse } from '../../../shared/schemas/posts.js';
import { queryRows } from '../../db/client.js';
import { exchangeRequests, posts } from '../../db/schema/index.js';
import { feed } from '../posts/feed.service.js';
import type { TestClient } from '../../test/client.js';
import { insertPost, memberWithProfile, setSettings, useTestServer } from '../../test/factories.js';
import { testDatabases } from '../../test/harness.js';
import { readUntil } from '../../test/read-until.js';
import { NEWEST_KEPT } from './search-hits.js';

const ids = (list: { items: { id: string }[] }) => list.items.map((item) => item.id);

/** Searches until `check` holds (a notification from the database is on its way) or 3 s pass. */
async function searchUntil(client: TestClient, q: string, check: (found: SearchResponse) => boolean): Promise<SearchResponse> {
  return readUntil(async () => client.json<SearchResponse>(await client.get(`/api/search?q=${encodeURIComponent(q)}`)), check);
}

describe.each(testDatabases())('search hits shared by every viewer on %s', (kind) => {
  const server = useTestServer(kind);
  const db = () => server().app.database.db;
  const unique = () => Math.random().toString(36).slice(2, 8).replace(/\d/g, 'x');

  it('takes a new post into a search already made, in its place, at once on the instance that made it', async () => {
    const viewer = await memberWithProfile(server());
    const author = await memberWithProfile(server());
    const tag = `zq${unique()}`;
    const inTitle = await insertPost(db(), author.userId, { title: `Pottery wheel ${tag}`, offering: `Pottery for beginners ${tag}`, lookingFor: 'Help with my garden beds', ageDays: 3 });
    const inText = await insertPost(db(), author.userId, { title: 'Weekend help on offer', offering: `Clay and ${tag} glazes`, lookingFor: 'Someone to fix a leaking tap', ageDays: 2 });
    const search = async (client: TestClient) => client.json<SearchResponse>(await client.get(`/api/search?q=${tag}`));
    expect(ids(await search(viewer.client))).toEqual([inTitle, inText]);

    // Made through the API: the author's answer comes once this instance's searches have it.
    const res = await author.client.post('/api/posts', {
      title: `Glazing ${tag} evenings`,
      offering: `Glazing and kiln firing for ${tag} pieces`,
      lookingFor: 'Spanish conversation practice',
      keywords: ['Pottery'],
      format: 'in_person',
    });
    expect(res.status).toBe(201);
    const created = (await author.client.json<PostItem>(res)).id;
    const after = await search(viewer.client);
    // A title hit, and the newest of the two: first.
    expect(ids(after)).toEqual([created, inTitle, inText]);
    expect(after.total).toBe(3);
    // The feed's text filter reads the same hits, newest first.
    const feed = await viewer.client.json<FeedResponse>(await viewer.client.get(`/api/feed?limit=50&q=${tag}`));
    expect(ids(feed)).toEqual([created, inText, inTitle]);
    // The author shares the list, without their own posts.
    expect(await search(author.client)).toMatchObject({ items: [], total: 0 });

    // Edited so the search no longer finds it: gone at once.
    const edited = await author.client.request('PATCH', `/api/posts/${created}`, { title: 'Glazing evenings', offering: 'Glazing and kiln firing', lookingFor: 'Spanish conversation practice' });
    expect(edited.status).toBe(200);
    expect(ids(await search(viewer.client))).toEqual([inTitle, inText]);

    // Written straight to the database (another instance, a script): taken in when its notification comes.
    const filtered = async () => ids(await viewer.client.json<FeedResponse>(await viewer.client.get(`/api/feed?limit=50&q=${tag}`)));
    expect(await filtered()).toEqual([inText, inTitle]);
    const direct = await insertPost(db(), author.userId, { title: 'Evening class', offering: `Raku ${tag} firing outdoors`, lookingFor: 'Bike repair lessons please' });
    const withDirect = await searchUntil(viewer.client, tag, (found) => ids(found).includes(direct));
    expect(ids(withDirect)).toEqual([inTitle, direct, inText]);
    // Taken into the newest-first order the feed's text filter had already read, in its place.
    expect(await filtered()).toEqual([direct, inText, inTitle]);
    // Closed straight in the database: forgotten when its notification comes.
    await db().update(posts).set({ status: 'hidden' }).where(eq(posts.id, inTitle));
    expect(ids(await searchUntil(viewer.client, tag, (found) => !ids(found).includes(inTitle)))).toEqual([direct, inText]);
  });

  // PGlite only: the database is this server's own, so no other test file adds posts between the two reads compared.
  it.runIf(kind === 'pglite')("makes the feed's pages without text from the newest posts kept, and those past them in the database, as the database orders them", async () => {
    const viewer = await memberWithProfile(server());
    const authors = [await memberWithProfile(server()), await memberWithProfile(server()), await memberWithProfile(server())];
    const hidden = authors[2];
    if (!hidden) throw new Error('no hidden author');
    await setSettings(db(), hidden.userId, { profileVisibility: false });
    // Half of them the viewer may see (not the hidden author's, not their own), spread in time.
    const owners = [authors[0], authors[1], hidden, viewer].map((member) => member?.userId ?? '');
    const now = Date.now();
    await db()
      .insert(posts)
      .values(
        Array.from({ length: NEWEST_KEPT + 60 }, (_, i) => ({
          userId: owners[i % owners.length] ?? '',
          title: `Feed page post ${i}`,
          description: `What I'm offering: Lessons in woodworking number ${i}`,
          offering: `Lessons in woodworking number ${i}`,
          lookingFor: 'Help with the garden beds',
          status: 'active' as const,
          createdAt: new Date(now - i * 1000),
          updatedAt: new Date(now - i * 1000),
        })),
      );
    const viaApi = async (offset: number) => ids(await viewer.client.json<FeedResponse>(await viewer.client.get(`/api/feed?limit=50&offset=${offset}`)));
    // The same page read in the database (no kept lists).
    const inDatabase = async (offset: number) => ids(await feed(db(), viewer.userId, { mode: 'recent', limit: 50, offset }));
    // Inserted straight in the database: the newest posts follow once the notification comes.
    const first = await inDatabase(0);
    expect(await readUntil(() => viaApi(0), (page) => page.join() === first.join())).toEqual(first);
    // The viewer sees about half of the kept posts: pages before, across and past their end.
    for (const offset of [50, 400, 450, 500, 550, 600]) expect(await viaApi(offset)).toEqual(await inDatabase(offset));
    const read = await queryRows<{ name: string }>(db(), sql`SELECT name FROM pg_prepared_statements WHERE name LIKE 'pglite_newest_posts%'`);
    expect(read).toHaveLength(1);
  });

  it('pages the shared hits per viewer: counts and offsets leave out what the viewer may not see', async () => {
    const viewer = await memberWithProfile(server());
    const author = await memberWithProfile(server());
    const tag = `zq${unique()}`;
    const made: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      made.push(await insertPost(db(), author.userId, { title: `Knitting ${tag} circle`, offering: `Knitting socks ${tag}`, lookingFor: 'Help with my garden beds', ageDays: 5 - i }));
    }
    const ownPost = await insertPost(db(), viewer.userId, { title: `My knitting ${tag}`, offering: `Knitting hats ${tag}`, lookingFor: 'Help with a garden fence please' });
    const page = async (client: TestClient, offset: number) =>
      client.json<SearchResponse>(await client.get(`/api/search?q=${tag}&limit=2&offset=${offset}`));
    const newestFirst = [...made].reverse();
    expect(await page(viewer.client, 0)).toMatchObject({ total: 5, nextOffset: 2 });
    expect(ids(await page(viewer.client, 2))).toEqual(newestFirst.slice(2, 4));
    expect(await page(viewer.client, 4)).toMatchObject({ total: 5, nextOffset: null });
    expect(await page(viewer.client, 10)).toMatchObject({ items: [], total: 5, nextOffset: null });
    // The author sees the viewer's post and none of their own, from the same list.
    expect(ids(await page(author.client, 0))).toEqual([ownPost]);

    // A hidden author's post, in the same list: seen by their connections only, either way round.
    const hidden = await memberWithProfile(server());
    await setSettings(db(), hidden.userId, { profileVisibility: false });
    const hiddenPost = await insertPost(db(), hidden.userId, { title: `Secret ${tag} circle`, offering: `Knitting shawls ${tag}`, lookingFor: 'Help with a garden fence please', ageDays: 10 });
    const asker = await memberWithProfile(server());
    await db().insert(exchangeRequests).values({ requesterId: asker.userId, postId: hiddenPost, status: 'accepted' });
    const askerPost = await insertPost(db(), author.userId, { offering: 'Unrelated bread baking at home', lookingFor: 'Unrelated help with the garden' });
    await db().insert(exchangeRequests).values({ requesterId: hidden.userId, postId: askerPost, status: 'completed' });
    const all = async (client: TestClient) => client.json<SearchResponse>(await client.get(`/api/search?q=${tag}&limit=50`));
    await searchUntil(viewer.client, tag, (found) => found.total === 5 && ids(found).length === 5);
    expect(await all(viewer.client)).toMatchObject({ total: 5 });
    expect(ids(await all(viewer.client))).not.toContain(hiddenPost);
    // The asker requested the hidden post (accepted); the author's post was requested by the hidden member (completed).
    expect(ids(await all(asker.client))).toContain(hiddenPost);
    expect(await all(asker.client)).toMatchObject({ total: 7 });
    // The author searched before they were connected: their kept hidden authors follow the notification.
    expect(ids(await readUntil(() => all(author.client), (found) => ids(found).includes(hiddenPost)))).toEqual([ownPost, hiddenPost]);
  });

  it("keeps each viewer's hidden authors until visibility, a block or a connection changes: here at once, from elsewhere when the notification comes", async () => {
    const viewer = await memberWithProfile(server());
    const author = await memberWithProfile(server());
    const tag = `zq${unique()}`;
    await setSettings(db(), author.userId, { profileVisibility: false });
    const postId = await insertPost(db(), author.userId, { title: `Bookbinding ${tag}`, offering: `Bookbinding ${tag} by hand`, lookingFor: 'Help with my garden beds' });
    const search = async () => viewer.client.json<SearchResponse>(await viewer.client.get(`/api/search?q=${tag}`));
    const feed = async () => viewer.client.json<FeedResponse>(await viewer.client.get(`/api/feed?limit=50&q=${tag}`));
    expect(await search()).toMatchObject({ items: [], total: 0 });

    // Visible again through the API: the viewer's next search and filtered feed have it, with its count.
    expect((await author.client.request('PATCH', '/api/settings', { settings: { profileVisibility: true } })).status).toBe(200);
    expect(await search()).toMatchObject({ items: [{ id: postId }], total: 1 });
    expect(await feed()).toMatchObject({ items: [{ id: postId }] });

    // Hidden straight in the database (another instance, a script): the count follows the notification.
    await setSettings(db(), author.userId, { profileVisibility: false });
    expect(await readUntil(search, (found) => found.total === 0)).toMatchObject({ items: [], total: 0 });
    // Connected straight in the database: seen again once the notification comes.
    await db().insert(exchangeRequests).values({ requesterId: viewer.userId, postId, status: 'accepted' });
    expect(await readUntil(search, (found) => found.total === 1)).toMatchObject({ items: [{ id: postId }], total: 1 });

    // A block through the API: gone at once for both, whoever blocked.
    expect((await author.client.post('/api/blocks', { memberId: viewer.userId })).status).toBeLessThan(300);
    expect(await search()).toMatchObject({ items: [], total: 0 });
    expect((await feed()).items).toEqual([]);
    expect((await author.client.request('DELETE', `/api/blocks/${viewer.userId}`)).status).toBeLessThan(300);
    expect(await search()).toMatchObject({ items: [{ id: postId }], total: 1 });
  });

  describe('with room for few hits (SEARCH_CACHE_HITS=8: at most 2 hits a search)', () => {
    const small = useTestServer(kind, { SEARCH_CACHE_HITS: '8' });

    it('answers a search that finds more than a list may hold from the database, as before', async () => {
      const viewer = await memberWithProfile(small());
      const author = await memberWithProfile(small());
      const tag = `zq${unique()}`;
      const made: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        made.push(await insertPost(small().app.database.db, author.userId, { title: `Baking ${tag}`, offering: `Sourdough ${tag} bread`, lookingFor: 'Help with my garden beds', ageDays: 3 - i }));
      }
      for (let round = 0; round < 2; round += 1) {
        const found = await viewer.client.json<SearchResponse>(await viewer.client.get(`/api/search?q=${tag}`));
        expect(ids(found)).toEqual([...made].reverse());
        expect(found.total).toBe(3);
        const feed = await viewer.client.json<FeedResponse>(await viewer.client.get(`/api/feed?limit=50&q=${tag}`));
        expect(ids(feed)).toEqual([...made].reverse());
      }
    });
  });
});
