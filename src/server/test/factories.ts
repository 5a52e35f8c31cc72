import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { availabilityText, buildDescription } from '../../shared/domain/post-text.js';
import { customTagsFor, derivePostTags, type PostFormat } from '../../shared/domain/post-tags.js';
import type { Database } from '../db/client.js';
import { memberSettings, posts, postTags, profiles, skillCategories, type NewMemberSettings, type NewProfile } from '../db/schema/index.js';
import type { TestClient } from './client.js';
import { startTestServer, type TestDatabaseKind, type TestServer } from './harness.js';
import { signedInMember } from './members.js';

/** A category id by slug (the taxonomy migration seeds them). */
export async function categoryId(db: Database, slug: string): Promise<number> {
  const [row] = await db.select({ id: skillCategories.id }).from(skillCategories).where(eq(skillCategories.slug, slug));
  if (!row) throw new Error(`no category ${slug}`);
  return row.id;
}

const ABOUT =
  'I have lived in this neighbourhood for years and love trading skills with the people around me. ' +
  'I am patient, reliable and happy to teach beginners. Weekends suit me best, but evenings can work too when planned ahead.';

/** A complete profile for a member (Boston by default), overridable field by field. */
export async function createProfile(db: Database, userId: string, overrides: Partial<NewProfile> = {}): Promise<void> {
  await db.insert(profiles).values({
    id: userId,
    displayName: 'Test Member',
    about: ABOUT,
    serviceType: 'both',
    primaryCategoryId: await categoryId(db, 'technology-digital'),
    skillKeywords: ['testing'],
    zipCode: '02108',
    latitude: 42.3576,
    longitude: -71.0649,
    serviceRadiusMiles: 10,
    ...overrides,
  });
}

/** Settings row for a member (a missing row means all defaults). */
export async function setSettings(db: Database, userId: string, values: Partial<NewMemberSettings>): Promise<void> {
  await db
    .insert(memberSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: memberSettings.userId, set: values });
}

/** A signed-in member with a complete profile. */
export async function memberWithProfile(
  server: TestServer,
  overrides: Partial<NewProfile> = {},
): Promise<{ client: TestClient; userId: string; email: string }> {
  const member = await signedInMember(server);
  await createProfile(server.app.database.db, member.userId, overrides);
  return member;
}

export interface PostSeed {
  title?: string;
  offering: string;
  lookingFor: string;
  keywords?: string[];
  format?: PostFormat | null;
  categoryId?: number | null;
  status?: 'active' | 'hidden' | 'completed';
  /** Age in days (sets created_at). */
  ageDays?: number;
  latitude?: number | null;
  longitude?: number | null;
}

/** Inserts a post directly (built like the service builds it), for data the API cannot date back. */
export async function insertPost(db: Database, userId: string, seed: PostSeed): Promise<string> {
  const createdAt = new Date(Date.now() - (seed.ageDays ?? 0) * 86_400_000);
  const [row] = await db
    .insert(posts)
    .values({
      userId,
      title: seed.title ?? `Offering: ${seed.offering}`.slice(0, 80),
      description: buildDescription(seed),
      offering: seed.offering,
      lookingFor: seed.lookingFor,
      customTags: customTagsFor(seed.keywords ?? [], seed.format ?? null),
      serviceType: seed.format ?? null,
      categoryId: seed.categoryId ?? null,
      availabilityDescription: availabilityText({}) || null,
      status: seed.status ?? 'active',
      latitude: seed.latitude === undefined ? 42.3576 : seed.latitude,
      longitude: seed.longitude === undefined ? -71.0649 : seed.longitude,
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: posts.id });
  if (!row) throw new Error('no post inserted');
  const tags = derivePostTags(seed.offering, seed.lookingFor).map((t) => ({ postId: row.id, ...t }));
  if (tags.length > 0) await db.insert(postTags).values(tags);
  return row.id;
}

/** The error body every API error answers with. */
export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

/** One real server for a test file's suite (TRUST_PROXY on, so each client has its own IP), with extra environment if given. */
export function useTestServer(kind: TestDatabaseKind, env: Record<string, string> = {}): () => TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(kind, { TRUST_PROXY: 'true', ...env });
  });
  afterAll(async () => {
    await server?.close();
  });
  return () => {
    if (!server) throw new Error('the test server has not started');
    return server;
  };
}
