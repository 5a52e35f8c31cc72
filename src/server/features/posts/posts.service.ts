import { and, eq, sql, type SQL } from 'drizzle-orm';
import { availabilityText, buildDescription } from '../../../shared/domain/post-text.js';
import { customTagsFor, derivePostTags, splitCustomTags } from '../../../shared/domain/post-tags.js';
import {
  POST_MESSAGES,
  type CreatePostData,
  type PostItem,
  type PostListResponse,
  type PostStatus,
  type UpdatePostData,
} from '../../../shared/schemas/posts.js';
import { queryRows, type Database } from '../../db/client.js';
import { posts, postTags } from '../../db/schema/index.js';
import type { WriteLimits } from '../../config.js';
import { AppError, forbidden, notFound, RateLimitedError, validationFailed } from '../../errors.js';
import { enforceHourlyLimit } from '../../lib/rate-limit.js';
import { CARD_COLUMNS, PostCards, type PostCard } from './post-cards.js';
import { newOwnPostRow, nextOffset, selectPosts, toPostItem } from './post-query.js';

/** Values the spec sends on every create (section 9). */
const FIXED_POST_VALUES = {
  serviceRadiusMiles: 10,
  leadTimeDays: 1,
  estimatedDurationHours: 1,
  isFlexibleTiming: true,
  isSameDayOk: false,
} as const;

export const PROFILE_INCOMPLETE_MESSAGE = 'Please complete your profile before creating a post.';

/** The member's write limits as 429 messages (the create dialog and My Posts show them as they are). */
export const POST_LIMIT_MESSAGES = {
  perHour: (max: number, wait: string) => `You can create up to ${max} posts an hour. Please try again in ${wait}.`,
  active: (max: number) =>
    `You can have up to ${max} active posts at once. Mark one as completed or hide it to post another.`,
};

/** 429 when the member already has `max` active posts (0 = no limit). */
async function assertActivePostRoom(db: Database, viewerId: string, max: number): Promise<void> {
  if (max <= 0) return;
  const [row] = await queryRows<{ n: number }>(db, sql`SELECT ${activePostCount(viewerId)} AS n`);
  assertRoom(Number(row?.n ?? 0), max);
}

function assertRoom(activePosts: number, max: number): void {
  if (activePosts >= max) throw new RateLimitedError(POST_LIMIT_MESSAGES.active(max));
}

/** How many active posts the member has, as a scalar expression. */
function activePostCount(viewerId: string): SQL {
  return sql`(SELECT count(*)::int FROM posts p WHERE p.user_id = ${viewerId} AND p.status = 'active')`;
}

/** What creating a post checks first (`createPostChecks`): the profile's fields, the category, the active posts. */
interface CreatePostChecks {
  display_name: string | null;
  about: string | null;
  service_type: string | null;
  primary_category_id: number | null;
  skill_keywords: string[];
  zip_code: string | null;
  latitude: number | null;
  longitude: number | null;
  category_active: boolean;
  /** Null when no limit applies. */
  active_posts: number | null;
}

/**
 * The member's profile (complete? where?), whether the post's category may be used and, when
 * there is a limit, their active posts: one statement, answered in that order as before.
 */
function createPostChecks(viewerId: string, categoryId: number | null, activePostsMax: number): SQL {
  return sql`SELECT pr.display_name, pr.about, pr.service_type, pr.primary_category_id, pr.skill_keywords, pr.zip_code, pr.latitude, pr.longitude,
      ${categoryId === null ? sql`true` : categoryActive(categoryId)} AS category_active,
      ${activePostsMax > 0 ? activePostCount(viewerId) : sql`NULL::int`} AS active_posts
    FROM profiles pr WHERE pr.id = ${viewerId}`;
}

/**
 * Creates a post for the viewer: the structured description, keywords plus format tag, the
 * availability text, the spec's fixed values, ZIP and coordinates copied from the profile, and
 * the derived post_tags, all in one transaction. A member whose profile is incomplete gets 409
 * PROFILE_INCOMPLETE (the client shows the complete-profile modal first).
 */
