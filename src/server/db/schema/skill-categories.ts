import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { tsvector } from './columns.js';

/**
 * The three-level skill taxonomy (1 primary, 2 secondary, 3 tertiary), seeded by
 * the `seed_skill_categories` migration. Only active rows are offered; inactive
 * ones stay so old profiles and posts keep a resolvable category name.
 */
export const skillCategories = pgTable(
  'skill_categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    level: smallint('level').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => skillCategories.id, {
      onDelete: 'restrict',
    }),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * The name's words as text search reads them: a search word may match the author's
     * category (post-text-filter.ts), tested against every category for each word. Worked out
     * per row per test, the 112 names cost ~0.35 ms a word on PostgreSQL and more on PGlite, and
     * a new post's take-in into the kept searches tests every kept search's words (7.5 ms a post
     * on PGlite, bench/RESULTS.md).
     */
    nameVector: tsvector('name_vector').generatedAlwaysAs(sql`to_tsvector('english'::regconfig, name)`),
  },
  (t) => [
    index('skill_categories_level_name_idx').on(t.level, t.name),
    index('skill_categories_parent_id_idx').on(t.parentId),
    // NULLS NOT DISTINCT so two primary categories (parent NULL) cannot share a name.
    unique('skill_categories_parent_id_name_key').on(t.parentId, t.name).nullsNotDistinct(),
    check('skill_categories_level_check', sql`level BETWEEN 1 AND 3`),
    check('skill_categories_parent_level_check', sql`(level = 1) = (parent_id IS NULL)`),
    check('skill_categories_name_length_check', sql`char_length(name) BETWEEN 1 AND 80`),
    check('skill_categories_slug_format_check', sql`slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);

export type SkillCategory = typeof skillCategories.$inferSelect;
export type NewSkillCategory = typeof skillCategories.$inferInsert;
