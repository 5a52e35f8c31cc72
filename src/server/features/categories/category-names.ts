import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.js';

/** How long a database's category names are kept before they are read again. */
export const CATEGORY_NAMES_TTL_MS = 60_000;

interface Loaded {
  at: number;
  names: Promise<ReadonlyMap<number, string>>;
}

const byDatabase = new WeakMap<Database, Loaded>();

function load(db: Database, now: number): Loaded {
  const names = queryRows<{ id: number; name: string }>(db, sql`SELECT c.id, c.name FROM skill_categories c`).then(
    (rows) => new Map(rows.map((row) => [Number(row.id), row.name])),
  );
  const loaded = { at: now, names };
  byDatabase.set(db, loaded);
  // A failed read must not stay cached.
  names.catch(() => {
    if (byDatabase.get(db) === loaded) byDatabase.delete(db);
  });
  return loaded;
}

/**
 * The names of the skill categories `ids` names (inactive ones too: a post keeps its category),
 * from a copy of the whole table kept per database for a minute. Lists of posts name two
 * categories per row; looked up in the statement, those were 200 index-less probes of the
 * 112-row table per page of 50, half of PostgreSQL's time on the feed (bench/RESULTS.md).
 * Categories change only with a migration; an id the copy does not know (one added since) has
 * the table read again at once. Ids that exist nowhere are absent from the answer.
 */
export async function categoryNames(db: Database, ids: Iterable<number | null>, now = Date.now()): Promise<ReadonlyMap<number, string>> {
  let loaded = byDatabase.get(db);
  if (!loaded || now - loaded.at > CATEGORY_NAMES_TTL_MS) loaded = load(db, now);
  let names = await loaded.names;
  const missing = [...ids].some((id) => id !== null && !names.has(id));
  if (missing) {
    // Another lookup may have read the table again meanwhile.
    const current = byDatabase.get(db);
    names = await (current && current !== loaded ? current : load(db, now)).names;
  }
  return names;
}
