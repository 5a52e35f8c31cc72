import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_PEOPLE_MAX, type PostAuthor, type SearchResponse } from '../../../shared/schemas/posts.js';
import { queryRows, type Database } from '../../db/client.js';
import { nameVector } from '../../db/schema/index.js';
import { notBlockedWith } from '../blocks/blocks.service.js';
import { authorVisibleTo, barePostsQuery, isAppPage, nextOffset, photoUrl, postItems, selectBarePosts, selectPosts } from '../posts/post-query.js';
import { escapeLike, searchWords, substringPattern, textFilterFor } from '../posts/post-text-filter.js';
import { hitsQuery, type SearchHits } from './search-hits.js';

export interface SearchOptions {
  q?: string | undefined;
  serviceType: 'all' | 'digital' | 'physical' | 'both';
  categoryId?: number | undefined;
  limit: number;
  offset: number;
}

/**
 * /search: other members' visible active posts matching the text (best first; newest first
 * without text), filtered by the author's profile service type and by a category.
 * Service Type: 'digital' and 'physical' also match authors who offer both; 'both' only those.
 * Category: the post's category, or the author's primary category when the post has none,
 * within the chosen category's sub-tree.
 */
export async function searchPosts(db: Database, viewerId: string, options: SearchOptions, searchHits?: SearchHits): Promise<SearchResponse> {
  const filters: SQL[] = [];
  if (options.serviceType !== 'all') {
    filters.push(sql`p.user_id IN (SELECT sp.id FROM profiles sp WHERE sp.service_type IN (${serviceTypes(options.serviceType)}))`);
  }
  if (options.categoryId !== undefined) {
    const subtree = categorySubtree(options.categoryId);
    filters.push(sql`(p.category_id IN (${subtree})
      OR (p.category_id IS NULL AND p.user_id IN (SELECT cp.id FROM profiles cp WHERE cp.primary_category_id IN (${subtree}))))`);
  }
  const people = async () => (options.offset === 0 ? searchPeople(db, viewerId, options) : []);
  if (searchHits?.enabled) {
    // Text searched: a page of the hits everyone's searches for the same text share (`SearchHits`).
    const { filter } = await textFilterFor(db, options.q);
    const hits = filter && (await searchHits.hits(hitsQuery(options.q, filter, { serviceType: options.serviceType, categoryId: options.categoryId, where: filters })));
    if (hits) {
      const named = isAppPage(options.limit, options.offset);
      const [{ rows, total }, found] = await Promise.all([
        searchHits.page(viewerId, hits, 'best', { limit: options.limit, offset: options.offset, prepareAs: named ? 'search_hits_page' : undefined }),
        people(),
      ]);
      const items = postItems(rows, viewerId).map(({ item }) => item);
      return { items, total, nextOffset: nextOffset(options.offset, options.limit, rows.length, total), people: found };
    }
  }
  // The app's pages run as named statements: parsed once, and planned once (PostgreSQL's
  // generic plan reads the hits through the same indexes whatever the words; several words
  // leave their stop words out first, `textFilterFor`).
  const words = searchWords(options.q);
  const { filter, named } = await textFilterFor(db, options.q, { named: isAppPage(options.limit, options.offset) });
  // Several words have their own names: their shapes (one per number of words kept) would
  // otherwise take the one-word pages' (a label names its first 16 texts).
  const pageName = words.length < 2 ? 'search_page' : 'search_page_words';
  const where: SQL[] = [...(filter ? [filter.condition] : []), ...filters];
  // The page is ranked and counted from the posts alone, then only its rows get their authors,
  // categories and response signals: one statement. The 'People' group (first page only) goes
  // out beside it.
  const ranked = barePostsQuery({
    viewerId,
    scope: 'community',
    where,
    columns: [sql`count(*) OVER ()::int AS total`, ...(filter ? [sql`p.rank`] : [])],
    rankedBy: filter?.rank,
    limit: options.limit,
    offset: options.offset,
    // Its LIMIT and OFFSET in the text, as the page's (named) statement has them.
    prepareAs: named ? pageName : undefined,
  });
  const [rows, found] = await Promise.all([
    selectPosts<{ total: number }>(db, {
      viewerId,
      scope: 'community',
      with: sql`ranked AS (${ranked})`,
      where: [sql`p.id IN (SELECT r.id FROM ranked r)`],
      columns: [sql`(SELECT r.total FROM ranked r LIMIT 1) AS total`],
      orderBy: filter ? sql`(SELECT r.rank FROM ranked r WHERE r.id = p.id) DESC, p.created_at DESC, p.id DESC` : undefined,
      limit: options.limit,
      withSignals: true,
      prepareAs: named ? pageName : undefined,
    }),
    people(),
  ]);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && options.offset > 0) {
    // Past the last page: count from the start so 'N results found' stays right.
    const first = await selectBarePosts<{ total: number }>(db, {
      viewerId,
      scope: 'community',
      where,
      columns: [sql`count(*) OVER ()::int AS total`],
      limit: 1,
    });
    total = first[0]?.total ?? 0;
  }
  const items = postItems(rows, viewerId).map(({ item }) => item);
  return { items, total, nextOffset: nextOffset(options.offset, options.limit, rows.length, total), people: found };
}

