import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  NOTIFICATION_TYPES as SHARED_TYPES,
  type NotificationItem,
  type NotificationListResponse,
  type UnreadCountResponse,
} from '../../../shared/schemas/notifications.js';
import { NOTIFICATION_TYPES, notifications, type NewNotification } from '../../db/schema/index.js';
import { TestClient } from '../../test/client.js';
import { memberWithProfile, useTestServer, type ApiErrorBody } from '../../test/factories.js';
import { testDatabases } from '../../test/harness.js';
import { signedInMember } from '../../test/members.js';
import { decodeCursor, encodeCursor } from './notifications.service.js';
import { notify } from './notify.js';

const DAY = 86_400_000;

/** Rows written straight to the database, `ageMs` old (the API cannot date back). */
function rows(userId: string, count: number, overrides: Partial<NewNotification> & { ageMs?: number } = {}): NewNotification[] {
  const { ageMs = 0, ...rest } = overrides;
  return Array.from({ length: count }, (_, i) => ({
    userId,
    type: 'system' as const,
    title: `Notice ${i}`,
    message: `Message ${i}`,
    createdAt: new Date(Date.now() - ageMs),
    ...rest,
  }));
}

describe('notification cursors', () => {
  it('round-trip and refuse anything that is not one', () => {
    const cursor = { createdAt: '2026-01-02T03:04:05.123456Z', id: '2f1b6c8e-3d4a-4b5c-8d9e-0f1a2b3c4d5e' };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    for (const bad of ['', 'abc', '%00', Buffer.from('x|y').toString('base64url'), Buffer.from(`${cursor.createdAt}|${cursor.id}|z`).toString('base64url')]) {
      expect(() => decodeCursor(bad)).toThrow();
    }
  });

  it('the shared types are the database types', () => {
    expect([...SHARED_TYPES]).toEqual([...NOTIFICATION_TYPES]);
  });
});

