import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { SEARCH_PEOPLE_MAX, type PostAuthor } from '../../../shared/schemas/posts.js';
import { queryRows, type Database } from '../../db/client.js';
import { nameVector } from '../../db/schema/index.js';
import { notBlockedWith } from '../blocks/blocks.service.js';
import { KeptValues } from '../posts/kept-values.js';
import { authorVisibleTo, photoUrl } from '../posts/post-query.js';
import { escapeLike, searchWords, substringPattern } from '../posts/post-text-filter.js';
import { ViewerStates } from '../posts/viewer-states.js';
import { categorySubtree, serviceTypes, type ServiceTypeFilter } from './search-filters.js';

export interface PeopleQuery {
  q?: string | undefined;
  serviceType: ServiceTypeFilter;
  categoryId?: number | undefined;
}

interface PersonRow {
  id: string;
  display_name: string;
  photo_id: string | null;
  category_name: string | null;
}

/** Notifications after which a kept list of people can be wrong: names, photos, skills, accounts. */
const PEOPLE_CHANGED: ReadonlySet<string> = new Set(['profiles', 'users', 'skill_categories']);
const MAX_SEARCHES = 1_000;
/** A search naming more members than this is not shared (each viewer's read is then its own, limited). */
const MAX_SHARED_PEOPLE = 200;
/** A safety net: the lists are kept current by notifications, this bounds a missed one. */
const PEOPLE_TTL_MS = 300_000;

/**
 * Members found by display name for the 'People' group: each typed word as a prefix of a word
 * of the name (the name's full-text vector, an expression GIN index), or the
 * whole text anywhere in the name (3+ characters), case-insensitive. Never the viewer, and a
 * member with Profile Visibility off only for their connections, and never a member blocked
 * either way (the rules posts follow).
 * The Service Type and Skill Category filters apply to the member's profile. Names that start
 * with the text come first.
 */
export async function searchPeople(db: Database, viewerId: string, options: PeopleQuery): Promise<PostAuthor[]> {
  return (await readPeople(db, options, viewerId)).map(toAuthor);
}

/**
 * The people a search names, best first: for the viewer (their rules, `SEARCH_PEOPLE_MAX`), or
 * for everyone (no viewer: up to `MAX_SHARED_PEOPLE` + 1, to tell a list too long to share).
 */
async function readPeople(db: Database, options: PeopleQuery, viewerId?: string): Promise<PersonRow[]> {
  const words = searchWords(options.q);
  if (words.length === 0) return [];
  const tsquery = sql`to_tsquery('english', ${words.map((w) => `${w}:*`).join(' & ')})`;
  // The name's words (profiles_name_vector_idx): search_vector's weight A, without the skills.
  const name = nameVector(sql`pr.display_name`);
  const { phrase, pattern } = substringPattern(options.q);
  // A text of stop words only ('the') is an empty query: it matches nothing (numnode = 0).
  const matches = [sql`(numnode(${tsquery}) > 0 AND ${name} @@ ${tsquery})`];
  if (phrase.length >= 3) matches.push(sql`pr.display_name ILIKE ${pattern}`);
  const where = [sql`pr.display_name IS NOT NULL`, sql`(${sql.join(matches, sql` OR `)})`];
  if (viewerId !== undefined) where.push(sql`pr.id <> ${viewerId}`, authorVisibleTo(viewerId, sql`pr.id`), notBlockedWith(viewerId, sql`pr.id`));
  if (options.serviceType !== 'all') where.push(sql`pr.service_type IN (${serviceTypes(options.serviceType)})`);
  if (options.categoryId !== undefined) where.push(sql`pr.primary_category_id IN (${categorySubtree(options.categoryId)})`);
  return queryRows<PersonRow>(
    db,
    sql`SELECT pr.id, pr.display_name, pr.photo_id::text AS photo_id,
          (SELECT c.name FROM skill_categories c WHERE c.id = pr.primary_category_id) AS category_name
        FROM profiles pr
        WHERE ${sql.join(where, sql` AND `)}
        ORDER BY (pr.display_name ILIKE ${`${escapeLike(phrase)}%`}) DESC,
          CASE WHEN numnode(${tsquery}) > 0 THEN ts_rank(${name}, ${tsquery}) ELSE 0 END DESC,
          lower(pr.display_name), pr.id
        LIMIT ${sql.raw(String(viewerId === undefined ? MAX_SHARED_PEOPLE + 1 : SEARCH_PEOPLE_MAX))}`,
    // Named: its text changes only with the filters (the words are one value), and planning it
    // cost PGlite more than running it (6.7 of 12.7 ms for 'excel').
    viewerId === undefined ? 'search_people_shared' : 'search_people',
    {},
  );
}

function toAuthor(row: PersonRow): PostAuthor {
  return { id: row.id, name: row.display_name.trim() || 'User', avatarUrl: photoUrl(row.photo_id), skill: row.category_name ?? 'General' };
}

/**
 * The people each recent search names, for every viewer (a community searches the same few words
 * again and again; the 'People' group was one statement per first page of results). Each request
 * applies the viewer's rules to the shared list (their hidden authors, `ViewerStates`: the viewer,
 * hidden members who are not their connections, blocks) and takes the first `SEARCH_PEOPLE_MAX`.
 * Kept only while this instance hears the database's notifications (`listen`): names, photos,
 * skills and accounts changing, or a gap, empty it (locally the onSend hook does so before a
 * profile write's answer). A search naming more than `MAX_SHARED_PEOPLE` members is read per viewer.
 */
export class SearchPeople extends KeptValues {
  /** Undefined until `listen`: nothing is kept. null: too many people to share. */
  private found: LRUCache<string, { people: PersonRow[] | null }> | undefined;

  constructor(private readonly db: Database) {
    super(PEOPLE_CHANGED);
  }

  protected override startKeeping(): void {
    this.found = new LRUCache({ max: MAX_SEARCHES, ttl: PEOPLE_TTL_MS });
  }

  /** The 'People' group of the viewer's search. */
  async people(viewerId: string, options: PeopleQuery): Promise<PostAuthor[]> {
    if (!this.found) return searchPeople(this.db, viewerId, options);
    const key = JSON.stringify([options.q ?? '', options.serviceType, options.categoryId ?? null]);
    const shared =
      this.found.get(key) ??
      (await this.once(
        key,
        async () => {
          const rows = await readPeople(this.db, options);
          return { people: rows.length > MAX_SHARED_PEOPLE ? null : rows };
        },
        (value) => void this.found?.set(key, value),
      ));
    if (!shared.people) return searchPeople(this.db, viewerId, options);
    if (shared.people.length === 0) return [];
    const { hidden } = await ViewerStates.of(this.db).of(viewerId);
    const people: PostAuthor[] = [];
    for (const row of shared.people) {
      if (people.length === SEARCH_PEOPLE_MAX) break;
      if (!hidden.has(row.id)) people.push(toAuthor(row));
    }
    return people;
  }

  protected heard(): void {}

  protected dropAll(): void {
    this.found?.clear();
  }

  protected drop(key: string): void {
    this.found?.delete(key);
  }
}
