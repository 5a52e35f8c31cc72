import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FeedResponse } from '../../../shared/schemas/matching.js';
import type { PostItem } from '../../../shared/schemas/posts.js';
import { isoDate } from '../../../shared/schemas/posts.js';
import { profiles } from '../../db/schema/index.js';
import { insertPost, memberWithProfile, setSettings, useTestServer } from '../../test/factories.js';
import { testDatabases } from '../../test/harness.js';
import { signedInMember } from '../../test/members.js';
import type { TestClient } from '../../test/client.js';
import type { RealtimeHub } from '../../realtime/hub.js';
import { FeedCache } from './feed-cache.js';
import type { FeedOptions } from './feed.service.js';

const recent: FeedOptions = { mode: 'recent', limit: 50, offset: 0 };
const page = (title: string): FeedResponse => ({ items: [], nextOffset: null, matchingEnabled: title === 'on' });
const inDays = (d: number) => isoDate(new Date(Date.now() + d * 86_400_000));

describe('FeedCache', () => {
  it('computes a page once for requests that miss together, and again after a change', async () => {
    const cache = new FeedCache(1024 * 1024);
    let computed = 0;
    const compute = async () => {
      computed += 1;
      await new Promise((r) => setTimeout(r, 20));
      return page('on');
    };
    const pages = await Promise.all(Array.from({ length: 10 }, () => cache.page('viewer-1', recent, compute)));
    expect(computed).toBe(1);
    expect(JSON.parse(pages[0]?.toString() ?? '')).toEqual({ items: [], nextOffset: null, matchingEnabled: true });

    await cache.page('viewer-1', recent, compute);
    expect(computed).toBe(1);
    cache.changed();
    await cache.page('viewer-1', recent, compute);
    expect(computed).toBe(2);
  });

  it('keeps viewers and queries apart', async () => {
    const cache = new FeedCache(1024 * 1024);
    const a = await cache.page('viewer-1', recent, async () => page('on'));
    const b = await cache.page('viewer-2', recent, async () => page('off'));
    const c = await cache.page('viewer-1', { ...recent, offset: 50 }, async () => page('off'));
    const d = await cache.page('viewer-1', { ...recent, q: 'guitar' }, async () => page('off'));
    expect(JSON.parse(a.toString()).matchingEnabled).toBe(true);
    for (const other of [b, c, d]) expect(JSON.parse(other.toString()).matchingEnabled).toBe(false);
  });

  it('does not store a page that was being computed when a change landed', async () => {
    const cache = new FeedCache(1024 * 1024);
    let release: ((value: FeedResponse) => void) | undefined;
    const slow = cache.page('viewer-1', recent, () => new Promise<FeedResponse>((resolve) => (release = resolve)));
    await new Promise((r) => setTimeout(r, 10));
    cache.changed();
    release?.(page('off'));
    expect(JSON.parse((await slow).toString()).matchingEnabled).toBe(false);
    const fresh = await cache.page('viewer-1', recent, async () => page('on'));
    expect(JSON.parse(fresh.toString()).matchingEnabled).toBe(true);
  });

  it("empties again once the kept lists have taken in another instance's new post", async () => {
    const cache = new FeedCache(1024 * 1024);
    const handlers: ((payload: string) => void)[] = [];
    const hub: RealtimeHub = {
      subscribe: (_channel, handler) => {
        handlers.push(handler);
        return () => undefined;
      },
      publish: async () => undefined,
      onGap: () => undefined,
    };
    let takenIn: (() => void) | undefined;
    const added: string[][] = [];
    const newest = {
      postsAdded: (ids: string[]) => {
        added.push(ids);
        return new Promise<void>((resolve) => (takenIn = resolve));
      },
    };
    cache.listen(hub, [newest]);
    const postId = '0b5e8f8e-5c1c-4f55-9a57-8a8f1f0d2c11';
    for (const handler of handlers) handler(`posts+${postId}`);
    expect(added).toEqual([[postId]]);
    // Computed while the kept list is still taking the post in: it misses the post.
    const stale = await cache.page('viewer-1', recent, async () => page('off'));
    expect(JSON.parse(stale.toString()).matchingEnabled).toBe(false);
    takenIn?.();
    await new Promise((r) => setImmediate(r));
    const fresh = await cache.page('viewer-1', recent, async () => page('on'));
    expect(JSON.parse(fresh.toString()).matchingEnabled).toBe(true);
  });

  it('fails the request, and keeps nothing, when computing fails', async () => {
    const cache = new FeedCache(1024 * 1024);
    await expect(cache.page('viewer-1', recent, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    const next = await cache.page('viewer-1', recent, async () => page('on'));
    expect(JSON.parse(next.toString()).matchingEnabled).toBe(true);
  });

  it('computes every time when given no memory (FEED_CACHE_MB=0)', async () => {
    const cache = new FeedCache(0);
    let computed = 0;
    for (let i = 0; i < 3; i++) {
      await cache.page('viewer-1', recent, async () => {
        computed += 1;
        return page('on');
      });
    }
    expect(computed).toBe(3);
  });
});

/** Polls the feed until `check` holds (database notifications arrive within milliseconds). */
async function feedUntil(client: TestClient, check: (feed: FeedResponse) => boolean, timeoutMs = 3000): Promise<FeedResponse> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const feed = await client.json<FeedResponse>(await client.get('/api/feed?limit=50'));
    if (check(feed) || Date.now() > deadline) return feed;
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.each(testDatabases())('feed cache on %s', (kind) => {
  const server = useTestServer(kind);
  const db = () => server().app.database.db;
  const ids = (feed: FeedResponse) => feed.items.map((i) => i.id);

  it("serves the same page until a write, and shows every write through the API on the writer's next read", async () => {
    const viewer = await memberWithProfile(server());
    const author = await memberWithProfile(server());
    const first = await viewer.client.get('/api/feed?limit=50');
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const before = await viewer.client.json<FeedResponse>(first);
    expect(await viewer.client.json<FeedResponse>(await viewer.client.get('/api/feed?limit=50'))).toEqual(before);

    const created = await author.client.post('/api/posts', {
      title: 'Sourdough starter and baking lessons',
      offering: 'Sourdough baking lessons for beginners',
      lookingFor: 'Help with bike repair and tune-ups',
      keywords: ['Baking'],
      format: 'in_person',
      availableFrom: inDays(1),
      availableUntil: inDays(15),
    });
    expect(created.status).toBe(201);
    const post = await author.client.json<PostItem>(created);
    const after = await viewer.client.json<FeedResponse>(await viewer.client.get('/api/feed?limit=50'));
    expect(ids(after)[0]).toBe(post.id);
    expect(after.items[0]).toMatchObject({ title: 'Sourdough starter and baking lessons', isOwn: false, exchangeStatus: null });

    expect((await author.client.post(`/api/posts/${post.id}/status`, { status: 'hidden' })).status).toBe(200);
    expect(ids(await viewer.client.json<FeedResponse>(await viewer.client.get('/api/feed?limit=50')))).not.toContain(post.id);
  });

  it.runIf(kind === 'pglite')('answers from the cache: a write that notifies nobody is not seen until something does', async () => {
    // PGlite only: the database is this server's own, so switching a trigger off touches no other test.
    const viewer = await memberWithProfile(server());
    const author = await memberWithProfile(server());
    await viewer.client.get('/api/feed?limit=50');
    const notifiers = async (on: boolean) => {
      const verb = on ? sql.raw('ENABLE') : sql.raw('DISABLE');
      await db().execute(sql`ALTER TABLE posts ${verb} TRIGGER posts_content_changed`);
      await db().execute(sql`ALTER TABLE posts ${verb} TRIGGER posts_added`);
      await db().execute(sql`ALTER TABLE post_tags ${verb} TRIGGER post_tags_content_changed`);
    };
    await notifiers(false);
    let silent: string;
    try {
      silent = await insertPost(db(), author.userId, { offering: 'Bread baking lessons at home', lookingFor: 'Help with a leaking garden hose' });
    } finally {
      await notifiers(true);
    }
    expect(ids(await viewer.client.json<FeedResponse>(await viewer.client.get('/api/feed?limit=50')))).not.toContain(silent);
    // Signing up and in changes nothing a feed shows, so it leaves the cache alone.
    await signedInMember(server());
    expect(ids(await viewer.client.json<FeedResponse>(await viewer.client.get('/api/feed?limit=50')))).not.toContain(silent);
    // A notification every kept list of posts drops on (the cached pages, and the newest posts
    // the pages are made from: `SearchHits.newestPage`): an author's profile.
    await db().update(profiles).set({ about: 'Bakes bread' }).where(eq(profiles.id, author.userId));
    expect(ids(await feedUntil(viewer.client, (f) => ids(f).includes(silent)))).toContain(silent);
  });

  it('follows writes made straight to the database, by any instance or script (trigger notifications)', async () => {
    const viewer = await memberWithProfile(server());
    const author = await memberWithProfile(server());
    const postId = await insertPost(db(), author.userId, { offering: 'Piano lessons for all levels', lookingFor: 'Dog walking on weekday mornings' });
    expect(ids(await feedUntil(viewer.client, (f) => ids(f).includes(postId)))).toContain(postId);

    await db().update(profiles).set({ displayName: 'Renamed Member' }).where(eq(profiles.id, author.userId));
    const renamed = await feedUntil(viewer.client, (f) => f.items.some((i) => i.author.name === 'Renamed Member'));
    expect(renamed.items.find((i) => i.id === postId)?.author.name).toBe('Renamed Member');

    await setSettings(db(), author.userId, { profileVisibility: false });
    expect(ids(await feedUntil(viewer.client, (f) => !ids(f).includes(postId)))).not.toContain(postId);
  });
});
