import { sql } from 'drizzle-orm';
import { ZERO_BREAKDOWN } from '../../../shared/domain/match-score.js';
import type { FeedResponse } from '../../../shared/schemas/matching.js';
import type { Database } from '../../db/client.js';
import { findMatches, isMatchingEnabled } from '../matching/matching.service.js';
import { matchingEnabledColumn } from './viewer-states.js';
import { isAppPage, nextOffset, postItems, selectPosts, type PostRow } from './post-query.js';
import type { MatchRankings } from '../matching/match-rankings.js';
import { hitsQuery, type SearchHits } from '../search/search-hits.js';
import { textFilterFor } from './post-text-filter.js';

export interface FeedOptions {
  mode: 'recent' | 'compatibility';
  postId?: string | undefined;
  q?: string | undefined;
  limit: number;
  offset: number;
}

/** Compatibility pages reach at most this deep into the ranked list. */
const COMPATIBILITY_DEPTH = 200;

/**
 * The /home community feed, always without the viewer's own posts (the client lists those
 * first from /api/posts/mine). Recent: newest active posts, score 0 and a zero breakdown.
 * Compatibility: the matching engine's ranking, in general or for one own post.
 */
export async function feed(
  db: Database,
  viewerId: string,
  options: FeedOptions,
  { searchHits, matchRankings }: { searchHits?: SearchHits; matchRankings?: MatchRankings } = {},
): Promise<FeedResponse> {
  const { filter } = await textFilterFor(db, options.q);
  if (options.mode === 'compatibility') {
    const depth = Math.min(options.offset + options.limit, COMPATIBILITY_DEPTH);
    const result = await findMatches(
      db,
      viewerId,
      { postId: options.postId, limit: depth, where: filter ? [filter.condition] : [] },
      matchRankings,
    );
    const items = result.items.slice(options.offset, depth);
    const end = options.offset + items.length;
    return {
      items,
      nextOffset: items.length === options.limit && end < Math.min(result.total, COMPATIBILITY_DEPTH) ? end : null,
      matchingEnabled: result.matchingEnabled,
    };
  }
  // Filtered by text: the page of the search's hits (`SearchHits`), newest first; without text,
  // of the newest posts kept the same way (unless the page reaches past them); the viewer's
  // matching switch from their kept state. Else one statement: the page, its authors' response
  // signals and the viewer's matching switch.
  const named = isAppPage(options.limit, options.offset);
  const page = { limit: options.limit, offset: options.offset };
  const hits = filter && searchHits?.enabled ? await searchHits.hits(hitsQuery(options.q, filter)) : null;
  const kept =
    hits && searchHits
      ? (await searchHits.page(viewerId, hits, 'newest', { ...page, prepareAs: named ? 'feed_hits_page' : undefined })).rows
      : !filter && searchHits?.enabled
        ? await searchHits.newestPage(viewerId, { ...page, prepareAs: named ? 'feed_newest_page' : undefined })
        : null;
  let rows: PostRow[];
  let matchingEnabled: boolean;
  if (kept) {
    rows = kept;
    matchingEnabled = await isMatchingEnabled(db, viewerId);
  } else {
    const read = await selectPosts<{ matching_enabled: boolean }>(db, {
      viewerId,
      scope: 'community',
      where: filter ? [filter.condition] : [],
      columns: [sql`${matchingEnabledColumn(viewerId)} AS matching_enabled`],
      ...page,
      withSignals: true,
      // Named without text only (a text filter's best plan depends on the text), for the app's pages.
      prepareAs: filter || !named ? undefined : 'feed_page',
    });
    rows = read;
    matchingEnabled = read[0] ? read[0].matching_enabled : await isMatchingEnabled(db, viewerId);
  }
  return {
    // The item gets its match in place: a spread copy of every item cost 5 % of a page's CPU.
    items: postItems(rows, viewerId).map(({ item }) =>
      Object.assign(item, { match: { score: 0, breakdown: { ...ZERO_BREAKDOWN }, reasons: [] } }),
    ),
    nextOffset: nextOffset(options.offset, options.limit, rows.length),
    matchingEnabled,
  };
}