export async function createPost(db: Database, viewerId: string, input: CreatePostData, limits: WriteLimits): Promise<PostItem> {
  const [checks] = await queryRows<CreatePostChecks>(db, createPostChecks(viewerId, input.categoryId, limits.activePostsMax), 'create_post_checks');
  if (!checks || !isComplete(checks)) throw new AppError('PROFILE_INCOMPLETE', PROFILE_INCOMPLETE_MESSAGE);
  if (!checks.category_active) throw validationFailed({ categoryId: POST_MESSAGES.categoryInvalid }, POST_MESSAGES.categoryInvalid);
  if (checks.active_posts !== null) assertRoom(Number(checks.active_posts), limits.activePostsMax);
  await enforceHourlyLimit(db, `post-create:${viewerId}`, limits.postsPerHour, (wait) =>
    POST_LIMIT_MESSAGES.perHour(limits.postsPerHour, wait),
  );

  const insert = db
    .insert(posts)
    .values({
      userId: viewerId,
      title: input.title,
      description: buildDescription(input),
      offering: input.offering,
      lookingFor: input.lookingFor,
      additionalContext: input.additionalContext,
      availableFrom: input.availableFrom,
      availableUntil: input.availableUntil,
      preferredDays: input.preferredDays,
      preferredTimes: input.preferredTimes,
      availabilityDescription: availabilityText(input) || null,
      customTags: customTagsFor(input.keywords, input.format),
      serviceType: input.format,
      categoryId: input.categoryId,
      ...FIXED_POST_VALUES,
      status: 'active',
      zipCode: checks.zip_code,
      latitude: checks.latitude,
      longitude: checks.longitude,
    })
    .returning();
  // The post, its tags and its card (`CARD_COLUMNS`) in one statement (one round trip, and
  // atomic without a transaction); drizzle puts the insert in parentheses of its own.
  const tags = derivePostTags(input.offering, input.lookingFor);
  const [card] = await queryRows<PostCard>(
    db,
    sql`WITH post AS ${insert}${
      tags.length === 0
        ? sql``
        : sql`, tags AS (
            INSERT INTO post_tags (post_id, tag, side)
            SELECT post.id, t.tag, t.side FROM post, jsonb_to_recordset(${JSON.stringify(tags)}::jsonb) AS t(tag text, side text)
          )`
    }
      SELECT ${CARD_COLUMNS} FROM post p LEFT JOIN profiles pr ON pr.id = p.user_id`,
    // Named on PostgreSQL too: parsed and planned once per connection, not for every post.
    'create_post',
  );
  if (!card) throw new Error('insert into posts returned no row');
  // The lists that show it next (search and match pages, here) need not read it again.
  PostCards.of(db).keepNew(card);
  return toPostItem(await newOwnPostRow(db, card), viewerId);
}

/**
 * Edits the viewer's post. The member's title is kept unless a new one is sent (decisions.md:
 * no 'Offering: {offering}' rewrite); the description and availability text are rebuilt, and
 * post_tags are replaced when offering or looking-for changed. Fields left out keep their
 * value; null clears them.
 */
export async function updatePost(db: Database, viewerId: string, postId: string, input: UpdatePostData): Promise<PostItem> {
  const current = await loadOwnedPost(db, viewerId, postId);
  if (input.categoryId !== undefined) await assertCategory(db, input.categoryId);
  const existing = splitCustomTags(current.customTags);
  const next = {
    title: input.title ?? current.title,
    offering: input.offering,
    lookingFor: input.lookingFor,
    additionalContext: input.additionalContext !== undefined ? input.additionalContext : current.additionalContext,
    availableFrom: input.availableFrom !== undefined ? input.availableFrom : current.availableFrom,
    availableUntil: input.availableUntil !== undefined ? input.availableUntil : current.availableUntil,
    preferredDays: input.preferredDays !== undefined ? input.preferredDays : current.preferredDays,
    preferredTimes: input.preferredTimes !== undefined ? input.preferredTimes : current.preferredTimes,
    categoryId: input.categoryId !== undefined ? input.categoryId : current.categoryId,
    format: input.format !== undefined ? input.format : existing.format,
    keywords: input.keywords ?? existing.keywords,
  };
  if (next.availableFrom && next.availableUntil && next.availableUntil < next.availableFrom) {
    throw validationFailed({ availableUntil: POST_MESSAGES.endBeforeStart }, POST_MESSAGES.endBeforeStart);
  }
  const textChanged = next.offering !== current.offering || next.lookingFor !== current.lookingFor;
  await db.transaction(async (tx) => {
    await tx
      .update(posts)
      .set({
        title: next.title,
        description: buildDescription(next),
        offering: next.offering,
        lookingFor: next.lookingFor,
        additionalContext: next.additionalContext,
        availableFrom: next.availableFrom,
        availableUntil: next.availableUntil,
        preferredDays: next.preferredDays,
        preferredTimes: next.preferredTimes,
        availabilityDescription: availabilityText(next) || null,
        customTags: customTagsFor(next.keywords, next.format),
        serviceType: next.format,
        categoryId: next.categoryId,
      })
      .where(and(eq(posts.id, postId), eq(posts.userId, viewerId)));
    if (textChanged) {
      await tx.delete(postTags).where(eq(postTags.postId, postId));
      await insertPostTags(tx, postId, next.offering, next.lookingFor);
    }
  });
  PostCards.of(db).cardsChanged();
  return getOwnPost(db, viewerId, postId);
}

