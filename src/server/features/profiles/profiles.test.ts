import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchangeRequests, memberSettings, photos, posts, profiles, ratings, skillCategories } from '../../db/schema/index.js';
import type { MemberSummary } from '../../../shared/schemas/posts.js';
import type { OwnProfile, ProfileView } from '../../../shared/schemas/profile.js';
import { queryRows } from '../../db/client.js';
import { TestClient } from '../../test/client.js';
import { readUntil } from '../../test/read-until.js';
import { startTestServer, testDatabases, type TestServer } from '../../test/harness.js';
import { signedInMember } from '../../test/members.js';
import { memberWithCookie, uploadedPhotoId } from '../uploads/test-support.js';

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

describe.each(testDatabases())('profiles API on %s', (kind) => {
  let server: TestServer;
  let primaryId: number;
  let primaryName: string;

  beforeAll(async () => {
    server = await startTestServer(kind, { TRUST_PROXY: 'true' });
    const [category] = await server.app.database.db
      .select({ id: skillCategories.id, name: skillCategories.name })
      .from(skillCategories)
      .where(eq(skillCategories.slug, 'home-garden'));
    if (!category) throw new Error('seeded category missing');
    primaryId = category.id;
    primaryName = category.name;
  });
  afterAll(async () => {
    await server.close();
  });

  function profileBody(overrides: Record<string, unknown> = {}) {
    return {
      photoId: null,
      displayName: 'Ann Gardener',
      about: words(45),
      serviceType: 'physical',
      primaryCategoryId: primaryId,
      skillKeywords: ['pruning', ' composting '],
      portfolioUrl: '',
      linkedinUrl: 'https://www.linkedin.com/in/ann',
      leadTime: '1-week',
      zipCode: '10001',
      serviceRadiusMiles: 15,
      location: '',
      ...overrides,
    };
  }

  /** A member with a saved profile (and a photo). */
  async function memberWithProfile(overrides: Record<string, unknown> = {}) {
    const member = await memberWithCookie(server);
    const photoId = await uploadedPhotoId(server, member.cookie);
    const res = await member.client.request('PUT', '/api/profiles/me', profileBody({ photoId, ...overrides }));
    if (res.status !== 200) throw new Error(`profile save failed: ${res.status} ${await res.text()}`);
    return { ...member, photoId, profile: await member.client.json<OwnProfile>(res) };
  }

  async function storedProfile(userId: string) {
    const [row] = await server.app.database.db.select().from(profiles).where(eq(profiles.id, userId));
    return row;
  }

  it('is for members only', async () => {
    const visitor = new TestClient(server.url);
    expect((await visitor.get('/api/profiles/me')).status).toBe(401);
    expect((await visitor.get('/api/profiles/me/completeness')).status).toBe(401);
    expect((await visitor.request('PUT', '/api/profiles/me', profileBody())).status).toBe(401);
    expect((await visitor.request('PUT', '/api/profiles/me', '{"broken')).status).toBe(401);
  });

  it('has no profile and is incomplete before Complete Profile', async () => {
    const { client, userId } = await signedInMember(server);
    const me = await client.get('/api/profiles/me');
    expect(me.status).toBe(404);
    expect(((await me.json()) as ErrorBody).error.message).toBe('Profile not found');
    expect(await client.json(await client.get('/api/profiles/me/completeness'))).toEqual({ complete: false, displayName: null, photoUrl: null });
    expect((await client.get(`/api/profiles/${userId}`)).status).toBe(404);
  });

  it('saves a profile: ZIP resolved to City, State and coordinates, category named, empty URL as null', async () => {
    const { client, userId, photoId, profile } = await memberWithProfile();
    expect(profile).toMatchObject({
      id: userId,
      displayName: 'Ann Gardener',
      photoId,
      photoUrl: `/api/photos/${photoId}`,
      serviceType: 'physical',
      primaryCategory: { id: primaryId, name: primaryName },
      skillKeywords: ['pruning', 'composting'],
      portfolioUrl: null,
      linkedinUrl: 'https://www.linkedin.com/in/ann',
      leadTime: '1-week',
      zipCode: '10001',
      serviceRadiusMiles: 15,
      location: 'New York, NY',
    });
    const row = await storedProfile(userId);
    expect(row?.latitude).toBeCloseTo(40.7484);
    expect(row?.longitude).toBeCloseTo(-73.9967);
    expect(await client.json(await client.get('/api/profiles/me'))).toEqual(profile);
    expect(await client.json(await client.get('/api/profiles/me/completeness'))).toMatchObject({ complete: true, displayName: expect.any(String), photoUrl: expect.stringMatching(/^\/api\/photos\//) });
  });

  it('keeps a typed location without a ZIP and stores the default radius for digital services', async () => {
    const { client, userId } = await memberWithCookie(server);
    const res = await client.request(
      'PUT',
      '/api/profiles/me',
      profileBody({ serviceType: 'digital', zipCode: '', serviceRadiusMiles: null, location: ' Springfield, IL ' }),
    );
    expect(res.status).toBe(200);
    expect(await client.json<OwnProfile>(res)).toMatchObject({ zipCode: null, serviceRadiusMiles: 10, location: 'Springfield, IL' });
    expect((await storedProfile(userId))?.latitude).toBeNull();
  });

  it('shows a profile to another member with rating, exchanges and join date, without owner-only data', async () => {
    const owner = await memberWithProfile();
    const other = await memberWithProfile({ zipCode: '90210' });
    const db = server.app.database.db;

    // Two completed exchanges: one where the owner asked, one on the owner's post; one pending.
    const post = async (userId: string) => {
      const [row] = await db
        .insert(posts)
        .values({ userId, title: 'Garden help offered', offering: 'Pruning and composting help', lookingFor: 'Bicycle repair lessons please' })
        .returning({ id: posts.id });
      if (!row) throw new Error('no post');
      return row.id;
    };
    const ownerPost = await post(owner.userId);
    const otherPost = await post(other.userId);
    const [asked] = await db
      .insert(exchangeRequests)
      .values({ requesterId: owner.userId, postId: otherPost, status: 'completed' })
      .returning({ id: exchangeRequests.id });
    const [offered] = await db
      .insert(exchangeRequests)
      .values({ requesterId: other.userId, postId: ownerPost, status: 'completed' })
      .returning({ id: exchangeRequests.id });
    const third = await memberWithProfile();
    await db.insert(exchangeRequests).values({ requesterId: third.userId, postId: ownerPost, status: 'pending' });
    if (!asked || !offered) throw new Error('no requests');
    await db.insert(ratings).values([
      { exchangeRequestId: asked.id, raterId: other.userId, ratedUserId: owner.userId, rating: 5 },
      { exchangeRequestId: offered.id, raterId: other.userId, ratedUserId: owner.userId, rating: 4 },
      { exchangeRequestId: offered.id, raterId: third.userId, ratedUserId: owner.userId, rating: 4 },
    ]);

    const res = await other.client.get(`/api/profiles/${owner.userId}`);
    expect(res.status).toBe(200);
    const view = await other.client.json<ProfileView>(res);
    expect(view).toMatchObject({
      id: owner.userId,
      displayName: 'Ann Gardener',
      photoUrl: `/api/photos/${owner.photoId}`,
      primaryCategory: { id: primaryId, name: primaryName },
      zipCode: '10001',
      location: 'New York, NY',
      rating: 4.3,
      ratingCount: 3,
      exchanges: 2,
      isOwner: false,
    });
    expect(Date.parse(view.joinedAt)).toBeGreaterThan(Date.now() - 5 * 60_000);
    expect(view).not.toHaveProperty('photoId');

    // The search Profile Details dialog reads the same member the same way (one rating wording).
    const summary = await other.client.json<MemberSummary>(await other.client.get(`/api/members/${owner.userId}/summary`));
    expect(summary).toMatchObject({ ratingAverage: view.rating, ratingCount: view.ratingCount, completedExchanges: view.exchanges, joinedAt: view.joinedAt });

    const mine = await owner.client.json<ProfileView>(await owner.client.get(`/api/profiles/${owner.userId}`));
    expect(mine.isOwner).toBe(true);
    expect((await other.client.json<ProfileView>(await other.client.get(`/api/profiles/${other.userId}`))).rating).toBe(0);
  });

  it('keeps each profile for every viewer: blocks through the API at once for each viewer, a rename in the database after its notification', async () => {
    const owner = await memberWithProfile();
    const [viewer, other, third] = [await memberWithCookie(server), await memberWithCookie(server), await memberWithCookie(server)];
    const view = (client: TestClient) => client.get(`/api/profiles/${owner.userId}`);
    expect((await view(viewer.client)).status).toBe(200);
    expect((await view(other.client)).status).toBe(200);
    // The owner blocks the viewer: gone for them at once, still there for the other member.
    expect((await owner.client.post('/api/blocks', { memberId: viewer.userId })).status).toBe(201);
    expect((await view(viewer.client)).status).toBe(404);
    expect((await view(other.client)).status).toBe(200);
    // The other member blocks the owner: still shown to them, marked so they can lift it.
    expect((await other.client.post('/api/blocks', { memberId: owner.userId })).status).toBe(201);
    expect((await other.client.json<ProfileView>(await view(other.client))).blockedByViewer).toBe(true);
    // Renamed straight in the database (another instance, a script): once the notification comes.
    expect((await third.client.json<ProfileView>(await view(third.client))).displayName).toBe('Ann Gardener');
    await server.app.database.db.update(profiles).set({ displayName: 'Ann Renamed' }).where(eq(profiles.id, owner.userId));
    const renamed = await readUntil(async () => third.client.json<ProfileView>(await view(third.client)), (seen) => seen.displayName === 'Ann Renamed');
    expect(renamed.displayName).toBe('Ann Renamed');
    // Read for every viewer, not per viewer (PGlite: its one connection ran only the shared statement).
    if (kind === 'pglite') {
      const named = await queryRows<{ name: string }>(server.app.database.db, sql`SELECT name FROM pg_prepared_statements WHERE name LIKE 'pglite_profile_view%'`);
      expect(named.map((n) => n.name.replace(/_[0-9a-f]+$/, ''))).toEqual(['pglite_profile_view_shared']);
    }
  });

  it('hides ZIP and location from others when location sharing is off', async () => {
    const owner = await memberWithProfile();
    const other = await memberWithCookie(server);
    await server.app.database.db.insert(memberSettings).values({ userId: owner.userId, locationSharing: false });
    const seen = await other.client.json<ProfileView>(await other.client.get(`/api/profiles/${owner.userId}`));
    expect(seen).toMatchObject({ zipCode: null, location: null, serviceRadiusMiles: 15 });
    const own = await owner.client.json<ProfileView>(await owner.client.get(`/api/profiles/${owner.userId}`));
    expect(own).toMatchObject({ zipCode: '10001', location: 'New York, NY' });
  });

  it('hides the profile from non-connections when profile visibility is off', async () => {
    const owner = await memberWithProfile();
    const stranger = await memberWithCookie(server);
    const friend = await memberWithCookie(server);
    const db = server.app.database.db;
    await db.insert(memberSettings).values({ userId: owner.userId, profileVisibility: false });
    const [post] = await db
      .insert(posts)
      .values({ userId: owner.userId, title: 'Garden help offered', offering: 'Pruning and composting help', lookingFor: 'Bicycle repair lessons please' })
      .returning({ id: posts.id });
    if (!post) throw new Error('no post');
    await db.insert(exchangeRequests).values({ requesterId: friend.userId, postId: post.id, status: 'accepted' });

    const hidden = await stranger.client.get(`/api/profiles/${owner.userId}`);
    expect(hidden.status).toBe(404);
    expect(((await hidden.json()) as ErrorBody).error.message).toBe('Profile not found');
    expect((await friend.client.get(`/api/profiles/${owner.userId}`)).status).toBe(200);
    expect((await owner.client.get(`/api/profiles/${owner.userId}`)).status).toBe(200);
  });

  it('answers an unknown id with 404 Profile not found', async () => {
    const { client } = await signedInMember(server);
    const res = await client.get('/api/profiles/no-such-member');
    expect(res.status).toBe(404);
    expect(((await res.json()) as ErrorBody).error.message).toBe('Profile not found');
  });

  it("refuses to write someone else's profile, by path or by body, and changes nothing", async () => {
    const victim = await memberWithProfile();
    const attacker = await memberWithProfile({ displayName: 'Mallory' });
    const before = await storedProfile(victim.userId);

    const byPath = await attacker.client.request('PUT', `/api/profiles/${victim.userId}`, profileBody({ displayName: 'Hacked' }));
    expect(byPath.status).toBe(403);
    expect(((await byPath.json()) as ErrorBody).error.code).toBe('FORBIDDEN');
    const byPathBadBody = await attacker.client.request('PUT', `/api/profiles/${victim.userId}`, { nonsense: true });
    expect(byPathBadBody.status).toBe(403);

    const byBody = await attacker.client.request('PUT', '/api/profiles/me', profileBody({ id: victim.userId, displayName: 'Hacked' }));
    expect(byBody.status).toBe(400);

    const stealPhoto = await attacker.client.request('PUT', '/api/profiles/me', profileBody({ photoId: victim.photoId }));
    expect(stealPhoto.status).toBe(400);
    expect(((await stealPhoto.json()) as ErrorBody).error.fields?.photoId).toBeTruthy();

    expect(await storedProfile(victim.userId)).toEqual(before);
    expect((await storedProfile(attacker.userId))?.displayName).toBe('Mallory');

    // The owner may use the id form for their own profile.
    const own = await attacker.client.request('PUT', `/api/profiles/${attacker.userId}`, profileBody({ photoId: attacker.photoId, displayName: 'Mallory Two' }));
    expect(own.status).toBe(200);
  });

  it.each([
    ['displayName', { displayName: 'A' }, 'Display name must be at least 2 characters'],
    ['displayName', { displayName: 'x'.repeat(81) }, 'Display name must be 80 characters or less'],
    ['about', { about: words(39) }, 'Please write between 40-200 words about yourself'],
    ['about', { about: words(201) }, 'Please write between 40-200 words about yourself'],
    ['about', { about: `${words(50)} ${'y'.repeat(3000)}` }, 'About Me must be 2000 characters or less'],
    ['serviceType', { serviceType: 'telepathy' }, 'Please select a service type'],
    ['primaryCategoryId', { primaryCategoryId: 999999 }, 'Please select your primary skill category'],
    ['primaryCategoryId', { primaryCategoryId: 'garden' }, 'Please select your primary skill category'],
    ['skillKeywords', { skillKeywords: [] }, 'Please add at least one skill keyword'],
    ['skillKeywords', { skillKeywords: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'Maximum 5 keywords allowed'],
    ['skillKeywords', { skillKeywords: ['k'.repeat(41)] }, 'Each skill keyword must be 40 characters or less'],
    ['portfolioUrl', { portfolioUrl: 'javascript:alert(1)' }, 'Portfolio URL must start with http:// or https://'],
    ['portfolioUrl', { portfolioUrl: `https://example.com/${'p'.repeat(600)}` }, 'Please enter a valid URL'],
    ['linkedinUrl', { linkedinUrl: 'data:text/html,<script>alert(1)</script>' }, 'LinkedIn URL must start with http:// or https://'],
    ['leadTime', { leadTime: 'someday' }, 'Please select your lead time'],
    ['zipCode', { zipCode: '' }, 'ZIP code and service radius are required for physical services'],
    ['zipCode', { zipCode: '00000' }, 'ZIP code not found'],
    ['zipCode', { zipCode: '1'.repeat(2000) }, 'ZIP code not found'],
    ['serviceRadiusMiles', { serviceRadiusMiles: 7 }, 'Please choose a service radius'],
    ['location', { serviceType: 'digital', zipCode: '', location: 'L'.repeat(121) }, 'Location must be 120 characters or less'],
  ])('refuses a bad %s with 400 and the field message', async (field, change, message) => {
    const { client, userId } = await memberWithCookie(server);
    const res = await client.request('PUT', '/api/profiles/me', profileBody(change));
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.fields?.[field]).toBe(message);
    expect(await storedProfile(userId)).toBeUndefined();
  });

  it('refuses an inactive or non-primary category', async () => {
    const { client } = await memberWithCookie(server);
    const db = server.app.database.db;
    const [inactive] = await db.select({ id: skillCategories.id }).from(skillCategories).where(eq(skillCategories.slug, 'other-services'));
    const [secondary] = await db.select({ id: skillCategories.id }).from(skillCategories).where(eq(skillCategories.level, 2)).limit(1);
    for (const id of [inactive?.id, secondary?.id]) {
      const res = await client.request('PUT', '/api/profiles/me', profileBody({ primaryCategoryId: id }));
      expect(res.status).toBe(400);
    }
  });

  it('answers a non-JSON body with 400, never 500', async () => {
    const { client } = await signedInMember(server);
    const res = await client.request('PUT', '/api/profiles/me', '{"displayName": ', { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
  });

  it('deletes the replaced photo when a new one is saved', async () => {
    const member = await memberWithProfile();
    const newPhoto = await uploadedPhotoId(server, member.cookie);
    const res = await member.client.request('PUT', '/api/profiles/me', profileBody({ photoId: newPhoto }));
    expect(res.status).toBe(200);
    const db = server.app.database.db;
    expect(await db.select({ id: photos.id }).from(photos).where(eq(photos.id, member.photoId))).toEqual([]);
    expect((await fetch(`${server.url}/api/photos/${newPhoto}`)).status).toBe(200);
  });

  it('deletes unused uploads once they are an hour old, and keeps younger ones', async () => {
    const member = await memberWithProfile();
    const db = server.app.database.db;
    const abandoned = await uploadedPhotoId(server, member.cookie);
    const fresh = await uploadedPhotoId(server, member.cookie);
    await db.update(photos).set({ createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000) }).where(eq(photos.id, abandoned));
    const res = await member.client.request('PUT', '/api/profiles/me', profileBody({ photoId: member.photoId }));
    expect(res.status).toBe(200);
    const left = await db.select({ id: photos.id }).from(photos).where(eq(photos.ownerId, member.userId));
    expect(left.map((p) => p.id).sort()).toEqual([member.photoId, fresh].sort());
  });
});
