import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { coordinatesCheck, createdAtColumn, tsvector, updatedAtColumn } from './columns.js';
import { skillCategories } from './skill-categories.js';

/** A post's lifecycle (decisions.md: one status field, no is_active). */
export const POST_STATUSES = ['active', 'hidden', 'completed'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** Post formats; the chosen one is also stored as a tag in `custom_tags`. */
export const POST_SERVICE_TYPES = ['in_person', 'remote', 'hybrid'] as const;
export type PostServiceType = (typeof POST_SERVICE_TYPES)[number];

/** Which side of an exchange a post tag describes. */
export const POST_TAG_SIDES = ['offering', 'looking_for'] as const;
export type PostTagSide = (typeof POST_TAG_SIDES)[number];

/**
 * An exchange post: what the member offers and what they want in return.
 * `description` is the structured text built from offering / looking-for /
 * additional context. `custom_tags` holds up to 5 keywords plus one format tag.
 * `zip_code`, `latitude`, `longitude` are copied from the author's profile at
 * write time so the matching box query needs no join. `search_vector` is
 * generated (english): title weight A, offering B, tags C, looking-for and
 * description D, so a query labelled `:B` matches the offering only.
 */
export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    offering: text('offering').notNull(),
    lookingFor: text('looking_for').notNull(),
    availableFrom: date('available_from', { mode: 'string' }),
    availableUntil: date('available_until', { mode: 'string' }),
    preferredDays: text('preferred_days'),
    preferredTimes: text('preferred_times'),
    additionalContext: text('additional_context'),
    customTags: text('custom_tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    serviceType: text('service_type').$type<PostServiceType>(),
    categoryId: integer('category_id').references(() => skillCategories.id, {
      onDelete: 'set null',
    }),
    availabilityDescription: text('availability_description'),
    /**
     * The author's profile primary category, copied by triggers (migration 0004) whenever a post
     * is written or the profile's category changes: search matches the author's skill with one
     * index lookup instead of expanding every author of the category.
     */
    authorCategoryId: integer('author_category_id'),
    serviceRadiusMiles: integer('service_radius_miles').notNull().default(10),
    leadTimeDays: integer('lead_time_days').notNull().default(1),
    estimatedDurationHours: integer('estimated_duration_hours').notNull().default(1),
    isFlexibleTiming: boolean('is_flexible_timing').notNull().default(true),
    isSameDayOk: boolean('is_same_day_ok').notNull().default(false),
    status: text('status').$type<PostStatus>().notNull().default('active'),
    zipCode: text('zip_code'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(offering, '')), 'B') || setweight(to_tsvector('english'::regconfig, immutable_array_to_text(custom_tags)), 'C') || setweight(to_tsvector('english'::regconfig, coalesce(looking_for, '') || ' ' || coalesce(description, '')), 'D')`,
    ),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    // Plain (ascending) indexes: Postgres scans them backwards for ORDER BY created_at DESC.
    // user_id, id, custom_tags (at most 6 x 40 characters) and the coordinates ride along so that
    // matching's newest, tag-overlap and location candidates are read from the index alone,
    // without a heap page per post.
    index('posts_status_created_at_idx').on(t.status, t.createdAt, t.userId, t.id, t.customTags, t.latitude, t.longitude),
    index('posts_user_id_created_at_idx').on(t.userId, t.createdAt),
    index('posts_category_id_idx').on(t.categoryId),
    // The text filter's author-skill branch: a search reads the posts it alone finds (rank 0) from
    // the index, without visiting each post (post-query.ts `rankedPosts`).
    index('posts_author_category_active_idx')
      .on(t.authorCategoryId, t.createdAt, t.userId, t.id)
      .where(sql`status = 'active'`),
    // Matching's location box when it is sparse among the newest posts (a dense one is walked
    // through posts_status_created_at_idx). With every column that read needs in the key,
    // PostgreSQL answers it from the index alone instead of visiting each post's heap page.
    index('posts_lat_lng_idx').on(t.latitude, t.longitude, t.status, t.createdAt, t.userId, t.id),
    index('posts_search_vector_idx').using('gin', t.searchVector).with({ fastupdate: false }),
    index('posts_custom_tags_idx').using('gin', t.customTags).with({ fastupdate: false }),
    index('posts_title_trgm_idx')
      .using('gin', t.title.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
    index('posts_offering_trgm_idx')
      .using('gin', t.offering.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
    check('posts_title_length_check', sql`char_length(title) BETWEEN 10 AND 80`),
    check('posts_description_length_check', sql`char_length(description) <= 1200`),
    check('posts_offering_length_check', sql`char_length(offering) BETWEEN 20 AND 300`),
    check('posts_looking_for_length_check', sql`char_length(looking_for) BETWEEN 20 AND 300`),
    check(
      'posts_available_range_check',
      sql`available_until IS NULL OR available_from IS NULL OR available_until >= available_from`,
    ),
    check('posts_preferred_days_length_check', sql`char_length(preferred_days) <= 500`),
    check('posts_preferred_times_length_check', sql`char_length(preferred_times) <= 500`),
    check('posts_additional_context_length_check', sql`char_length(additional_context) <= 500`),
    check(
      'posts_availability_description_length_check',
      sql`char_length(availability_description) <= 1000`,
    ),
    check(
      'posts_custom_tags_check',
      sql`cardinality(custom_tags) <= 6 AND text_array_max_length(custom_tags) <= 40`,
    ),
    check('posts_service_type_check', sql`service_type IN ('in_person', 'remote', 'hybrid')`),
    check('posts_status_check', sql`status IN ('active', 'hidden', 'completed')`),
    check(
      'posts_numbers_check',
      sql`service_radius_miles > 0 AND lead_time_days >= 0 AND estimated_duration_hours > 0`,
    ),
    check('posts_zip_code_length_check', sql`char_length(zip_code) <= 10`),
    coordinatesCheck('posts'),
  ],
);

/**
 * Normalised post tags per side, rebuilt whenever a post is edited. Matching joins
 * a viewer's looking-for tags against other posts' offering tags through the
 * (tag, side) index.
 */
export const postTags = pgTable(
  'post_tags',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
    side: text('side').$type<PostTagSide>().notNull(),
  },
  (t) => [
    primaryKey({ name: 'post_tags_pkey', columns: [t.postId, t.side, t.tag] }),
    index('post_tags_tag_side_idx').on(t.tag, t.side),
    check('post_tags_tag_length_check', sql`char_length(tag) BETWEEN 3 AND 29`),
    check('post_tags_side_check', sql`side IN ('offering', 'looking_for')`),
  ],
);

export type Post = typeof posts.$inferSelect;
export type NewPost = typeof posts.$inferInsert;
export type PostTag = typeof postTags.$inferSelect;
export type NewPostTag = typeof postTags.$inferInsert;
