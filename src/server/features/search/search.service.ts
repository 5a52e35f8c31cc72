import { sql, type SQL } from 'drizzle-orm';
import type { SearchResponse } from '../../../shared/schemas/posts.js';
import type { Database } from '../../db/client.js';
import { nextOffset, selectBarePosts, selectPosts, toPostItem } from '../posts/post-query.js';
import { textFilter } from '../posts/post-text-filter.js';

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
export async function searchPosts(db: Database, viewerId: string, options: SearchOptions): Promise<SearchResponse> {
  const filter = textFilter(options.q);
  const where: SQL[] = [];
  if (filter) where.push(filter.condition);
  if (options.serviceType !== 'all') {
    const types = options.serviceType === 'both' ? sql`'both'` : sql`${options.serviceType}, 'both'`;
    where.push(sql`p.user_id IN (SELECT sp.id FROM profiles sp WHERE sp.service_type IN (${types}))`);
  }
  if (options.categoryId !== undefined) {
    const subtree = sql`SELECT c.id FROM skill_categories c
      LEFT JOIN skill_categories c1 ON c1.id = c.parent_id
      WHERE c.id = ${options.categoryId} OR c1.id = ${options.categoryId} OR c1.parent_id = ${options.categoryId}`;
    where.push(sql`(p.category_id IN (${subtree})
      OR (p.category_id IS NULL AND p.user_id IN (SELECT cp.id FROM profiles cp WHERE cp.primary_category_id IN (${subtree}))))`);
  }
  // Rank and count the matches from the posts alone, then load the page's items.
  const page = await selectBarePosts<{ total: number }>(db, {
    viewerId,
    scope: 'community',
    where,
    columns: [sql`count(*) OVER ()::int AS total`],
    orderBy: filter ? sql`${filter.rank} DESC, p.created_at DESC, p.id DESC` : undefined,
    limit: options.limit,
    offset: options.offset,
  });
  let total = page[0]?.total ?? 0;
  if (page.length === 0 && options.offset > 0) {
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
  const rows =
    page.length === 0
      ? []
      : await selectPosts(db, {
          viewerId,
          scope: 'community',
          where: [sql`p.id IN (${sql.join(page.map((r) => sql`${r.id}::uuid`), sql`, `)})`],
          limit: page.length,
        });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const items = page.flatMap((r) => {
    const row = byId.get(r.id);
    return row ? [toPostItem(row, viewerId)] : [];
  });
  return { items, total, nextOffset: nextOffset(options.offset, options.limit, page.length, total) };
}
