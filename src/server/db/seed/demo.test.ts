import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type DatabaseHandle } from '../client.js';
import { generateCommunity } from './community.js';
import { DEMO_COMMUNITY, seedDemo } from './demo.js';

describe('the demo community', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ dataDir: 'memory://' });
    await seedDemo(handle.db);
  }, 120_000);
  afterAll(async () => {
    await handle.close();
  });

  it('has no two posts with the same title or description, overall or by one member', async () => {
    const rows = await queryRows<{ user_id: string; title: string; description: string; offering: string }>(
      handle.db,
      sql`SELECT user_id, title, description, offering FROM posts`,
    );
    expect(rows).toHaveLength(DEMO_COMMUNITY.posts);
    const distinct = (values: string[]) => new Set(values.map((v) => v.toLowerCase())).size;
    expect(distinct(rows.map((r) => r.title))).toBe(rows.length);
    expect(distinct(rows.map((r) => r.description))).toBe(rows.length);
    expect(distinct(rows.map((r) => r.offering))).toBe(rows.length);
    const byMember = new Map<string, typeof rows>();
    for (const row of rows) byMember.set(row.user_id, [...(byMember.get(row.user_id) ?? []), row]);
    for (const posts of byMember.values()) {
      expect(distinct(posts.map((p) => p.title))).toBe(posts.length);
      // Not the same offer twice either ('Lawn care and hedge trimming' and '... for families').
      const offers = posts.map((p) => p.offering.split(/ (for|on) /)[0] ?? p.offering);
      expect(distinct(offers)).toBe(posts.length);
    }
    for (const row of rows) expect(row.title.length).toBeGreaterThanOrEqual(10);
    for (const row of rows) expect(row.title.length).toBeLessThanOrEqual(80);
  });

  it('gives its first login requests to answer and conversations arranging exchanges, all in the past', async () => {
    // The first login `npm run demo` prints (and the README's screenshots sign in as).
    const [login] = await queryRows<{ id: string }>(handle.db, sql`SELECT id FROM users WHERE id = 'seed-2025-1'`);
    expect(login).toBeDefined();
    const [incoming] = await queryRows<{ n: number }>(
      handle.db,
      sql`SELECT count(*)::int AS n FROM exchange_requests r JOIN posts p ON p.id = r.post_id
          WHERE p.user_id = 'seed-2025-1' AND r.status = 'pending'`,
    );
    expect(incoming?.n).toBeGreaterThanOrEqual(2);
    const [longest] = await queryRows<{ n: number }>(
      handle.db,
      sql`SELECT count(*)::int AS n FROM messages m JOIN conversations c ON c.id = m.conversation_id
          WHERE 'seed-2025-1' IN (c.participant_1_id, c.participant_2_id) GROUP BY c.id ORDER BY n DESC LIMIT 1`,
    );
    expect(longest?.n).toBeGreaterThanOrEqual(5);
    const [future] = await queryRows<{ n: number }>(
      handle.db,
      sql`SELECT (SELECT count(*) FROM messages WHERE created_at > now())
            + (SELECT count(*) FROM exchange_requests WHERE greatest(created_at, responded_at, completed_at) > now())
            + (SELECT count(*) FROM ratings WHERE created_at > now()) AS n`,
    );
    expect(Number(future?.n)).toBe(0);
    // A conversation's messages come after its request, and its last one is its updated_at.
    const [disordered] = await queryRows<{ n: number }>(
      handle.db,
      sql`SELECT count(*)::int AS n FROM conversations c
          WHERE c.updated_at <> (SELECT max(created_at) FROM messages WHERE conversation_id = c.id)`,
    );
    expect(disordered?.n).toBe(0);
  });

  it('stays distinct for other seeds and sizes, and the benchmark community is unchanged by the option', () => {
    for (const seed of [1, 7, 2026]) {
      const { posts } = generateCommunity({ ...DEMO_COMMUNITY, seed, members: 60, posts: 180 });
      expect(new Set(posts.map((p) => p.title)).size).toBe(posts.length);
    }
    // The benchmarks' figures compare across runs only while their community stays the same:
    // this fingerprint was taken before the distinct option existed.
    const bench = generateCommunity({ members: 20, posts: 60, seed: 42, now: new Date('2026-01-01T00:00:00Z') });
    const texts = JSON.stringify(bench.posts.map((p) => [p.title, p.offering, p.lookingFor]));
    expect(createHash('sha256').update(texts).digest('hex')).toBe('37496473fd66bab303189e5b1f8e0ca4b2efb645a98505171a54dcdc94b503b4');
  });
});
