import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isoDate } from '../../../shared/schemas/posts.js';
import type { FeedResponse } from '../../../shared/schemas/matching.js';
import type { PostItem, PostListResponse } from '../../../shared/schemas/posts.js';
import { exchangeRequests, posts, postTags } from '../../db/schema/index.js';
import { TestClient } from '../../test/client.js';
import { categoryId, insertPost, memberWithProfile, setSettings, useTestServer, type ApiErrorBody } from '../../test/factories.js';
import { testDatabases } from '../../test/harness.js';
import { readUntil } from '../../test/read-until.js';
import { signedInMember } from '../../test/members.js';

const inDays = (d: number) => isoDate(new Date(Date.now() + d * 86_400_000));

const validPost = () => ({
  title: 'Guitar lessons for beginners',
  offering: 'Guitar lessons, music theory; songwriting basics',
  lookingFor: 'Help with my vegetable garden. Bike repair',
  keywords: ['Guitar', 'Music'],
  format: 'in_person' as const,
  availableFrom: inDays(1),
  availableUntil: inDays(15),
  preferredDays: 'Weekends',
  preferredTimes: 'Mornings',
  additionalContext: 'I have a spare guitar you can borrow.',
});

describe.each(testDatabases())('posts on %s', (kind) => {
  const server = useTestServer(kind);
  const db = () => server().app.database.db;
  const postCount = async () => (await db().select({ n: count() }).from(posts))[0]?.n ?? 0;

  it('creates a post with the structured description, tags, post_tags, fixed values and the profile ZIP', async () => {
    const { client, userId } = await memberWithProfile(server(), { zipCode: '02139', latitude: 42.3647, longitude: -71.1042 });
    const category = await categoryId(db(), 'music-performance');
    const res = await client.post('/api/posts', { ...validPost(), categoryId: category });
    expect(res.status).toBe(201);
    const post = await client.json<PostItem>(res);
    expect(post).toMatchObject({
      title: 'Guitar lessons for beginners',
      description:
        "What I'm offering: Guitar lessons, music theory; songwriting basics\n\nWhat I'm looking for: Help with my vegetable garden. Bike repair\n\nAdditional context: I have a spare guitar you can borrow.",
      keywords: ['Guitar', 'Music'],
      format: 'in_person',
      customTags: ['Guitar', 'Music', 'in_person'],
      categoryId: category,
      categoryName: 'Music & Performance',
      status: 'active',
      isOwn: true,
      exchangeStatus: null,
      pendingRequestCount: 0,
      authorResponse: null,
      author: { id: userId, name: 'Test Member', avatarUrl: null },
    });
    expect(post.availabilityDescription).toMatch(/^Available \w{3} \d{2} - \w{3} \d{2}, \d{4}, Weekends, Mornings$/);

    const [row] = await db().select().from(posts).where(eq(posts.id, post.id));
    expect(row).toMatchObject({
      zipCode: '02139',
      latitude: 42.3647,
      serviceRadiusMiles: 10,
      leadTimeDays: 1,
      estimatedDurationHours: 1,
      isFlexibleTiming: true,
      isSameDayOk: false,
    });
    const tags = await db().select({ tag: postTags.tag, side: postTags.side }).from(postTags).where(eq(postTags.postId, post.id));
    expect(tags).toEqual(
      expect.arrayContaining([
        { tag: 'guitar lessons', side: 'offering' },
        { tag: 'music theory', side: 'offering' },
        { tag: 'songwriting basics', side: 'offering' },
        { tag: 'help with my vegetable garden', side: 'looking_for' },
        { tag: 'bike repair', side: 'looking_for' },
      ]),
    );
    expect(tags).toHaveLength(5);
  });

  it('answers 409 PROFILE_INCOMPLETE when the profile is missing or incomplete', async () => {
    const { client } = await signedInMember(server());
    const res = await client.post('/api/posts', validPost());
    expect(res.status).toBe(409);
    expect((await client.json<ApiErrorBody>(res)).error.code).toBe('PROFILE_INCOMPLETE');
    const partial = await memberWithProfile(server(), { about: null });
    expect((await partial.client.post('/api/posts', validPost())).status).toBe(409);
    // The profile is answered first, before an unknown category.
    expect((await partial.client.post('/api/posts', { ...validPost(), categoryId: 999_999 })).status).toBe(409);
  });

  it('needs a session', async () => {
    const { client } = await memberWithProfile(server());
    const anonymous = new TestClient(server().url);
    expect(client.hasSession()).toBe(true);
    expect((await anonymous.post('/api/posts', validPost())).status).toBe(401);
    expect((await anonymous.get('/api/feed')).status).toBe(401);
  });

  it.each([
    ['a 100 kB title', { title: 'x'.repeat(100_000) }, 'title', 'Your title must be 80 characters or less.'],
    ['no title', { title: '   ' }, 'title', 'Please enter a title'],
    ['a short title', { title: 'Too short' }, 'title', 'Your title must be at least 10 characters.'],
    ['no offering', { offering: undefined }, 'offering', "Please fill in what you're offering"],
    ['a short offering', { offering: 'Guitar' }, 'offering', 'Your offering must be at least 20 characters.'],
    ['a long offering', { offering: 'x'.repeat(301) }, 'offering', 'Please shorten your offering to 300 characters or less.'],
    ['a short request', { lookingFor: 'Garden' }, 'lookingFor', 'Your request must be at least 20 characters.'],
    ['a long request', { lookingFor: 'y'.repeat(301) }, 'lookingFor', 'Please shorten your request to 300 characters or less.'],
    ['50 keywords', { keywords: Array.from({ length: 50 }, (_, i) => `kw${i}`) }, 'keywords', 'You can add up to 5 keywords.'],
    ['a long keyword', { keywords: ['k'.repeat(21)] }, 'keywords.0', 'Each keyword must be 20 characters or less.'],
    ['duplicate keywords', { keywords: ['Guitar', ' guitar '] }, 'keywords', 'Each keyword can only be added once.'],
    ['a date in 1900', { availableFrom: '1900-01-01' }, 'availableFrom', 'Dates cannot be before today.'],
    ['an impossible date', { availableUntil: '2030-02-31' }, 'availableUntil', 'Please choose a valid date.'],
    ['an end before the start', { availableFrom: inDays(10), availableUntil: inDays(3) }, 'availableUntil', 'Available Until cannot be before Available From.'],
    ['an unknown format', { format: 'teleport' }, 'format', 'Please choose In-person, Remote or Hybrid.'],
    ['a category that is not a number', { categoryId: 'music' }, 'categoryId', 'Please choose a valid category.'],
  ])('rejects %s with 400 and the field message, writing nothing', async (_name, change, field, message) => {
    const { client } = await memberWithProfile(server());
    const before = await postCount();
    const res = await client.post('/api/posts', { ...validPost(), ...change });
    expect(res.status).toBe(400);
    const body = await client.json<ApiErrorBody>(res);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.fields?.[field]).toBe(message);
    expect(await postCount()).toBe(before);
  });

  it('rejects an unknown category with 400, not a failed insert', async () => {
    const { client } = await memberWithProfile(server());
    const res = await client.post('/api/posts', { ...validPost(), categoryId: 999_999 });
    expect(res.status).toBe(400);
    expect((await client.json<ApiErrorBody>(res)).error.fields?.categoryId).toBe('Please choose a valid category.');
  });

  it("edits: the member's title kept, tags replaced, availability text rebuilt; fields left out are kept", async () => {
    const { client } = await memberWithProfile(server());
    const created = await client.json<PostItem>(await client.post('/api/posts', validPost()));
    const res = await client.request('PATCH', `/api/posts/${created.id}`, {
      offering: 'Piano lessons: jazz standards',
      lookingFor: 'Bike brakes fixed, please help',
      keywords: ['Piano'],
      format: 'remote',
      availableFrom: inDays(30),
      availableUntil: null,
    });
    expect(res.status).toBe(200);
    const post = await client.json<PostItem>(res);
    expect(post).toMatchObject({
      title: 'Guitar lessons for beginners',
      offering: 'Piano lessons: jazz standards',
      customTags: ['Piano', 'remote'],
      preferredDays: 'Weekends',
      additionalContext: 'I have a spare guitar you can borrow.',
    });
    expect(post.availabilityDescription).toMatch(/^Available from \w{3} \d{2}, \d{4}, Weekends, Mornings$/);
    const tooFar = await client.request('PATCH', `/api/posts/${created.id}`, { offering: post.offering, lookingFor: post.lookingFor, availableFrom: '2099-01-01' });
    expect(tooFar.status).toBe(400);
    const tags = await db().select({ tag: postTags.tag }).from(postTags).where(eq(postTags.postId, created.id));
    expect(tags.map((t) => t.tag).sort()).toEqual(['bike brakes fixed', 'jazz standards', 'piano lessons', 'please help']);
  });

  it('edits the title with the create rules and messages; a title left out is kept', async () => {
    const { client } = await memberWithProfile(server());
    const created = await client.json<PostItem>(await client.post('/api/posts', validPost()));
    const base = { offering: created.offering, lookingFor: created.lookingFor };
    const renamed = await client.request('PATCH', `/api/posts/${created.id}`, { ...base, title: '  Guitar and ukulele for neighbours  ' });
    expect(renamed.status).toBe(200);
    expect((await client.json<PostItem>(renamed)).title).toBe('Guitar and ukulele for neighbours');
    for (const [title, message] of [
      ['   ', 'Please enter a title'],
      ['Too short', 'Your title must be at least 10 characters.'],
      ['x'.repeat(81), 'Your title must be 80 characters or less.'],
      [null, 'Please enter a title'],
    ] as const) {
      const res = await client.request('PATCH', `/api/posts/${created.id}`, { ...base, title });
      expect(res.status).toBe(400);
      const body = await client.json<ApiErrorBody>(res);
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.fields?.title).toBe(message);
    }
    const kept = await client.request('PATCH', `/api/posts/${created.id}`, { ...base, offering: 'Ukulele lessons for complete beginners' });
    expect(await client.json<PostItem>(kept)).toMatchObject({ title: 'Guitar and ukulele for neighbours', offering: 'Ukulele lessons for complete beginners' });
  });

  it('rejects an edit whose end date falls before the kept start date', async () => {
    const { client } = await memberWithProfile(server());
    const created = await client.json<PostItem>(await client.post('/api/posts', validPost()));
    const res = await client.request('PATCH', `/api/posts/${created.id}`, {
      offering: created.offering,
      lookingFor: created.lookingFor,
      availableUntil: isoDate(new Date()),
    });
    expect(res.status).toBe(400);
    expect((await client.json<ApiErrorBody>(res)).error.fields?.availableUntil).toBe('Available Until cannot be before Available From.');
  });

  it('answers 403 to anyone but the author on every write, and changes nothing', async () => {
    const owner = await memberWithProfile(server());
    const other = await memberWithProfile(server());
    const created = await owner.client.json<PostItem>(await owner.client.post('/api/posts', validPost()));
    const patch = await other.client.request('PATCH', `/api/posts/${created.id}`, {
      offering: 'Something else entirely, nice',
      lookingFor: 'Something else entirely, nice',
    });
    expect(patch.status).toBe(403);
    expect((await other.client.request('DELETE', `/api/posts/${created.id}`)).status).toBe(403);
    expect((await other.client.post(`/api/posts/${created.id}/status`, { status: 'hidden' })).status).toBe(403);
    const [row] = await db().select().from(posts).where(eq(posts.id, created.id));
    expect(row).toMatchObject({ offering: created.offering, status: 'active' });
    expect((await other.client.request('DELETE', '/api/posts/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await other.client.request('DELETE', '/api/posts/not-a-uuid')).status).toBe(400);
  });

  it('hides, completes, reactivates and deletes; My Posts lists every status', async () => {
    const { client } = await memberWithProfile(server());
    const a = await client.json<PostItem>(await client.post('/api/posts', validPost()));
    const b = await client.json<PostItem>(await client.post('/api/posts', { ...validPost(), title: 'Second post for the list' }));
    expect((await client.json<PostItem>(await client.post(`/api/posts/${a.id}/status`, { status: 'hidden' }))).status).toBe('hidden');
    expect((await client.json<PostItem>(await client.post(`/api/posts/${b.id}/status`, { status: 'completed' }))).status).toBe('completed');
    const mine = await client.json<PostListResponse>(await client.get('/api/posts/mine'));
    expect(mine.items.map((p) => [p.id, p.status])).toEqual([
      [b.id, 'completed'],
      [a.id, 'hidden'],
    ]);
    expect((await client.json<PostItem>(await client.post(`/api/posts/${a.id}/status`, { status: 'active' }))).status).toBe('active');
    expect((await client.post(`/api/posts/${a.id}/status`, { status: 'deleted' })).status).toBe(400);
    expect((await client.request('DELETE', `/api/posts/${a.id}`)).status).toBe(204);
    expect(await db().select().from(postTags).where(eq(postTags.postId, a.id))).toEqual([]);
    const after = await client.json<PostListResponse>(await client.get('/api/posts/mine'));
    expect(after.items.map((p) => p.id)).toEqual([b.id]);
  });

  it('feed: newest active posts of others; never own, hidden, completed or hidden-profile posts', async () => {
    const viewer = await memberWithProfile(server());
    const author = await memberWithProfile(server(), { displayName: 'Feed Author' });
    const hiddenMember = await memberWithProfile(server(), { displayName: 'Hidden Member' });
    await setSettings(db(), hiddenMember.userId, { profileVisibility: false });
    // A word of its own: other tests (and on PostgreSQL, other files) add newer posts meanwhile.
    const word = `quokka${Date.now().toString(36)}`;
    const seed = { offering: `Feed test offering ${word} for everyone`, lookingFor: 'Feed test request from someone' };
    const older = await insertPost(db(), author.userId, { ...seed, ageDays: 2 });
    const newer = await insertPost(db(), author.userId, { ...seed, ageDays: 1 });
    const hiddenPost = await insertPost(db(), author.userId, { ...seed, status: 'hidden' });
    const completed = await insertPost(db(), author.userId, { ...seed, status: 'completed' });
    const own = await insertPost(db(), viewer.userId, seed);
    const privatePost = await insertPost(db(), hiddenMember.userId, seed);

    const feed = await viewer.client.json<FeedResponse>(await viewer.client.get(`/api/feed?limit=50&q=${word}`));
    const ids = feed.items.map((p) => p.id);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    expect(ids).toContain(older);
    for (const id of [hiddenPost, completed, own, privatePost]) expect(ids).not.toContain(id);
    const item = feed.items.find((p) => p.id === newer);
    expect(item?.match).toEqual({ score: 0, breakdown: { complement: 0, overlap: 0, location: 0, activity: 0, freshness: 0 }, reasons: [] });
    expect(item?.author.name).toBe('Feed Author');

    // A connection (an accepted request, either direction) sees the hidden member's posts.
    const viewerPost = await insertPost(db(), viewer.userId, seed);
    await db().insert(exchangeRequests).values({ requesterId: hiddenMember.userId, postId: viewerPost, status: 'accepted' });
    // Written straight to the database: the feed cache follows once the notification comes.
    const connected = await readUntil(
      async () => viewer.client.json<FeedResponse>(await viewer.client.get(`/api/feed?q=${word}`)),
      (page) => page.items.some((p) => p.id === privatePost),
    );
    expect(connected.items.map((p) => p.id)).toContain(privatePost);
  });

  it('feed pages with limit and offset and filters by text on the server', async () => {
    const viewer = await memberWithProfile(server());
    const word = `zanzibarian${Date.now().toString(36)}`;
    const author = await memberWithProfile(server(), { primaryCategoryId: await categoryId(db(), 'pets-animals') });
    const ids = [];
    for (let i = 0; i < 3; i += 1) {
      ids.push(await insertPost(db(), author.userId, { offering: `Lessons in ${word} cooking number ${i}`, lookingFor: 'Anything at all really, thanks', ageDays: i }));
    }
    const page1 = await viewer.client.json<FeedResponse>(await viewer.client.get(`/api/feed?q=${word}&limit=2`));
    expect(page1.items.map((p) => p.id)).toEqual(ids.slice(0, 2));
    expect(page1.nextOffset).toBe(2);
    const page2 = await viewer.client.json<FeedResponse>(await viewer.client.get(`/api/feed?q=${word}&limit=2&offset=2`));
    expect(page2.items.map((p) => p.id)).toEqual([ids[2]]);
    expect(page2.nextOffset).toBeNull();
    // The author's skill (primary category name) matches too.
    const bySkill = await viewer.client.json<FeedResponse>(await viewer.client.get('/api/feed?q=Pets%20%26%20Animals'));
    expect(bySkill.items.map((p) => p.id)).toEqual(expect.arrayContaining(ids));
  });

  it.each([
    ['/api/feed?offset=-1', 'offset', 'Offset must be between 0 and 10000.'],
    ['/api/feed?limit=10000', 'limit', 'Limit must be between 1 and 50.'],
    ['/api/feed?limit=0', 'limit', 'Limit must be between 1 and 50.'],
    ['/api/feed?offset=10001', 'offset', 'Offset must be between 0 and 10000.'],
    ['/api/feed?limit=abc', 'limit', 'Limit must be between 1 and 50.'],
    ['/api/posts/mine?offset=-5', 'offset', 'Offset must be between 0 and 10000.'],
    ['/api/feed?mode=best', 'mode', undefined],
    [`/api/feed?q=${'q'.repeat(101)}`, 'q', 'Please shorten your search to 100 characters or less.'],
  ])('GET %s is a 400', async (path, field, message) => {
    const { client } = await memberWithProfile(server());
    const res = await client.get(path);
    expect(res.status).toBe(400);
    const body = await client.json<ApiErrorBody>(res);
    expect(body.error.fields?.[field]).toBeDefined();
    if (message) expect(body.error.fields?.[field]).toBe(message);
  });
});

describe.each(testDatabases())('post write limits on %s', (kind) => {
  const server = useTestServer(kind, { POSTS_PER_HOUR: '3', ACTIVE_POSTS_MAX: '4' });
  const db = () => server().app.database.db;

  it('answers 429 with Retry-After and a message once a member has created their posts for the hour', async () => {
    const { client } = await memberWithProfile(server());
    for (let i = 0; i < 3; i += 1) expect((await client.post('/api/posts', validPost())).status).toBe(201);
    const res = await client.post('/api/posts', validPost());
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    const body = await client.json<ApiErrorBody>(res);
    expect(body.error.code).toBe('RATE_LIMITED');
    expect(body.error.message).toMatch(/^You can create up to 3 posts an hour\. Please try again in (60|59) minutes\.$/);
    // The limit is the member's own: someone else still posts.
    const other = await memberWithProfile(server());
    expect((await other.client.post('/api/posts', validPost())).status).toBe(201);
  });

  it('answers 429 without Retry-After at the active-post cap; hiding one makes room, reactivating it does not', async () => {
    const { client, userId } = await memberWithProfile(server());
    const seeded = [];
    for (let i = 0; i < 4; i += 1) seeded.push(await insertPost(db(), userId, { offering: `Old offering number ${i} here`, lookingFor: 'Anything useful really' }));
    await insertPost(db(), userId, { offering: 'A completed one does not count', lookingFor: 'Anything useful really', status: 'completed' });
    const res = await client.post('/api/posts', validPost());
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBeNull();
    expect((await client.json<ApiErrorBody>(res)).error).toEqual({
      code: 'RATE_LIMITED',
      message: 'You can have up to 4 active posts at once. Mark one as completed or hide it to post another.',
    });

    expect((await client.post(`/api/posts/${seeded[0]}/status`, { status: 'hidden' })).status).toBe(200);
    expect((await client.post('/api/posts', validPost())).status).toBe(201);
    const reactivate = await client.post(`/api/posts/${seeded[0]}/status`, { status: 'active' });
    expect(reactivate.status).toBe(429);
    expect((await client.json<ApiErrorBody>(reactivate)).error.code).toBe('RATE_LIMITED');
    // A post that is already active may be set active again (no change, no refusal).
    expect((await client.post(`/api/posts/${seeded[1]}/status`, { status: 'active' })).status).toBe(200);
  });
});

describe.each(testDatabases())('exchange state and response signal on cards on %s', (kind) => {
  const server = useTestServer(kind);
  const db = () => server().app.database.db;
  const seed = { offering: 'Bread baking for beginners, all welcome', lookingFor: 'Someone to help me with spreadsheets' };
  const word = () => `quokka${Math.random().toString(36).slice(2, 8).replace(/\d/g, 'q')}`;

  /** The post as the member's feed shows it, once the feed agrees (database writes reach the cache by notification). */
  async function feedPost(client: TestClient, q: string, postId: string, until: (p: PostItem | undefined) => boolean) {
    let item: PostItem | undefined;
    for (let attempt = 0; attempt < 40; attempt += 1) {
      const feed = await client.json<FeedResponse>(await client.get(`/api/feed?q=${q}`));
      item = feed.items.find((p) => p.id === postId);
      if (until(item)) return item;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return item;
  }

  it("tells each viewer their own live request: none, pending, null after a decline or withdrawal, accepted, completed", async () => {
    const owner = await memberWithProfile(server());
    const requester = await memberWithProfile(server());
    const bystander = await memberWithProfile(server());
    const q = word();
    const postId = await insertPost(db(), owner.userId, { ...seed, offering: `${seed.offering} ${q}` });
    const status = async (client: TestClient, expected: PostItem['exchangeStatus']) =>
      (await feedPost(client, q, postId, (p) => p?.exchangeStatus === expected))?.exchangeStatus;

    expect(await status(requester.client, null)).toBeNull();
    expect((await requester.client.post('/api/requests', { postId })).status).toBe(201);
    expect(await status(requester.client, 'pending')).toBe('pending');
    // Another member's request is not mine.
    expect(await status(bystander.client, null)).toBeNull();

    await db().update(exchangeRequests).set({ status: 'declined', respondedAt: new Date() }).where(eq(exchangeRequests.postId, postId));
    expect(await status(requester.client, null)).toBeNull();
    expect((await requester.client.post('/api/requests', { postId })).status).toBe(201);
    expect(await status(requester.client, 'pending')).toBe('pending');

    await db()
      .update(exchangeRequests)
      .set({ status: 'withdrawn' })
      .where(and(eq(exchangeRequests.postId, postId), eq(exchangeRequests.status, 'pending')));
    expect(await status(requester.client, null)).toBeNull();

    const [live] = await db()
      .insert(exchangeRequests)
      .values({ requesterId: requester.userId, postId, status: 'accepted', respondedAt: new Date() })
      .returning({ id: exchangeRequests.id });
    expect(await status(requester.client, 'accepted')).toBe('accepted');
    await db().update(exchangeRequests).set({ status: 'completed', completedAt: new Date() }).where(eq(exchangeRequests.id, live?.id ?? ''));
    expect(await status(requester.client, 'completed')).toBe('completed');
    expect(await status(bystander.client, null)).toBeNull();

    // The same in search (never cached).
    const search = await requester.client.json<PostListResponse>(await requester.client.get(`/api/search?q=${q}`));
    expect(search.items.find((p) => p.id === postId)?.exchangeStatus).toBe('completed');
    const theirs = await bystander.client.json<PostListResponse>(await bystander.client.get(`/api/search?q=${q}`));
    expect(theirs.items.find((p) => p.id === postId)?.exchangeStatus).toBeNull();
  });

  it('counts pending requests on own posts in My Posts only', async () => {
    const owner = await memberWithProfile(server());
    const q = word();
    const postId = await insertPost(db(), owner.userId, { ...seed, offering: `${seed.offering} ${q}` });
    const quiet = await insertPost(db(), owner.userId, { ...seed, offering: `${seed.offering} again` });
    const statuses = ['pending', 'pending', 'declined', 'withdrawn', 'accepted'] as const;
    for (const status of statuses) {
      const requester = await memberWithProfile(server());
      await db().insert(exchangeRequests).values({ requesterId: requester.userId, postId, status });
    }
    const mine = await owner.client.json<PostListResponse>(await owner.client.get('/api/posts/mine'));
    expect(mine.items.find((p) => p.id === postId)?.pendingRequestCount).toBe(2);
    expect(mine.items.find((p) => p.id === quiet)?.pendingRequestCount).toBe(0);

    const viewer = await memberWithProfile(server());
    expect(await feedPost(viewer.client, q, postId, (p) => p !== undefined)).toMatchObject({ pendingRequestCount: null, exchangeStatus: null });
  });

  it("shows the author's response signal on cards from 3 requests on, never on own posts", async () => {
    const author = await memberWithProfile(server());
    const viewer = await memberWithProfile(server());
    const q = word();
    const postId = await insertPost(db(), author.userId, { ...seed, offering: `${seed.offering} ${q}` });
    const ask = async (status: 'pending' | 'declined' | 'accepted', answeredAfterHours: number | null) => {
      const requester = await memberWithProfile(server());
      const createdAt = new Date(Date.now() - 10 * 86_400_000);
      const respondedAt = answeredAfterHours === null ? null : new Date(createdAt.getTime() + answeredAfterHours * 3_600_000);
      await db().insert(exchangeRequests).values({ requesterId: requester.userId, postId, status, createdAt, respondedAt });
    };
    await ask('declined', 2);
    await ask('accepted', 4);
    expect((await feedPost(viewer.client, q, postId, (p) => p !== undefined))?.authorResponse).toBeNull();

    await ask('pending', null);
    const shown = await feedPost(viewer.client, q, postId, (p) => p?.authorResponse !== null);
    expect(shown?.authorResponse).toBe('Responds to 2 of 3 requests · usually within a few hours');
    const search = await viewer.client.json<PostListResponse>(await viewer.client.get(`/api/search?q=${q}`));
    expect(search.items.find((p) => p.id === postId)?.authorResponse).toBe('Responds to 2 of 3 requests · usually within a few hours');
    const own = await author.client.json<PostListResponse>(await author.client.get('/api/posts/mine'));
    expect(own.items.find((p) => p.id === postId)?.authorResponse).toBeNull();
  });
});
