import { asc, type InferSelectModel } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { skillCategories } from '../../db/schema/index.js';
import type { Category } from '../../../shared/schemas/profile.js';

/** How long a database's copy of the taxonomy is kept before it is read again. */
export const CATEGORY_COPY_TTL_MS = 60_000;

type CategoryRow = Pick<InferSelectModel<typeof skillCategories>, 'id' | 'name' | 'slug' | 'level' | 'parentId' | 'isActive'>;

interface Copy {
  at: number;
  table: Promise<{ rows: CategoryRow[]; names: ReadonlyMap<number, string> }>;
}

const copies = new WeakMap<Database, Copy>();

function readCopy(db: Database, now: number): Copy {
  const table = db
    .select({
      id: skillCategories.id,
      name: skillCategories.name,
      slug: skillCategories.slug,
      level: skillCategories.level,
      parentId: skillCategories.parentId,
      isActive: skillCategories.isActive,
    })
    .from(skillCategories)
    .orderBy(asc(skillCategories.level), asc(skillCategories.name))
    .then((rows) => ({ rows, names: new Map(rows.map((row) => [row.id, row.name])) }));
  const copy = { at: now, table };
  copies.set(db, copy);
  // A failed read must not stay cached.
  table.catch(() => {
    if (copies.get(db) === copy) copies.delete(db);
  });
  return copy;
}

/**
 * The whole taxonomy (inactive categories too), sorted by level then name, from a copy kept per
 * database for a minute: categories change only with a migration, and every form load and every
 * list of posts needs them.
 */
function categoryCopy(db: Database, now: number): Copy {
  const copy = copies.get(db);
  return copy && now - copy.at <= CATEGORY_COPY_TTL_MS ? copy : readCopy(db, now);
}

/** Active skill categories, sorted by level then name; only one level when `level` is given. */
export async function listActiveCategories(db: Database, level?: number, now = Date.now()): Promise<Category[]> {
  const { rows } = await categoryCopy(db, now).table;
  return rows
    .filter((c) => c.isActive && (level === undefined || c.level === level))
    .map(({ id, name, slug, level: l, parentId }) => ({ id, name, slug, level: l, parentId }));
}

/**
 * The names of the categories `ids` names (inactive ones too: a post keeps its category). Lists
 * of posts name two categories per row; looked up in their statement, those were 200 index-less
 * probes of the 112-row table per page of 50, half of PostgreSQL's time on the feed
 * (bench/RESULTS.md). An id the copy does not know (a category added since) has the table read
 * again at once; ids that exist nowhere are absent from the answer.
 */
export async function categoryNames(db: Database, ids: Iterable<number | null>, now = Date.now()): Promise<ReadonlyMap<number, string>> {
  const copy = categoryCopy(db, now);
  const { names } = await copy.table;
  if ([...ids].every((id) => id === null || names.has(id))) return names;
  // Another lookup may have read the table again meanwhile.
  const current = copies.get(db);
  return (await (current && current !== copy ? current : readCopy(db, now)).table).names;
}
