import { and, asc, eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { MESSAGE_MESSAGES, type ConversationSummary, type MessageItem } from '../../../shared/schemas/messages.js';
import { SAFETY_MESSAGES } from '../../../shared/schemas/safety.js';
import { messages, notifications } from '../../db/schema/index.js';
import { AppError, RateLimitedError } from '../../errors.js';
import { memberWithProfile, useTestServer } from '../../test/factories.js';
import { testDatabases } from '../../test/harness.js';
import { DATABASE_CHANNELS } from '../../realtime/hub.js';
import type { MemberEventEnvelope } from '../../realtime/member-events.js';
import { messageWriter, type SendJob } from './message-writer.js';

type Member = Awaited<ReturnType<typeof memberWithProfile>>;

/** Until another connection to the database waits for a lock (the one `locker` holds). */
async function untilWaitingForLock(locker: pg.Client, never: string): Promise<void> {
  for (let i = 0; ; i += 1) {
    const { rows } = await locker.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
       WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
    );
    if ((rows[0]?.n ?? 0) > 0) return;
    if (i > 200) throw new Error(never);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * The batched writer behind POST /api/conversations/:id/messages. Sends queued in one turn of
 * the event loop are written in one transaction; these tests queue them so, straight on the
 * writer, and check that a batch behaves exactly like the same sends one by one.
 */
describe.each(testDatabases())('batched message writer on %s', (kind) => {
  const server = useTestServer(kind);
  const db = () => server().app.database.db;

  const openId = async (from: Member, to: Member) =>
    (await from.client.json<ConversationSummary>(await from.client.post('/api/conversations', { memberId: to.userId }))).id;
  const job = (from: Member, conversationId: string, content: string, perMinute = 0): SendJob => ({
    viewerId: from.userId,
    conversationId,
    content,
    proposal: null,
    clientId: `client-${content}`,
    perMinute,
  });
  const stored = (conversationId: string) =>
    db()
      .select({ senderId: messages.senderId, content: messages.content })
      .from(messages)
      .where(eq(messages.conversationId, conversationId))
      .orderBy(asc(messages.createdAt), asc(messages.id));
  const messageNotifications = (userId: string) =>
    db().select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.type, 'message')));

  it('writes sends from both members of several conversations in one batch, in the order they were sent', async () => {
    const [ann, bob, cat] = await Promise.all([memberWithProfile(server()), memberWithProfile(server()), memberWithProfile(server())]);
    const annBob = await openId(ann, bob);
    const annCat = await openId(ann, cat);
    const writer = messageWriter(db());
    const jobs = Array.from({ length: 40 }, (_, i) =>
      i % 4 === 0 ? job(bob, annBob, `b${i}`) : i % 4 === 1 ? job(cat, annCat, `c${i}`) : job(ann, i % 2 ? annCat : annBob, `a${i}`),
    );
    const sent: MessageItem[] = await Promise.all(jobs.map((j) => writer.send(j)));

    expect(sent.map((m) => m.content)).toEqual(jobs.map((j) => j.content));
    expect(sent.map((m) => m.clientId)).toEqual(jobs.map((j) => j.clientId));
    expect(new Set(sent.map((m) => m.id)).size).toBe(40);
    for (const conversationId of [annBob, annCat]) {
      const inOrder = jobs.filter((j) => j.conversationId === conversationId).map((j) => j.content);
      expect((await stored(conversationId)).map((m) => m.content)).toEqual(inOrder);
    }
    // One unread 'message' notification per conversation and recipient, as one send at a time gives.
    expect(await messageNotifications(bob.userId)).toHaveLength(1);
    expect(await messageNotifications(cat.userId)).toHaveLength(1);
    expect(await messageNotifications(ann.userId)).toHaveLength(2);
  });

  it('fails only the sends that may not be written: a stranger 404, a block 403, the rest 201', async () => {
    const [ann, bob, eve, dan] = await Promise.all([
      memberWithProfile(server()),
      memberWithProfile(server()),
      memberWithProfile(server()),
      memberWithProfile(server()),
    ]);
    const annBob = await openId(ann, bob);
    const annDan = await openId(ann, dan);
    expect((await dan.client.post('/api/blocks', { memberId: ann.userId })).status).toBe(201);
    const writer = messageWriter(db());
    const results = await Promise.allSettled([
      writer.send(job(ann, annBob, 'first')),
      writer.send(job(eve, annBob, 'let me in')),
      writer.send(job(ann, annDan, 'blocked')),
      writer.send(job(bob, annBob, 'second')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    const reason = (i: number) => (results[i] as PromiseRejectedResult).reason as AppError;
    expect(reason(1)).toBeInstanceOf(AppError);
    expect(reason(1).message).toBe(MESSAGE_MESSAGES.conversationNotFound);
    expect(reason(2).message).toBe(SAFETY_MESSAGES.blocked);
    expect((await stored(annBob)).map((m) => m.content)).toEqual(['first', 'second']);
    expect(await stored(annDan)).toEqual([]);
  });

  it('counts a batch against the per-minute limit as the same sends one by one: the 31st and later answer 429', async () => {
    const [ann, bob] = await Promise.all([memberWithProfile(server()), memberWithProfile(server())]);
    const id = await openId(ann, bob);
    const writer = messageWriter(db());
    const results = await Promise.allSettled(Array.from({ length: 35 }, (_, i) => writer.send(job(ann, id, `m${i}`, 30))));
    expect(results.slice(0, 30).every((r) => r.status === 'fulfilled')).toBe(true);
    for (const r of results.slice(30)) {
      expect(r.status).toBe('rejected');
      const error = (r as PromiseRejectedResult).reason as RateLimitedError;
      expect(error).toBeInstanceOf(RateLimitedError);
      expect(error.message).toBe(MESSAGE_MESSAGES.rateLimited);
    }
    expect(await stored(id)).toHaveLength(30);
    // The other member's limit is their own.
    await expect(writer.send(job(bob, id, 'still fine', 30))).resolves.toMatchObject({ content: 'still fine' });
  });

  it('writes the rest of a batch when one send cannot be stored after its checks', async () => {
    const [ann, bob] = await Promise.all([memberWithProfile(server()), memberWithProfile(server())]);
    const id = await openId(ann, bob);
    const writer = messageWriter(db());
    // 2,001 characters pass no API schema, but the database's check refuses them: the batch's
    // transaction fails and the writer retries each send alone.
    const results = await Promise.allSettled([
      writer.send(job(ann, id, 'before')),
      writer.send(job(ann, id, 'x'.repeat(2001))),
      writer.send(job(bob, id, 'after')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await stored(id)).map((m) => m.content)).toEqual(['before', 'after']);
  });

  // PostgreSQL only: another connection holds the first batch at its conversation lock.
  it.runIf(kind === 'postgres')(
    'writes a send while a batch of another conversation is still being written; a send of the same conversation waits for it',
    async () => {
      const [ann, bob, cat, dan] = await Promise.all([
        memberWithProfile(server()),
        memberWithProfile(server()),
        memberWithProfile(server()),
        memberWithProfile(server()),
      ]);
      const annBob = await openId(ann, bob);
      const catDan = await openId(cat, dan);
      const locker = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await locker.connect();
      try {
        await locker.query('BEGIN');
        await locker.query('SELECT id FROM conversations WHERE id = $1 FOR UPDATE', [annBob]);
        const writer = messageWriter(db());
        const settled: string[] = [];
        const track = (sent: Promise<MessageItem>) => sent.then((m) => (settled.push(m.content), m));
        const first = track(writer.send(job(ann, annBob, 'first')));
        // Until the first batch waits for the conversation's lock.
        await untilWaitingForLock(locker, 'the first batch never reached the lock');
        const second = track(writer.send(job(bob, annBob, 'second')));
        const elsewhere = track(writer.send(job(cat, catDan, 'elsewhere')));
        const waited = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('it waited for the held batch')), 5_000));
        await expect(Promise.race([elsewhere, waited])).resolves.toMatchObject({ content: 'elsewhere' });
        expect(settled).toEqual(['elsewhere']);
        await locker.query('COMMIT');
        await Promise.all([first, second]);
        expect(settled).toEqual(['elsewhere', 'first', 'second']);
        expect((await stored(annBob)).map((m) => m.content)).toEqual(['first', 'second']);
      } finally {
        await locker.end();
      }
    },
  );

  it('writes a send to a recipient with an unread notification without a transaction, announces it, and leaves one unread notification', async () => {
    const [ann, bob] = await Promise.all([memberWithProfile(server()), memberWithProfile(server())]);
    const id = await openId(ann, bob);
    const writer = messageWriter(db());
    const first = await writer.send(job(ann, id, 'first'));
    // Every instance hears the next one, written after the check found Bob's notification unread.
    let heard: (envelope: MemberEventEnvelope) => void = () => undefined;
    const announced = new Promise<MemberEventEnvelope>((resolve) => (heard = resolve));
    const unlisten = await server().app.database.listen(DATABASE_CHANNELS.memberEvent, (payload) => {
      const envelope = JSON.parse(payload) as MemberEventEnvelope;
      if (envelope.event.type === 'message.created' && envelope.event.message.content === 'second') heard(envelope);
    });
    let second: MessageItem;
    try {
      second = await writer.send(job(ann, id, 'second'));
      const envelope = await announced;
      expect([...envelope.userIds].sort()).toEqual([ann.userId, bob.userId].sort());
      expect(envelope.event).toEqual({ type: 'message.created', message: second });
    } finally {
      await unlisten();
    }
    expect(second.createdAt > first.createdAt).toBe(true);
    expect((await stored(id)).map((m) => m.content)).toEqual(['first', 'second']);
    expect(await messageNotifications(bob.userId)).toHaveLength(1);
  });

  // PostgreSQL only: another connection holds the sender's rate-limit row while the check waits for it.
  it.runIf(kind === 'postgres')(
    'still notifies a recipient who read their notification between the check and the write',
    async () => {
      const [ann, bob] = await Promise.all([memberWithProfile(server()), memberWithProfile(server())]);
      const id = await openId(ann, bob);
      const writer = messageWriter(db());
      await writer.send(job(ann, id, 'first', 30));
      expect(await messageNotifications(bob.userId)).toHaveLength(1);
      const locker = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await locker.connect();
      try {
        await locker.query('BEGIN');
        await locker.query('SELECT key FROM rate_limits WHERE key = $1 FOR UPDATE', [`app:message:${ann.userId}`]);
        const second = writer.send(job(ann, id, 'second', 30));
        // Until the check, having seen Bob's notification unread, waits for the row.
        await untilWaitingForLock(locker, 'the check never reached the lock');
        // Bob reads it meanwhile (through the API: his conversation opened).
        expect((await bob.client.post(`/api/conversations/${id}/read`, {})).status).toBeLessThan(300);
        await locker.query('COMMIT');
        await expect(second).resolves.toMatchObject({ content: 'second' });
      } finally {
        await locker.end();
      }
      const unread = (await messageNotifications(bob.userId)).filter((n) => !n.isRead);
      expect(unread).toHaveLength(1);
      expect(unread[0]?.message).toContain('second');
    },
  );
});
