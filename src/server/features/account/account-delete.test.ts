import { randomUUID } from 'node:crypto';
import { eq, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ConversationListResponse, ConversationSummary, MessagePage } from '../../../shared/schemas/messages.js';
import { REALTIME_CLOSE } from '../../../shared/schemas/realtime.js';
import type { SearchResponse } from '../../../shared/schemas/posts.js';
import type { ProfileView } from '../../../shared/schemas/profile.js';
import type { ExchangeRequestItem } from '../../../shared/schemas/requests.js';
import {
  accounts,
  exchangeRequests,
  memberBlocks,
  memberSettings,
  notifications,
  posts,
  profiles,
  ratings,
  sessions,
  users,
} from '../../db/schema/index.js';
import { TestClient } from '../../test/client.js';
import { insertPost, memberWithProfile, useTestServer, type ApiErrorBody } from '../../test/factories.js';
import { testDatabases } from '../../test/harness.js';
import { signedInMember, TEST_PASSWORD } from '../../test/members.js';
import { openSocket } from '../../test/sockets.js';
import { deletedEmail } from './account-delete.service.js';

const seed = { offering: 'Bike repair and tune-ups for commuters', lookingFor: 'Help with my vegetable garden' };

describe.each(testDatabases())('POST /api/account/delete on %s', (kind) => {
  const server = useTestServer(kind);
  const db = () => server().app.database.db;

  it('refuses a wrong password with a field message and deletes nothing', async () => {
    const member = await memberWithProfile(server(), { displayName: 'Wendy Wrongpass' });
    const res = await member.client.post('/api/account/delete', { password: 'Not-my-password-1' });
    expect(res.status).toBe(400);
    expect((await member.client.json<ApiErrorBody>(res)).error.fields).toEqual({ password: 'Incorrect password.' });
    expect((await member.client.get('/api/profiles/me')).status).toBe(200);
    const [user] = await db().select().from(users).where(eq(users.id, member.userId));
    expect(user).toMatchObject({ email: member.email, emailVerified: true });
  });

  it('deletes the member and keeps what others need, anonymised; the e-mail can sign up again', async () => {
    const tag = `quokka${randomUUID().slice(0, 8)}`;
    const leaver = await memberWithProfile(server(), { displayName: 'Lena Leaver' });
    const other = await memberWithProfile(server(), { displayName: 'Otto Other' });
    const bystander = await memberWithProfile(server(), { displayName: 'Bea Bystander' });

    // A completed exchange on Otto's post, rated both ways.
    const ottoPost = await insertPost(db(), other.userId, { ...seed, title: 'Otto fixes bikes for gardens' });
    const request = await leaver.client.json<ExchangeRequestItem>(await leaver.client.post('/api/requests', { postId: ottoPost, message: 'Lena here' }));
    for (const status of ['accepted', 'completed']) {
      expect((await other.client.request('PATCH', `/api/requests/${request.id}`, { status })).status).toBe(200);
    }
    expect((await leaver.client.post(`/api/requests/${request.id}/rating`, { stars: 5, comment: 'Wonderful repair' })).status).toBe(201);
    expect((await other.client.post(`/api/requests/${request.id}/rating`, { stars: 2, comment: 'About Lena' })).status).toBe(201);
    // Lena's own post with a pending request from Otto, her settings, a block, a conversation.
    const lenaPost = await insertPost(db(), leaver.userId, { ...seed, title: `Lena teaches ${tag} painting`, keywords: [tag] });
    expect((await other.client.post('/api/requests', { postId: lenaPost })).status).toBe(201);
    expect((await leaver.client.request('PATCH', '/api/settings', { settings: { weeklyDigest: true } })).status).toBe(200);
    expect((await leaver.client.post('/api/blocks', { memberId: bystander.userId })).status).toBeLessThan(300);
    const conversation = await other.client.json<ConversationSummary>(await other.client.post('/api/conversations', { memberId: leaver.userId }));
    expect((await other.client.post(`/api/conversations/${conversation.id}/messages`, { content: 'Hello from Otto' })).status).toBe(201);
    expect((await leaver.client.post(`/api/conversations/${conversation.id}/messages`, { content: 'Hello from Lena' })).status).toBe(201);
    const before = await other.client.json<SearchResponse>(await other.client.get(`/api/search?q=${tag}`));
    expect(before.items.map((p) => p.id)).toContain(lenaPost);

    const tab = await openSocket(server(), leaver.client);
    const otherTab = await openSocket(server(), other.client);

    const res = await leaver.client.post('/api/account/delete', { password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    // Her open tab is closed as signed out; Otto's stays open.
    expect(await tab.closed).toBe(REALTIME_CLOSE.unauthenticated);
    expect(otherTab.ws.readyState).toBe(otherTab.ws.OPEN);

    // Signed out everywhere, and nothing of hers answers.
    expect(await leaver.client.json<unknown>(await leaver.client.get('/api/auth/get-session'))).toBeNull();
    expect((await leaver.client.get('/api/account/export')).status).toBe(401);
    expect((await other.client.get(`/api/profiles/${leaver.userId}`)).status).toBe(404);
    const after = await other.client.json<SearchResponse>(await other.client.get(`/api/search?q=${tag}`));
    expect(after.items.map((p) => p.id)).not.toContain(lenaPost);
    const feed = await other.client.json<SearchResponse>(await other.client.get('/api/feed?limit=50'));
    expect(feed.items.map((p) => p.id)).not.toContain(lenaPost);

    // Otto's side: the conversation and both members' messages stay, from 'Deleted member' without a photo.
    const list = await other.client.json<ConversationListResponse>(await other.client.get('/api/conversations'));
    expect(list.items.find((c) => c.id === conversation.id)?.otherMember).toEqual({ id: leaver.userId, name: 'Deleted member', photoUrl: null });
    const messages = await other.client.json<MessagePage>(await other.client.get(`/api/conversations/${conversation.id}/messages`));
    expect(messages.items.map((m) => m.content).sort()).toEqual(['Hello from Lena', 'Hello from Otto']);
    // Her rating of Otto stays, anonymous; Otto's rating of her is gone; the exchange still counts for Otto.
    const ottoProfile = await other.client.json<ProfileView>(await other.client.get(`/api/profiles/${other.userId}`));
    expect(ottoProfile).toMatchObject({ rating: 5, ratingCount: 1, exchanges: 1 });
    expect(ottoProfile.reviews).toEqual([expect.objectContaining({ stars: 5, comment: 'Wonderful repair', reviewer: { id: leaver.userId, name: 'Deleted member', photoUrl: null } })]);
    expect(await db().select().from(ratings).where(eq(ratings.ratedUserId, leaver.userId))).toEqual([]);

    // The database holds nothing personal of hers any more.
    const [user] = await db().select().from(users).where(eq(users.id, leaver.userId));
    expect(user).toMatchObject({ name: 'Deleted member', email: deletedEmail(leaver.userId), emailVerified: false, image: null });
    for (const rows of [
      await db().select().from(profiles).where(eq(profiles.id, leaver.userId)),
      await db().select().from(memberSettings).where(eq(memberSettings.userId, leaver.userId)),
      await db().select().from(notifications).where(eq(notifications.userId, leaver.userId)),
      await db().select().from(memberBlocks).where(or(eq(memberBlocks.blockerId, leaver.userId), eq(memberBlocks.blockedId, leaver.userId))),
      await db().select().from(sessions).where(eq(sessions.userId, leaver.userId)),
      await db().select().from(accounts).where(eq(accounts.userId, leaver.userId)),
    ]) {
      expect(rows).toEqual([]);
    }
    // A post a conversation still refers to stays as an emptied, hidden row; nothing of its text is left.
    const left = await db().select().from(posts).where(eq(posts.userId, leaver.userId));
    expect(left.every((p) => p.status === 'hidden' && p.title === 'Deleted post' && p.latitude === null)).toBe(true);
    expect(JSON.stringify(left)).not.toContain(tag);
    const kept = await db().select().from(exchangeRequests).where(eq(exchangeRequests.requesterId, leaver.userId));
    expect(kept.map((r) => [r.id, r.status, r.message])).toEqual([[request.id, 'completed', null]]);

    // Others are untouched.
    expect((await bystander.client.get('/api/profiles/me')).status).toBe(200);
    expect((await other.client.get('/api/profiles/me')).status).toBe(200);
    expect((await other.client.get(`/api/posts/mine`)).status).toBe(200);

    // The e-mail is free: signing up with it again makes a new member.
    const again = await signedInMember(server(), leaver.email);
    expect(again.userId).not.toBe(leaver.userId);
  });

  it('answers visitors 401 and hostile bodies 4xx', async () => {
    const visitor = new TestClient(server().url);
    expect((await visitor.post('/api/account/delete', { password: TEST_PASSWORD })).status).toBe(401);
    const member = await signedInMember(server());
    for (const body of [{}, { password: '' }, { password: 42 }, { password: 'a\u0000b' }, { password: 'x'.repeat(500) }, [TEST_PASSWORD], 'text']) {
      const res = await member.client.post('/api/account/delete', body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const huge = await member.client.post('/api/account/delete', { password: 'y'.repeat(3_000_000) });
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
    // Still there after all of it.
    const [user] = await db().select().from(users).where(eq(users.id, member.userId));
    expect(user?.email).toBe(member.email);
  });
});