/** Profile service types the filter accepts: 'digital' and 'physical' include 'both'. */
function serviceTypes(serviceType: Exclude<SearchOptions['serviceType'], 'all'>): SQL {
  return serviceType === 'both' ? sql`'both'` : sql`${serviceType}, 'both'`;
}

/** Ids of a category and everything under it (the taxonomy has three levels). */
function categorySubtree(categoryId: number): SQL {
  return sql`SELECT c.id FROM skill_categories c
    LEFT JOIN skill_categories c1 ON c1.id = c.parent_id
    WHERE c.id = ${categoryId} OR c1.id = ${categoryId} OR c1.parent_id = ${categoryId}`;
}

interface PersonRow {
  id: string;
  display_name: string;
  photo_id: string | null;
  category_name: string | null;
}

/**
 * Members found by display name for the 'People' group: each typed word as a prefix of a word
 * of the name (the name's full-text vector, an expression GIN index), or the
 * whole text anywhere in the name (3+ characters), case-insensitive. Never the viewer, and a
 * member with Profile Visibility off only for their connections, and never a member blocked
 * either way (the rules posts follow).
 * The Service Type and Skill Category filters apply to the member's profile. Names that start
 * with the text come first.
 */
export async function searchPeople(db: Database, viewerId: string, options: Omit<SearchOptions, 'limit' | 'offset'>): Promise<PostAuthor[]> {
  const words = searchWords(options.q);
  if (words.length === 0) return [];
  const tsquery = sql`to_tsquery('english', ${words.map((w) => `${w}:*`).join(' & ')})`;
  // The name's words (profiles_name_vector_idx): search_vector's weight A, without the skills.
  const name = nameVector(sql`pr.display_name`);
  const { phrase, pattern } = substringPattern(options.q);
  // A text of stop words only ('the') is an empty query: it matches nothing (numnode = 0).
  const matches = [sql`(numnode(${tsquery}) > 0 AND ${name} @@ ${tsquery})`];
  if (phrase.length >= 3) matches.push(sql`pr.display_name ILIKE ${pattern}`);
  const where = [
    sql`pr.display_name IS NOT NULL`,
    sql`pr.id <> ${viewerId}`,
    sql`(${sql.join(matches, sql` OR `)})`,
    authorVisibleTo(viewerId, sql`pr.id`),
    notBlockedWith(viewerId, sql`pr.id`),
  ];
  if (options.serviceType !== 'all') where.push(sql`pr.service_type IN (${serviceTypes(options.serviceType)})`);
  if (options.categoryId !== undefined) where.push(sql`pr.primary_category_id IN (${categorySubtree(options.categoryId)})`);
  const rows = await queryRows<PersonRow>(
    db,
    sql`SELECT pr.id, pr.display_name, pr.photo_id::text AS photo_id,
          (SELECT c.name FROM skill_categories c WHERE c.id = pr.primary_category_id) AS category_name
        FROM profiles pr
        WHERE ${sql.join(where, sql` AND `)}
        ORDER BY (pr.display_name ILIKE ${`${escapeLike(phrase)}%`}) DESC,
          CASE WHEN numnode(${tsquery}) > 0 THEN ts_rank(${name}, ${tsquery}) ELSE 0 END DESC,
          lower(pr.display_name), pr.id
        LIMIT ${sql.raw(String(SEARCH_PEOPLE_MAX))}`,
    // Named: its text changes only with the filters (the words are one value), and planning it
    // cost PGlite more than running it (6.7 of 12.7 ms for 'excel').
    'search_people',
    {},
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.display_name.trim() || 'User',
    avatarUrl: photoUrl(row.photo_id),
    skill: row.category_name ?? 'General',
  }));
}
