import { asc, eq, and, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { skillCategories } from '../../db/schema/index.js';
import type { Category } from '../../../shared/schemas/profile.js';

/** Active skill categories, sorted by level then name; only one level when `level` is given. */
export async function listActiveCategories(db: Database, level?: number): Promise<Category[]> {
  const conditions: SQL[] = [eq(skillCategories.isActive, true)];
  if (level !== undefined) conditions.push(eq(skillCategories.level, level));
  return db
    .select({
      id: skillCategories.id,
      name: skillCategories.name,
      slug: skillCategories.slug,
      level: skillCategories.level,
      parentId: skillCategories.parentId,
    })
    .from(skillCategories)
    .where(and(...conditions))
    .orderBy(asc(skillCategories.level), asc(skillCategories.name));
}

const CACHE_MS = 60_000;

/**
 * The category list changes only with a migration, so each server instance keeps it for a
 * minute instead of reading it on every form load.
 */
export function createCategoryCache(db: Database, now: () => number = Date.now) {
  let cached: { at: number; all: Promise<Category[]> } | undefined;
  return {
    async list(level?: number): Promise<Category[]> {
      if (!cached || now() - cached.at > CACHE_MS) {
        const all = listActiveCategories(db);
        cached = { at: now(), all };
        // A failed read must not stay cached.
        all.catch(() => {
          if (cached?.all === all) cached = undefined;
        });
      }
      const all = await cached.all;
      return level === undefined ? all : all.filter((c) => c.level === level);
    },
  };
}
