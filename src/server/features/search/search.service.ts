import { sql, type SQL } from 'drizzle-orm';
import type { SearchResponse } from '../../../shared/schemas/posts.js';
import type { Database } from '../../db/client.js';
import { barePostsQuery, isAppPage, nextOffset, postItems, selectBarePosts, selectPosts } from '../posts/post-query.js';
import { searchWords, textFilterFor } from '../posts/post-text-filter.js';
import { categorySubtree, serviceTypes } from './search-filters.js';
import { hitsQuery, type SearchHits } from './search-hits.js';
import { searchPeople, type PeopleQuery, type SearchPeople } from './search-people.js';

export interface SearchOptions extends PeopleQuery {
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
export async function searchPosts(
  db: Database,
  viewerId: string,
  options: SearchOptions,
  { searchHits, people: keptPeople }: { searchHits?: SearchHits; people?: SearchPeople } = {},
): Promise<SearchResponse> {
  const filters: SQL[] = [];
  if (options.serviceType !== 'all') {
    filters.push(sql`p.user_id IN (SELECT sp.id FROM profiles sp WHERE sp.service_type IN (${serviceTypes(options.serviceType)}))`);
  }
  if (options.categoryId !== undefined) {
    const subtree = categorySubtree(options.categoryId);
    filters.push(sql`(p.category_id IN (${subtree})
      OR (p.category_id IS NULL AND p.user_id IN (SELECT cp.id FROM profiles cp WHERE cp.primary_category_id IN (${subtree}))))`);
  }
  // The 'People' group comes with the first page only.
  const people = async () => (options.offset > 0 ? [] : keptPeople ? keptPeople.people(viewerId, options) : searchPeople(db, viewerId, options));
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
  const split = filter?.split;
  const ranked = barePostsQuery({
    viewerId,
    scope: 'community',
    where: split ? [split.ranked, ...filters] : where,
    atRankZero: split ? [split.atRankZero, ...filters] : undefined,
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

