import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { queryRows, type Database } from '../../db/client.js';
import { KeptValues } from './kept-values.js';
import { PerDatabase } from './per-database.js';

/** Category names and ids change only with skill_categories. */
const CATEGORIES_CHANGED: ReadonlySet<string> = new Set(['skill_categories']);
const MAX_KEYS = 10_000;
/** How long a text's matches are kept: their post count (`CategoryMatch.posts`) follows the posts only when asked again. */
const KEPT_MS = 10 * 60_000;

const registry = new PerDatabase((db) => new CategoryMatches(db));

/** What a text filter asks of the category names: a substring (an ILIKE pattern) or a word's prefix query. */
export type CategoryTest = { pattern: string } | { word: string };

const keyOf = (test: CategoryTest) => ('pattern' in test ? `like:${test.pattern}` : `word:${test.word}`);

/** The categories a test names, and how many active posts their members had when it was asked. */
export interface CategoryMatch {
  ids: number[];
  /** A phrase's, counted when the text is asked (kept up to 10 minutes; 0 for a word): how a search reads them (`TextFilter.split`). */
  posts: number;
}

const NO_MATCH: CategoryMatch = { ids: [], posts: 0 };

/**
 * Which skill categories a search's text names (`textFilter`: a post matches by its author's
 * skill, their primary category), asked before the search's own statement: as a subquery in it,
 * `author_category_id = ANY(ARRAY(SELECT ...))` is an array PostgreSQL cannot see when it plans,
 * and it took it for half of the posts, chose to read every post instead of the indexes, and a
 * search's first read of its hits took 72-228 ms instead of 5-22 (bench/RESULTS.md). The ids then
 * go into the statement as constants, or the test is left out when none match (nearly always).
 * Kept per text while this instance hears the database's notifications (`listen`); a change of
 * skill_categories, or a gap, empties them.
 */
export class CategoryMatches extends KeptValues {
  /** Undefined until `listen`: nothing is kept. */
  private matches: LRUCache<string, CategoryMatch> | undefined;

  constructor(private readonly db: Database) {
    super(CATEGORIES_CHANGED);
  }

  /** The matches `textFilterFor` reads through for this database (a new one, keeping nothing, when none was attached). */
  static of(db: Database): CategoryMatches {
    return registry.of(db);
  }

  /** Makes this the matches `textFilterFor` reads through on its database. */
  attach(): this {
    return registry.attach(this.db, this);
  }

  protected override startKeeping(): void {
    this.matches = new LRUCache({ max: MAX_KEYS, ttl: KEPT_MS });
  }

  /** The categories each test names, in the order asked (one statement for those not kept). */
  async find(tests: readonly CategoryTest[]): Promise<CategoryMatch[]> {
    const keys = tests.map(keyOf);
    const unknown = [...new Set(keys)].filter((key) => !this.matches?.has(key));
    if (unknown.length > 0) {
      const read = await this.once(
        unknown.join('\n'),
        () => this.read(tests.filter((test) => unknown.includes(keyOf(test)))),
        (found) => {
          for (const [key, match] of found) this.matches?.set(key, match);
        },
      );
      return keys.map((key) => this.matches?.get(key) ?? read.get(key) ?? NO_MATCH);
    }
    return keys.map((key) => this.matches?.get(key) ?? NO_MATCH);
  }

  private async read(tests: readonly CategoryTest[]): Promise<Map<string, CategoryMatch>> {
    const unique = [...new Map(tests.map((test) => [keyOf(test), test])).values()];
    const list = (values: (string | null)[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);
    // The posts are counted from the author-category index alone (posts_author_category_active_idx),
    // for a phrase only: a word's count is never asked (`textFilterFor` splits one word's phrase).
    const rows = await queryRows<{ key: string; ids: number[]; posts: number }>(
      this.db,
      sql`SELECT q.key, m.ids,
            CASE WHEN q.pattern IS NULL THEN 0
              ELSE (SELECT count(*) FROM posts p WHERE p.status = 'active' AND p.author_category_id = ANY(m.ids))::int END AS posts
          FROM unnest(ARRAY[${list(unique.map(keyOf))}]::text[],
            ARRAY[${list(unique.map((t) => ('pattern' in t ? t.pattern : null)))}]::text[],
            ARRAY[${list(unique.map((t) => ('word' in t ? t.word : null)))}]::text[]) AS q(key, pattern, word)
          CROSS JOIN LATERAL (SELECT ARRAY(SELECT c.id FROM skill_categories c
            WHERE (q.pattern IS NOT NULL AND c.name ILIKE q.pattern)
               OR (q.word IS NOT NULL AND c.name_vector @@ to_tsquery('english', q.word || ':*'))
            ORDER BY c.id) AS ids) m`,
    );
    return new Map(rows.map((row) => [row.key, { ids: row.ids.map(Number), posts: Number(row.posts) }]));
  }

  protected heard(): void {}

  protected dropAll(): void {
    this.matches?.clear();
  }

  protected drop(key: string): void {
    this.matches?.delete(key);
  }
}
