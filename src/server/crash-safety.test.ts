import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from './db/client.js';
import { TestClient, uniqueEmail } from './test/client.js';
import { freePort, testDatabases } from './test/harness.js';
import { TEST_PASSWORD } from './test/members.js';
import { runMain, waitForHealth, type ServerProcess } from './test/processes.js';

/*
 * Crash safety (issue 14, section 4): the server is killed with SIGKILL while it accepts a stream
 * of posts, exchange requests and messages. After a restart every write it acknowledged with a
 * 2xx is there, the database opened without manual repair, and no record is half-written: every
 * post has its tags, every request its conversation and first message.
 */

/** How long the stream runs before the kill, and how many writers run at once. */
const STREAM_MS = 2_500;
const WRITERS = 4;

interface Acknowledged {
  posts: string[];
  requests: string[];
  messages: string[];
}

async function newMember(baseUrl: string, name: string): Promise<{ client: TestClient; userId: string }> {
  const client = new TestClient(baseUrl);
  const email = uniqueEmail('crash');
  const signUp = await client.post('/api/auth/sign-up/email', { email, password: TEST_PASSWORD, acceptTerms: true });
  expect(signUp.status).toBe(200);
  // The dev mailbox answers loopback requests only: asked without the client's forwarded address.
  let link: string | undefined;
  for (let i = 0; i < 200 && !link; i++) {
    const box = (await (await fetch(`${baseUrl}/api/dev/mailbox`)).json()) as { mails: { to: string; text: string }[] };
    link = box.mails.filter((m) => m.to === email).flatMap((m) => m.text.match(/https?:\/\/\S+\/auth\/callback\S*/g) ?? [])[0];
    if (!link) await new Promise((r) => setTimeout(r, 100));
  }
  if (!link) throw new Error(`no verification mail for ${email}`);
  const token = new URL(link).searchParams.get('token') ?? '';
  expect((await client.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`)).ok).toBe(true);
  const session = await client.json<{ user: { id: string } }>(await client.get('/api/auth/get-session'));
  const categories = await client.json<{ id: number; level: number }[]>(await client.get('/api/categories?level=1'));
  const profile = await client.request('PUT', '/api/profiles/me', {
    photoId: null,
    displayName: name,
    about: Array.from({ length: 50 }, (_, i) => `word${i}`).join(' '),
    serviceType: 'both',
    primaryCategoryId: categories[0]?.id,
    skillKeywords: ['testing'],
    portfolioUrl: '',
    linkedinUrl: '',
    leadTime: '1-week',
    zipCode: '10001',
    serviceRadiusMiles: 15,
    location: '',
  });
  if (profile.status !== 200) throw new Error(`profile: ${profile.status} ${await profile.text()}`);
  return { client, userId: session.user.id };
}

/**
 * One writer: a post by the owner, a request on it by the requester (which opens the
 * conversation), then a message in that conversation; again until the server dies. Only
 * 2xx answers are recorded; a write cut off by the kill may or may not have committed.
 */
async function writeUntilKilled(
  owner: TestClient,
  requester: TestClient,
  acknowledged: Acknowledged,
  writer: number,
  stopAfter: number,
): Promise<void> {
  for (let n = 0; Date.now() < stopAfter + 10_000; n++) {
    try {
      const post = await owner.post('/api/posts', {
        title: `Crash test ${writer}-${n}: bread baking`,
        offering: 'Sourdough bread baking, pastry basics',
        lookingFor: 'Bike repair; help with my garden',
        keywords: ['Baking'],
        format: 'in_person',
      });
      if (post.status !== 201) throw new Error(`post answered ${post.status}: ${await post.text()}`);
      const postId = (await owner.json<{ id: string }>(post)).id;
      acknowledged.posts.push(postId);

      const request = await requester.post('/api/requests', { postId, message: `Request ${writer}-${n}` });
      if (request.status !== 201) throw new Error(`request answered ${request.status}: ${await request.text()}`);
      const { id: requestId, conversationId } = await requester.json<{ id: string; conversationId: string }>(request);
      acknowledged.requests.push(requestId);

      const message = await requester.post(`/api/conversations/${conversationId}/messages`, { content: `Message ${writer}-${n}` });
      if (message.status !== 201) throw new Error(`message answered ${message.status}: ${await message.text()}`);
      acknowledged.messages.push((await requester.json<{ id: string }>(message)).id);
    } catch (err) {
      // The server was killed under this request (connection reset): the stream ends here.
      if (err instanceof TypeError) return;
      throw err;
    }
  }
}

describe.each(testDatabases())('crash safety on %s', (kind) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'skillswap-crash-'));
  const running: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of running) server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged write after SIGKILL mid-stream, with nothing half-written', async () => {
    const port = await freePort();
    const env: Record<string, string> = {
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      AUTH_SECRET: 'crash-test-secret-crash-test-secret-0123',
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
      POSTS_PER_HOUR: '0',
      ACTIVE_POSTS_MAX: '0',
      EXCHANGE_REQUESTS_PER_HOUR: '0',
      MESSAGES_PER_MINUTE: '0',
      ...(kind === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL ?? '' } : {}),
    };
    const first = runMain(env);
    running.push(first);
    await waitForHealth(port, first);
    const baseUrl = `http://127.0.0.1:${port}`;
    const owner = await newMember(baseUrl, 'Crash Owner');
    const requester = await newMember(baseUrl, 'Crash Requester');

    const acknowledged: Acknowledged = { posts: [], requests: [], messages: [] };
    const killAt = Date.now() + STREAM_MS;
    const writers = Array.from({ length: WRITERS }, (_, w) => writeUntilKilled(owner.client, requester.client, acknowledged, w, killAt));
    await new Promise((r) => setTimeout(r, STREAM_MS));
    first.kill('SIGKILL');
    const killed = await first.exited;
    expect(killed.signal).toBe('SIGKILL');
    await Promise.all(writers);
    // The kill landed in the middle of the stream, not after it.
    expect(acknowledged.messages.length).toBeGreaterThan(3);

    // The database opens as it is (no repair step) and the server serves again.
    const second = runMain(env);
    running.push(second);
    await waitForHealth(port, second);
    const mine = await owner.client.json<{ items: { id: string }[] }>(await owner.client.get('/api/posts/mine?limit=50'));
    expect(mine.items.length).toBeGreaterThan(0);
    second.kill('SIGTERM');
    expect((await second.exited).code).toBe(0);

    const database = await openDatabase(kind === 'postgres' ? { databaseUrl: env.DATABASE_URL, dataDir } : { dataDir });
    try {
      const db = database.db;
      const ids = (rows: { id: string }[]) => new Set(rows.map((r) => r.id));
      const posts = ids(await queryRows<{ id: string }>(db, sql`SELECT id FROM posts WHERE user_id = ${owner.userId}`));
      const requests = ids(await queryRows<{ id: string }>(db, sql`SELECT id FROM exchange_requests WHERE requester_id = ${requester.userId}`));
      const messages = ids(await queryRows<{ id: string }>(db, sql`SELECT id FROM messages WHERE sender_id = ${requester.userId}`));
      expect(acknowledged.posts.filter((id) => !posts.has(id))).toEqual([]);
      expect(acknowledged.requests.filter((id) => !requests.has(id))).toEqual([]);
      expect(acknowledged.messages.filter((id) => !messages.has(id))).toEqual([]);

      // Nothing half-written, acknowledged or not: a post without its tags, a request without
      // its conversation or its first message.
      const untagged = await queryRows<{ id: string }>(
        db,
        sql`SELECT p.id FROM posts p WHERE p.user_id = ${owner.userId} AND NOT EXISTS (SELECT 1 FROM post_tags t WHERE t.post_id = p.id)`,
      );
      expect(untagged).toEqual([]);
      const orphaned = await queryRows<{ id: string }>(
        db,
        sql`SELECT r.id FROM exchange_requests r
            WHERE r.requester_id = ${requester.userId}
              AND NOT EXISTS (
                SELECT 1 FROM conversations c JOIN messages m ON m.conversation_id = c.id AND m.sender_id = r.requester_id
                WHERE c.post_id = r.post_id AND r.requester_id IN (c.participant_1_id, c.participant_2_id))`,
      );
      expect(orphaned).toEqual([]);
    } finally {
      await database.close();
    }
  }, 300_000);
});