describe.each(testDatabases())('notifications on %s', (kind) => {
  const server = useTestServer(kind);
  const db = () => server().app.database.db;

  const list = async (client: TestClient, cursor?: string) => {
    const res = await client.get(`/api/notifications${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.status, await res.clone().text()).toBe(200);
    return client.json<NotificationListResponse>(res);
  };
  const unread = async (client: TestClient) =>
    (await client.json<UnreadCountResponse>(await client.get('/api/notifications/unread-count'))).unread;

  it('lists newest first in pages of 50 by keyset, ties broken by id, with the counters', async () => {
    const member = await signedInMember(server());
    // 60 rows sharing one timestamp (one insert), 10 newer ones an hour apart, 3 older than a week.
    await db().insert(notifications).values(rows(member.userId, 60, { ageMs: 2 * DAY }));
    for (let i = 0; i < 10; i += 1) {
      await db().insert(notifications).values(rows(member.userId, 1, { ageMs: i * 3_600_000, title: `Recent ${i}`, isRead: i % 2 === 0 }));
    }
    await db().insert(notifications).values(rows(member.userId, 3, { ageMs: 8 * DAY, isRead: true }));
    const other = await signedInMember(server());
    await db().insert(notifications).values(rows(other.userId, 5));

    const first = await list(member.client);
    expect(first.items).toHaveLength(50);
    expect(first.items[0]?.title).toBe('Recent 0');
    expect(first.counts).toEqual({ total: 73, unread: 65, thisWeek: 70 });
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await list(member.client, first.nextCursor ?? '');
    expect(second.items).toHaveLength(23);
    expect(second.nextCursor).toBeNull();
    const all = [...first.items, ...second.items];
    expect(new Set(all.map((n) => n.id)).size).toBe(73);
    const times = all.map((n) => Date.parse(n.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(all[0]).toEqual({
      id: expect.any(String),
      type: 'system',
      title: 'Recent 0',
      message: 'Message 0',
      data: null,
      isRead: true,
      createdAt: expect.any(String),
    });
    expect((await list(other.client)).counts).toEqual({ total: 5, unread: 5, thisWeek: 5 });
  });

  it('answers an empty list, and 400 for a cursor that is not ours', async () => {
    const member = await signedInMember(server());
    expect(await list(member.client)).toEqual({ items: [], nextCursor: null, counts: { total: 0, unread: 0, thisWeek: 0 } });
    for (const cursor of ['nope!', 'abc', '%00', 'x'.repeat(300), Buffer.from("2026-01-01T00:00:00.000000Z|'; drop table x").toString('base64url')]) {
      const res = await member.client.get(`/api/notifications?cursor=${cursor}`);
      expect(res.status, cursor).toBe(400);
      expect((await member.client.json<ApiErrorBody>(res)).error.fields?.cursor).toEqual(expect.any(String));
    }
  });

  it('shows notify() rows with their data, and marks read only the member’s own', async () => {
    const owner = await memberWithProfile(server());
    const requester = await memberWithProfile(server());
    const third = await memberWithProfile(server());
    const requestId = '2f1b6c8e-3d4a-4b5c-8d9e-0f1a2b3c4d5e';
    await db().transaction(async (tx) => {
      await notify(tx, {
        userId: owner.userId,
        type: 'exchange_request',
        title: 'New exchange request',
        message: 'Ann wants to exchange on "Bread"',
        data: { requestId, postId: requestId, actorId: requester.userId },
      });
    });
    const [item] = (await list(owner.client)).items;
    expect(item).toMatchObject({ type: 'exchange_request', isRead: false, data: { requestId, postId: requestId, actorId: requester.userId } });
    expect(await unread(owner.client)).toBe(1);
    const id = item?.id ?? '';

    for (const client of [third.client, requester.client]) {
      const res = await client.post(`/api/notifications/${id}/read`);
      expect(res.status).toBe(404);
      expect((await client.json<ApiErrorBody>(res)).error.message).toBe('Notification not found.');
    }
    expect(await unread(owner.client)).toBe(1);
    expect((await owner.client.post('/api/notifications/00000000-0000-4000-8000-000000000000/read')).status).toBe(404);
    expect((await owner.client.post('/api/notifications/not-an-id/read')).status).toBe(400);

    const res = await owner.client.post(`/api/notifications/${id}/read`);
    expect(res.status).toBe(200);
    expect(await owner.client.json(res)).toEqual({ id, isRead: true });
    // Again: still fine (idempotent).
    expect((await owner.client.post(`/api/notifications/${id}/read`)).status).toBe(200);
    expect(await unread(owner.client)).toBe(0);
  });

  it('marks all read for the member only', async () => {
    const member = await signedInMember(server());
    const other = await signedInMember(server());
    await db().insert(notifications).values(rows(member.userId, 4));
    await db().insert(notifications).values(rows(other.userId, 2));
    expect(await unread(member.client)).toBe(4);
    const res = await member.client.post('/api/notifications/read-all');
    expect(res.status).toBe(200);
    expect(await member.client.json(res)).toEqual({ updated: 4 });
    expect(await unread(member.client)).toBe(0);
    expect((await list(member.client)).counts).toMatchObject({ total: 4, unread: 0 });
    expect(await unread(other.client)).toBe(2);
    expect(await member.client.json(await member.client.post('/api/notifications/read-all'))).toEqual({ updated: 0 });
  });

  it("creates the member's own reminders and notes, trimmed", async () => {
    const member = await signedInMember(server());
    const res = await member.client.post('/api/notifications', { type: 'reminder', title: '  Water the plants  ', message: 'Before Friday' });
    expect(res.status, await res.clone().text()).toBe(201);
    const created = await member.client.json<NotificationItem>(res);
    expect(created).toMatchObject({ type: 'reminder', title: 'Water the plants', message: 'Before Friday', isRead: false, data: null });
    const note = await member.client.post('/api/notifications', {
      type: 'personal_note',
      title: 'Note',
      message: 'Ask about the bike',
      data: { postId: '2f1b6c8e-3d4a-4b5c-8d9e-0f1a2b3c4d5e' },
    });
    expect(note.status).toBe(201);
    const items = (await list(member.client)).items;
    expect(items.map((n) => n.type)).toEqual(['personal_note', 'reminder']);
    expect(items[0]?.data).toEqual({ postId: '2f1b6c8e-3d4a-4b5c-8d9e-0f1a2b3c4d5e' });
    const stored = await db().select().from(notifications).where(eq(notifications.id, created.id));
    expect(stored[0]?.userId).toBe(member.userId);
  });

  it.each(NOTIFICATION_TYPES.filter((t) => t !== 'reminder' && t !== 'personal_note'))(
    "refuses self-created type '%s' with 'Invalid notification type for self-creation'",
    async (type) => {
      const member = await signedInMember(server());
      const res = await member.client.post('/api/notifications', { type, title: 'Hi', message: 'There' });
      expect(res.status).toBe(400);
      const body = await member.client.json<ApiErrorBody>(res);
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.fields?.type).toBe('Invalid notification type for self-creation');
    },
  );

  it('never creates for another member, and a visitor gets 401', async () => {
    const member = await signedInMember(server());
    const victim = await signedInMember(server());
    const res = await member.client.post('/api/notifications', { type: 'reminder', title: 'Hi', message: 'There', userId: victim.userId });
    expect(res.status).toBe(400);
    expect((await member.client.json<ApiErrorBody>(res)).error.fields?.userId).toBe('You can only create notifications for yourself.');
    expect(await db().select().from(notifications).where(eq(notifications.userId, victim.userId))).toEqual([]);

    const visitor = new TestClient(server().url);
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread-count'],
      ['POST', '/api/notifications/read-all'],
      ['POST', '/api/notifications/2f1b6c8e-3d4a-4b5c-8d9e-0f1a2b3c4d5e/read'],
    ] as const) {
      const r = await visitor.request(method, url, method === 'POST' ? {} : undefined);
      expect(r.status, url).toBe(401);
    }
    const create = await visitor.post('/api/notifications', { type: 'reminder', title: 'Hi', message: 'There' });
    expect(create.status).toBe(401);
    expect((await visitor.json<ApiErrorBody>(create)).error.message).toBe('User not authenticated');
  });

  it('refuses hostile and malformed bodies with 4xx and writes nothing', async () => {
    const member = await signedInMember(server());
    const bodies: unknown[] = [
      { type: 'reminder', title: 'Hi\u0000', message: 'There' },
      { type: 'reminder', title: 'Hi', message: '\ud800' },
      { type: 'reminder', title: 'x'.repeat(201), message: 'There' },
      { type: 'reminder', title: 'Hi', message: 'x'.repeat(1001) },
      { type: 'reminder', title: '   ', message: 'There' },
      { type: 'reminder', title: 'Hi' },
      { type: ['reminder'], title: 'Hi', message: 'There' },
      { type: 'reminder', title: 42, message: 'There' },
      { type: 'reminder', title: { a: 1 }, message: 'There' },
      { type: 'reminder', title: 'Hi', message: 'There', data: 'x' },
      { type: 'reminder', title: 'Hi', message: 'There', data: { postId: 'nope' } },
      { type: 'reminder', title: 'Hi', message: 'There', data: { evil: { deep: [1, 2, 3] } } },
      { type: 'reminder', title: 'Hi', message: 'There', isRead: true },
      null,
      [],
      'not json',
      `{"type":"reminder","title":"Hi","message":"There","data":${'['.repeat(5000)}${']'.repeat(5000)}}`,
      { type: 'reminder', title: 'x'.repeat(900_000), message: 'There' },
    ];
    for (const body of bodies) {
      const res = await member.client.post('/api/notifications', body);
      expect(res.status, JSON.stringify(body)?.slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const fields = await member.client.json<ApiErrorBody>(
      await member.client.post('/api/notifications', { type: 'reminder', title: 'x'.repeat(201), message: 'There' }),
    );
    expect(fields.error.fields?.title).toBe('The title must be 200 characters or less.');
    expect(await db().select().from(notifications).where(eq(notifications.userId, member.userId))).toEqual([]);
  });

  it('allows 100 self-created notifications an hour, then 429 with Retry-After', async () => {
    const member = await signedInMember(server());
    for (let i = 0; i < 100; i += 1) {
      const res = await member.client.post('/api/notifications', { type: 'reminder', title: `R${i}`, message: 'm' });
      expect(res.status).toBe(201);
    }
    const res = await member.client.post('/api/notifications', { type: 'reminder', title: 'one more', message: 'm' });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await member.client.json<ApiErrorBody>(res)).error.message).toMatch(/^You can create up to 100 notifications an hour\./);
    // Another member is not affected.
    const other = await signedInMember(server());
    expect((await other.client.post('/api/notifications', { type: 'reminder', title: 'Hi', message: 'm' })).status).toBe(201);
  });
});