/**
 * Deletes the viewer's post for good (its tags and requests go with it). A conversation about
 * the post outlives it as the pair's general conversation (its post set to null); when the pair
 * already has one, the messages move there, since a pair has at most one of each.
 */
export async function deletePost(db: Database, viewerId: string, postId: string): Promise<void> {
  await loadOwnedPost(db, viewerId, postId);
  await db.transaction(async (tx) => {
    const merged = await queryRows<{ id: string; general_id: string }>(
      tx,
      sql`SELECT c.id, g.id AS general_id
          FROM conversations c
          JOIN conversations g ON g.post_id IS NULL
            AND least(g.participant_1_id, g.participant_2_id) = least(c.participant_1_id, c.participant_2_id)
            AND greatest(g.participant_1_id, g.participant_2_id) = greatest(c.participant_1_id, c.participant_2_id)
          WHERE c.post_id = ${postId}`,
    );
    for (const { id, general_id: generalId } of merged) {
      await tx.execute(sql`UPDATE messages SET conversation_id = ${generalId} WHERE conversation_id = ${id}`);
      await tx.execute(sql`UPDATE conversations SET updated_at = greatest(updated_at, (SELECT updated_at FROM conversations WHERE id = ${id})) WHERE id = ${generalId}`);
      await tx.execute(sql`DELETE FROM conversations WHERE id = ${id}`);
    }
    await tx.delete(posts).where(and(eq(posts.id, postId), eq(posts.userId, viewerId)));
  });
}

/** Hide, mark completed, or make active again (decisions.md: one status field). */
export async function setPostStatus(
  db: Database,
  viewerId: string,
  postId: string,
  status: PostStatus,
  limits: Pick<WriteLimits, 'activePostsMax'>,
): Promise<PostItem> {
  const post = await loadOwnedPost(db, viewerId, postId);
  if (status === 'active' && post.status !== 'active') await assertActivePostRoom(db, viewerId, limits.activePostsMax);
  await db.update(posts).set({ status }).where(and(eq(posts.id, postId), eq(posts.userId, viewerId)));
  PostCards.of(db).cardsChanged();
  return getOwnPost(db, viewerId, postId);
}

/** My Posts: the viewer's posts in every status, newest first. */
export async function listOwnPosts(db: Database, viewerId: string, page: { limit: number; offset: number }): Promise<PostListResponse> {
  const rows = await selectPosts(db, { viewerId, scope: 'own', limit: page.limit, offset: page.offset });
  return { items: rows.map((r) => toPostItem(r, viewerId)), nextOffset: nextOffset(page.offset, page.limit, rows.length) };
}

/** One of the viewer's posts as the API returns it. */
export async function getOwnPost(db: Database, viewerId: string, postId: string): Promise<PostItem> {
  const [row] = await selectPosts(db, { viewerId, scope: 'own', where: [sql`p.id = ${postId}`], limit: 1 });
  if (!row) throw notFound('Post not found.');
  return toPostItem(row, viewerId);
}

/** The post if the viewer owns it: 404 when it does not exist, 403 when it is someone else's. */
async function loadOwnedPost(db: Database, viewerId: string, postId: string) {
  const [post] = await db.select().from(posts).where(eq(posts.id, postId));
  if (!post) throw notFound('Post not found.');
  if (post.userId !== viewerId) throw forbidden('Only the author can change this post.');
  return post;
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

async function insertPostTags(tx: Tx, postId: string, offering: string, lookingFor: string): Promise<void> {
  const rows = derivePostTags(offering, lookingFor).map((t) => ({ postId, tag: t.tag, side: t.side }));
  if (rows.length > 0) await tx.insert(postTags).values(rows);
}

async function assertCategory(db: Database, categoryId: number | null): Promise<void> {
  if (categoryId === null) return;
  const [row] = await queryRows<{ active: boolean }>(db, sql`SELECT ${categoryActive(categoryId)} AS active`);
  if (!row?.active) throw validationFailed({ categoryId: POST_MESSAGES.categoryInvalid }, POST_MESSAGES.categoryInvalid);
}

/** Whether a category exists and may be chosen, as a boolean expression. */
function categoryActive(categoryId: number): SQL {
  return sql`EXISTS (SELECT 1 FROM skill_categories c WHERE c.id = ${categoryId} AND c.is_active)`;
}

/** Spec (accounts section 4): name, about, service type, primary category and a keyword. */
function isComplete(p: Pick<CreatePostChecks, 'display_name' | 'about' | 'service_type' | 'primary_category_id' | 'skill_keywords'>): boolean {
  const filled = (v: string | null) => v !== null && v.trim() !== '';
  return (
    filled(p.display_name) &&
    filled(p.about) &&
    filled(p.service_type) &&
    p.primary_category_id !== null &&
    (p.skill_keywords ?? []).some((k) => k.trim() !== '')
  );
}
