import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from './index.js';
import {
  accounts,
  conversations,
  exchangeRequests,
  memberSettings,
  messages,
  notifications,
  photos,
  postTags,
  posts,
  profiles,
  rateLimits,
  sessions,
  users,
  verifications,
  type NewPost,
} from './index.js';

const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

/** One migrated database, whichever driver runs it. */
interface Harness<H extends PgQueryResultHKT> {
  db: PgDatabase<H, typeof schema>;
  /** Runs raw SQL and returns its rows (the two drivers wrap results differently). */
  rows(query: SQL): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

/** The Postgres error behind a drizzle query error (drizzle wraps it in `cause`). */
function databaseError(error: unknown): { code?: string; constraint?: string } {
  let current: unknown = error;
  while (current instanceof Error) {
    if ('code' in current && typeof current.code === 'string') {
      const constraint = 'constraint' in current ? current.constraint : undefined;
      return {
        code: current.code,
        constraint: typeof constraint === 'string' ? constraint : undefined,
      };
    }
    current = current.cause;
  }
  return {};
}

async function expectViolation(work: Promise<unknown>, code: string, constraint: string) {
  const error = await work.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(error, `expected ${constraint} to be violated`).toBeDefined();
  expect(databaseError(error)).toEqual({ code, constraint });
}

function defineSchemaSuite<H extends PgQueryResultHKT>(open: () => Promise<Harness<H>>) {
  let harness: Harness<H>;

  beforeAll(async () => {
    harness = await open();
  }, 60_000);

  afterAll(async () => {
    await harness?.close();
  });

  async function createUser(label: string) {
    const id = randomUUID();
    await harness.db.insert(users).values({
      id,
      name: label,
      email: `${label}-${id}@example.test`,
    });
    return id;
  }

  function postValues(userId: string, overrides: Partial<NewPost> = {}): NewPost {
    return {
      userId,
      title: 'Offering: portrait photography sessions',
      offering: 'I can teach portrait photography for beginners',
      lookingFor: 'Someone to help me learn guitar chords',
      description: 'What I am offering: portrait photography',
      customTags: ['woodworking', 'remote'],
      ...overrides,
    };
  }

  async function createPost(userId: string, overrides: Partial<NewPost> = {}) {
    const [post] = await harness.db
      .insert(posts)
      .values(postValues(userId, overrides))
      .returning({ id: posts.id });
    if (!post) throw new Error('post insert returned no row');
    return post.id;
  }

  it('seeds at least 12 active primary categories, each with secondary ones', async () => {
    const primaries = await harness.rows(sql`
      SELECT p.slug, count(c.id)::int AS children
      FROM skill_categories p
      LEFT JOIN skill_categories c ON c.parent_id = p.id AND c.level = 2 AND c.is_active
      WHERE p.level = 1 AND p.is_active
      GROUP BY p.slug`);
    expect(primaries.length).toBeGreaterThanOrEqual(12);
    for (const primary of primaries) {
      expect(Number(primary.children), String(primary.slug)).toBeGreaterThanOrEqual(3);
    }
    const [summary] = await harness.rows(sql`
      SELECT
        count(*) FILTER (WHERE level = 3)::int AS tertiary,
        count(*) FILTER (WHERE NOT is_active)::int AS inactive,
        count(*) FILTER (WHERE level = 3 AND parent_id NOT IN
          (SELECT id FROM skill_categories WHERE level = 2))::int AS misplaced
      FROM skill_categories`);
    expect(Number(summary?.tertiary)).toBeGreaterThan(0);
    expect(Number(summary?.inactive)).toBeGreaterThan(0);
    expect(Number(summary?.misplaced)).toBe(0);
  });

  it('rejects a post title shorter than 10 characters', async () => {
    const userId = await createUser('short-title');
    await expectViolation(
      harness.db.insert(posts).values(postValues(userId, { title: 'Short' })),
      '23514',
      'posts_title_length_check',
    );
  });

  it('rejects more than 5 profile keywords and a javascript: portfolio URL', async () => {
    const userId = await createUser('profile-checks');
    await expectViolation(
      harness.db
        .insert(profiles)
        .values({ id: userId, skillKeywords: ['a', 'b', 'c', 'd', 'e', 'f'] }),
      '23514',
      'profiles_skill_keywords_check',
    );
    await expectViolation(
      harness.db.insert(profiles).values({ id: userId, portfolioUrl: 'javascript:alert(1)' }),
      '23514',
      'profiles_portfolio_url_check',
    );
  });

  it('generates a stemmed, weighted search vector for posts and profiles', async () => {
    const userId = await createUser('search');
    const postId = await createPost(userId);
    const matches = async (query: string) => {
      const found = await harness.rows(
        sql`SELECT id FROM posts WHERE id = ${postId} AND search_vector @@ to_tsquery('english', ${query})`,
      );
      return found.length === 1;
    };
    expect(await matches('photographi')).toBe(true);
    expect(await matches('photographi:B')).toBe(true); // offering carries weight B
    expect(await matches('guitar')).toBe(true); // looking-for
    expect(await matches('guitar:B')).toBe(false); // ...but not on the offering weight
    expect(await matches('woodwork')).toBe(true); // custom tags
    expect(await matches('knitting')).toBe(false);

    await harness.db
      .insert(profiles)
      .values({ id: userId, displayName: 'Jo Baker', skillKeywords: ['Sourdough Baking'] });
    const found = await harness.rows(
      sql`SELECT id FROM profiles WHERE id = ${userId} AND search_vector @@ plainto_tsquery('english', 'sourdough')`,
    );
    expect(found).toHaveLength(1);
  });

  it('has the trigram and GIN indexes the search and matching need', async () => {
    const indexes = await harness.rows(
      sql`SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'posts'`,
    );
    const definition = (name: string) =>
      String(indexes.find((row) => row.indexname === name)?.indexdef ?? '');
    expect(definition('posts_title_trgm_idx')).toMatch(/USING gin \(title gin_trgm_ops\)/);
    expect(definition('posts_offering_trgm_idx')).toMatch(/gin_trgm_ops/);
    expect(definition('posts_search_vector_idx')).toMatch(/fastupdate='?(false|off)'?/);
    expect(definition('posts_custom_tags_idx')).toMatch(/USING gin/);
    expect(definition('posts_status_created_at_idx')).not.toMatch(/DESC/);
    const [similarity] = await harness.rows(
      sql`SELECT similarity('photography', 'photgraphy') > 0.3 AS close`,
    );
    expect(similarity?.close).toBe(true);
  });

  it('stores photo bytes as a Buffer on this driver', async () => {
    const ownerId = await createUser('photo');
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x10, 0xd9]);
    const [photo] = await harness.db
      .insert(photos)
      .values({
        ownerId,
        mime: 'image/jpeg',
        bytes,
        width: 400,
        height: 400,
        sizeBytes: bytes.length,
      })
      .returning();
    expect(Buffer.isBuffer(photo?.bytes)).toBe(true);
    expect(photo?.bytes.equals(bytes)).toBe(true);
  });

  it('keeps one conversation per member pair and post, in either order', async () => {
    const a = await createUser('conv-a');
    const b = await createUser('conv-b');
    await harness.db.insert(conversations).values({ participant1Id: a, participant2Id: b });
    await expectViolation(
      harness.db.insert(conversations).values({ participant1Id: b, participant2Id: a }),
      '23505',
      'conversations_pair_post_idx',
    );
    await expectViolation(
      harness.db.insert(conversations).values({ participant1Id: a, participant2Id: a }),
      '23514',
      'conversations_distinct_participants_check',
    );
  });

  it('allows one open exchange request per requester and post', async () => {
    const owner = await createUser('req-owner');
    const requester = await createUser('req-requester');
    const postId = await createPost(owner);
    const [first] = await harness.db
      .insert(exchangeRequests)
      .values({ requesterId: requester, postId })
      .returning({ id: exchangeRequests.id });
    await expectViolation(
      harness.db.insert(exchangeRequests).values({ requesterId: requester, postId }),
      '23505',
      'exchange_requests_open_per_requester_post_idx',
    );
    await harness.db
      .update(exchangeRequests)
      .set({ status: 'declined' })
      .where(eq(exchangeRequests.id, first?.id ?? ''));
    await harness.db.insert(exchangeRequests).values({ requesterId: requester, postId });
  });

  it('loads a post with its relations', async () => {
    const userId = await createUser('relations');
    const [category] = await harness.rows(
      sql`SELECT id FROM skill_categories WHERE slug = 'photography'`,
    );
    const postId = await createPost(userId, { categoryId: Number(category?.id) });
    await harness.db.insert(postTags).values([
      { postId, tag: 'photography', side: 'offering' },
      { postId, tag: 'guitar', side: 'looking_for' },
    ]);
    const loaded = await harness.db.query.posts.findFirst({
      where: eq(posts.id, postId),
      with: { author: true, category: { with: { parent: true } }, tags: true },
    });
    expect(loaded?.author.id).toBe(userId);
    expect(loaded?.category?.name).toBe('Photography');
    expect(loaded?.category?.parent?.slug).toBe('creative-arts-design');
    expect(loaded?.tags).toHaveLength(2);
  });

  it('deletes a member together with everything they own', async () => {
    const userId = await createUser('cascade');
    const other = await createUser('cascade-other');
    await harness.db.insert(profiles).values({ id: userId, displayName: 'Cascade Member' });
    await harness.db.insert(memberSettings).values({ userId });
    const postId = await createPost(userId);
    await harness.db.insert(postTags).values({ postId, tag: 'photography', side: 'offering' });
    await harness.db.insert(exchangeRequests).values({ requesterId: other, postId });
    const [conversation] = await harness.db
      .insert(conversations)
      .values({ participant1Id: other, participant2Id: userId, postId })
      .returning({ id: conversations.id });
    await harness.db.insert(messages).values({
      conversationId: conversation?.id ?? '',
      senderId: other,
      content: 'Hello!',
    });
    await harness.db
      .insert(notifications)
      .values({ userId, type: 'message', title: 'New message', message: 'Hello!' });

    await harness.db.delete(users).where(eq(users.id, userId));

    const count = async (query: SQL) => Number((await harness.rows(query))[0]?.n);
    expect(await count(sql`SELECT count(*) AS n FROM profiles WHERE id = ${userId}`)).toBe(0);
    expect(await count(sql`SELECT count(*) AS n FROM posts WHERE user_id = ${userId}`)).toBe(0);
    expect(await count(sql`SELECT count(*) AS n FROM post_tags WHERE post_id = ${postId}`)).toBe(0);
    expect(
      await count(sql`SELECT count(*) AS n FROM exchange_requests WHERE post_id = ${postId}`),
    ).toBe(0);
    expect(
      await count(sql`SELECT count(*) AS n FROM conversations WHERE participant_2_id = ${userId}`),
    ).toBe(0);
    expect(
      await count(sql`SELECT count(*) AS n FROM notifications WHERE user_id = ${userId}`),
    ).toBe(0);
    expect(
      await count(sql`SELECT count(*) AS n FROM member_settings WHERE user_id = ${userId}`),
    ).toBe(0);
    expect(await count(sql`SELECT count(*) AS n FROM users WHERE id = ${other}`)).toBe(1);
  });

  it('works with better-auth: sign-up writes user, account, session, rate limit', async () => {
    const auth = betterAuth({
      baseURL: 'http://localhost:3000',
      secret: 'schema-test-secret-that-is-long-enough-0123456789',
      database: drizzleAdapter(harness.db, {
        provider: 'pg',
        schema: {
          user: users,
          session: sessions,
          account: accounts,
          verification: verifications,
          rateLimit: rateLimits,
        },
      }),
      emailAndPassword: { enabled: true },
      rateLimit: { enabled: true, storage: 'database' },
      logger: { disabled: true },
    });
    const email = `auth-${randomUUID()}@example.test`;
    const response = await auth.handler(
      new Request('http://localhost:3000/api/auth/sign-up/email', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: 'http://localhost:3000',
          'x-forwarded-for': '203.0.113.7',
        },
        body: JSON.stringify({ email, password: 'Passw0rd-long', name: 'Auth Tester' }),
      }),
    );
    expect(response.status).toBe(200);
    const [user] = await harness.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailVerified).toBe(false);
    const userId = user?.id ?? '';
    const credential = await harness.db
      .select()
      .from(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
    expect(credential[0]?.password).toBeTruthy();
    const userSessions = await harness.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, userId));
    expect(userSessions).toHaveLength(1);
    const limits = await harness.db.select().from(rateLimits);
    expect(limits.length).toBeGreaterThan(0);
    expect(typeof limits[0]?.lastRequest).toBe('number');
  });
}

describe('database schema on PGlite', () => {
  defineSchemaSuite(async () => {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db,
      rows: async (query) => (await db.execute<Record<string, unknown>>(query)).rows,
      close: () => client.close(),
    };
  });
});

// Needs an existing, empty database, e.g. postgres://postgres@127.0.0.1:5432/schema_check_1.
const testDatabaseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!testDatabaseUrl)('database schema on PostgreSQL', () => {
  defineSchemaSuite(async () => {
    const pool = new pg.Pool({ connectionString: testDatabaseUrl, max: 4 });
    const db = drizzlePg({ client: pool, schema });
    await migratePg(db, { migrationsFolder });
    return {
      db,
      rows: async (query) => (await db.execute<Record<string, unknown>>(query)).rows,
      close: () => pool.end(),
    };
  });
});
