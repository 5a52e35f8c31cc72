import { sql, type SQL } from 'drizzle-orm';
import {
  check,
  type AnyPgColumn,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { coordinatesCheck, createdAtColumn, tsvector, updatedAtColumn } from './columns.js';
import { photos } from './photos.js';
import { skillCategories } from './skill-categories.js';

/** Profile service types (spec: digital | physical | both). */
export const PROFILE_SERVICE_TYPES = ['digital', 'physical', 'both'] as const;
export type ProfileServiceType = (typeof PROFILE_SERVICE_TYPES)[number];

/** Lead-time option values, as the spec lists them. */
export const LEAD_TIMES = [
  'same-day',
  '1-day',
  '2-3-days',
  '1-week',
  '2-weeks',
  '1-month',
  'flexible',
] as const;
export type LeadTime = (typeof LEAD_TIMES)[number];

/** Service radius choices in miles (100 is shown as '100+ miles'). */
export const SERVICE_RADIUS_MILES = [5, 10, 15, 25, 50, 100] as const;

/**
 * The words of a display name as full-text lexemes: the expression `profiles_name_vector_idx`
 * indexes, so a query must write it the same way to use the index (search's 'People' group).
 */
export function nameVector(displayName: SQL | AnyPgColumn): SQL {
  return sql`to_tsvector('english'::regconfig, coalesce(${displayName}, ''))`;
}

/**
 * A member's public profile, one row per user (id = users.id). Every field but the
 * keyword list may be empty until Complete Profile is saved. `photo_id` points at
 * the stored photo (the API turns it into a URL); `primary_category_id` is a
 * category id (the API also returns its name). `latitude`/`longitude` are the ZIP
 * centroid, resolved offline, and drive distance matching. `search_vector` is
 * generated over display name (weight A) and skill keywords (weight B) for search; a
 * trigram index on the display name serves search's substring match on names.
 */
export const profiles = pgTable(
  'profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    displayName: text('display_name'),
    about: text('about'),
    photoId: uuid('photo_id').references(() => photos.id, { onDelete: 'set null' }),
    serviceType: text('service_type').$type<ProfileServiceType>(),
    primaryCategoryId: integer('primary_category_id').references(() => skillCategories.id, {
      onDelete: 'set null',
    }),
    skillKeywords: text('skill_keywords')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    portfolioUrl: text('portfolio_url'),
    linkedinUrl: text('linkedin_url'),
    leadTime: text('lead_time').$type<LeadTime>(),
    zipCode: text('zip_code'),
    serviceRadiusMiles: integer('service_radius_miles').notNull().default(10),
    location: text('location'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english'::regconfig, coalesce(display_name, '')), 'A') || setweight(to_tsvector('english'::regconfig, immutable_array_to_text(skill_keywords)), 'B')`,
    ),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('profiles_primary_category_id_idx').on(t.primaryCategoryId),
    index('profiles_photo_id_idx').on(t.photoId),
    index('profiles_lat_lng_idx').on(t.latitude, t.longitude),
    index('profiles_search_vector_idx').using('gin', t.searchVector).with({ fastupdate: false }),
    index('profiles_skill_keywords_idx').using('gin', t.skillKeywords).with({ fastupdate: false }),
    // Search's 'People' group: the name's words alone (search_vector's weight A, without the
    // skill keywords), so a word found in many members' skills is not read from each of them
    // and then dropped ('excel': 207 profiles rechecked for none).
    index('profiles_name_vector_idx').using('gin', nameVector(t.displayName)).with({ fastupdate: false }),
    // Search's 'People' group: a name containing the typed text (ILIKE '%...%').
    index('profiles_display_name_trgm_idx')
      .using('gin', t.displayName.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
    check('profiles_display_name_length_check', sql`char_length(display_name) BETWEEN 2 AND 80`),
    check('profiles_about_length_check', sql`char_length(about) <= 2000`),
    check('profiles_service_type_check', sql`service_type IN ('digital', 'physical', 'both')`),
    check(
      'profiles_skill_keywords_check',
      sql`cardinality(skill_keywords) <= 5 AND text_array_max_length(skill_keywords) <= 40`,
    ),
    check(
      'profiles_portfolio_url_check',
      sql`char_length(portfolio_url) <= 500 AND portfolio_url ~* '^https?://'`,
    ),
    check(
      'profiles_linkedin_url_check',
      sql`char_length(linkedin_url) <= 500 AND linkedin_url ~* '^https?://'`,
    ),
    check(
      'profiles_lead_time_check',
      sql`lead_time IN ('same-day', '1-day', '2-3-days', '1-week', '2-weeks', '1-month', 'flexible')`,
    ),
    check('profiles_zip_code_length_check', sql`char_length(zip_code) <= 10`),
    check(
      'profiles_service_radius_miles_check',
      sql`service_radius_miles IN (5, 10, 15, 25, 50, 100)`,
    ),
    check('profiles_location_length_check', sql`char_length(location) <= 120`),
    coordinatesCheck('profiles'),
  ],
);

export type Profile = typeof profiles.$inferSelect;
export type NewProfile = typeof profiles.$inferInsert;
