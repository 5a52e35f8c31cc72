import { sql, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { queryRows, type Database } from '../../db/client.js';
import { KeptPostLists, postsById, sortedPlace } from '../posts/kept-post-lists.js';
import { ViewerStates, type AuthorsHidden } from '../posts/viewer-states.js';
import { rankedPosts, selectPostsById, type PostRow } from '../posts/post-query.js';
import { substringPattern, type TextFilter } from '../posts/post-text-filter.js';

/** One active post a text search found: what ordering and the viewer's rules need. */
export interface Hit {
  id: string;
  userId: string;
  /** The search's relevance (`TextFilter.rank`). */
  rank: number;
  /** created_at in UTC to the microsecond, 'YYYY-MM-DD HH24:MI:SS.US': ordered as text. */
  createdAt: string;
}

/** A text search's hits, best first (rank, then newest, then id, as search orders its page). */
export interface Hits {
  readonly best: readonly Hit[];
  /** The same hits newest first (the feed's filtered page). */
  newest(): readonly Hit[];
  /** How many of the hits are the member's posts. */
  postsBy(userId: string): number;
  /** How many of the hits are these members' posts (kept for the last set asked about). */
  postsByAll(members: ReadonlySet<string>): number;
}

/** What the hits of one search are: its conditions over alias p and its rank (never the viewer). */
export interface HitsQuery {
  /** Names the search: its text as typed and its filters. */
  key: string;
  where: SQL[];
  rank: SQL;
  /** `rank` for a few rows (`TextFilter.rowRank`). */
  rowRank: SQL;
  /** `where` split for a read of every hit (`TextFilter.split`). */
  split?: { ranked: SQL[]; atRankZero: SQL[] };
}

/** Notifications after which no cached hits can be trusted: posts edited or gone, authors' filters, category names. */
const HITS_CHANGED: ReadonlySet<string> = new Set(['posts', 'profiles', 'skill_categories', 'users']);
/** A safety net: hits are kept up to date by notifications, this bounds a missed one. */
export const SEARCH_HITS_TTL_MS = 300_000;
/**
 * A search finding more posts than this ('a', 'help') is not shared: its list would be most of
 * the community, read again after every emptying. Such searches rank their hits in the database
 * as before (`hits()` answers null), and the text is remembered as broad for a while.
 */
export const MAX_SHARED_HITS = 20_000;

class Entry implements Hits {
  private byCreation: Hit[] | undefined;
  /** `postsByAll`'s last answer: every viewer's page asks it of the community's hidden members. */
  private byMembers: { members: ReadonlySet<string>; count: number } | undefined;
  readonly ids: Set<string>;
  private readonly byAuthor = new Map<string, number>();

  constructor(
    readonly query: HitsQuery,
    readonly best: Hit[],
    /** True when the search finds more posts than were read (the newest posts: `NEWEST_KEPT`). */
    readonly capped = false,
  ) {
    this.ids = new Set(best.map((hit) => hit.id));
    for (const hit of best) this.countIn(hit);
  }

  postsBy(userId: string): number {
    return this.byAuthor.get(userId) ?? 0;
  }

  postsByAll(members: ReadonlySet<string>): number {
    if (this.byMembers?.members !== members) {
      let count = 0;
      for (const userId of members) count += this.postsBy(userId);
      this.byMembers = { members, count };
    }
    return this.byMembers.count;
  }

  private countIn(hit: Hit): void {
    this.byAuthor.set(hit.userId, this.postsBy(hit.userId) + 1);
    if (this.byMembers?.members.has(hit.userId)) this.byMembers.count += 1;
  }

  newest(): readonly Hit[] {
    this.byCreation ??= [...this.best].sort(newestFirst);
    return this.byCreation;
  }

  /** Takes in a post the search finds, in its place; false when it was there already. */
  add(hit: Hit): boolean {
    if (this.ids.has(hit.id)) return false;
    this.ids.add(hit.id);
    this.best.splice(sortedPlace(this.best, hit, bestFirst), 0, hit);
    this.countIn(hit);
    // In its place in the newest-first order too: sorting thousands of hits again for the next
    // filtered feed page after every new post was ~1 % of the mixed load's server time.
    this.byCreation?.splice(sortedPlace(this.byCreation, hit, newestFirst), 0, hit);
    return true;
  }
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** rank DESC, created_at DESC, id DESC (search's ORDER BY). */
export function bestFirst(a: Hit, b: Hit): number {
  return b.rank - a.rank || compareText(b.createdAt, a.createdAt) || compareText(b.id, a.id);
}

/** created_at DESC, id DESC (the feed's ORDER BY). */
function newestFirst(a: Hit, b: Hit): number {
  return compareText(b.createdAt, a.createdAt) || compareText(b.id, a.id);
}

/** The ids of a page of `list` (offset and limit counted in what the viewer may see). */
function pageOf(list: readonly Hit[], hidden: AuthorsHidden, { offset, limit }: { offset: number; limit: number }): string[] {
  const page: string[] = [];
  let skip = offset;
  for (const hit of list) {
    if (page.length === limit) break;
    if (hidden.has(hit.userId)) continue;
    if (skip > 0) skip -= 1;
    else page.push(hit.id);
  }
  return page;
}

/**
 * How many of the newest active posts the feed's pages without text are made from (20 pages of
 * 50, less the viewer's hidden authors' posts); pages past them are read in the database.
 */
export const NEWEST_KEPT = 1_000;
/** The newest posts as a search's hits: every active post (rank 0), kept under a key no search has. */
const NEWEST_QUERY: HitsQuery = { key: ' newest', where: [sql`true`], rank: sql`0`, rowRank: sql`0` };

interface HitRow {
  id: string;
  user_id: string;
  created: string;
  rank: number | string;
}

const hitColumns = (rank: SQL) =>
  sql`p.id, p.user_id, to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') AS created, (${rank})::float8 AS rank`;

const toHit = (row: HitRow): Hit => ({ id: row.id, userId: row.user_id, rank: Number(row.rank), createdAt: row.created });

/**
 * Which active posts each recent text search found, for every viewer: ranking every hit was most
 * of a search's database time (bench/RESULTS.md), and a community asks for the same few words
 * again and again. The viewer's own rules (their own posts, hidden and blocked authors) are
 * applied to the hits per request (`page`), so one list serves everyone.
 * Kept current by the database's notifications through the hub: a new post is taken into every
 * list whose search finds it (one statement for all of them), anything else that could change a
 * hit (an edit, a status, a deletion, an author's profile, a category) empties the cache, as does
 * a gap in the notifications. A list read while the cache was emptied is handed to its requests
 * but not kept; posts added while a list was read are taken into it afterwards (under load a
 * read can take longer than the community takes to post). `maxHits` 0 turns it off.
 */
export class SearchHits extends KeptPostLists<Entry, Entry | null> {
  /** Searches that found more than `maxEntryHits` posts lately. */
  private readonly broad = new LRUCache<string, true>({ max: 1_000, ttl: SEARCH_HITS_TTL_MS });
  private readonly maxEntryHits: number;

  constructor(
    private readonly db: Database,
    maxHits: number,
    ttlMs = SEARCH_HITS_TTL_MS,
  ) {
    super(
      maxHits > 0 ? new LRUCache<string, Entry>({ maxSize: maxHits, sizeCalculation: (entry) => entry.best.length + 1, ttl: ttlMs }) : undefined,
      HITS_CHANGED,
    );
    this.maxEntryHits = Math.min(MAX_SHARED_HITS, Math.floor(maxHits / 4));
  }

  /**
   * The search's hits, from the cache or read (requests missing together share one read); null
   * for a search that finds too many posts to share (`MAX_SHARED_HITS`).
   */
  async hits(query: HitsQuery): Promise<Hits | null> {
    if (this.broad.has(query.key)) {
      this.counts.lookups += 1;
      return null;
    }
    return this.lookup(query.key, async () => {
      const entry = await this.read(query);
      if (!entry) this.broad.set(query.key, true);
      return entry;
    });
  }

  /**
   * Runs each list's search over the added posts (one statement for all) and takes in what it
   * finds. The lists in the order of their keys, so the statement's text stays the same while
   * the lists do.
   */
  protected async takeIn(ids: string[], keys: string[]): Promise<void> {
    const entries = keys
      .sort()
      .flatMap((key) => this.entries?.peek(key) ?? []);
    if (ids.length === 0 || entries.length === 0) return;
    try {
      // The added posts are read first, by id, and every list's conditions then test those rows
      // only (tested inside each search's own read, PostgreSQL scanned the search's indexes:
      // ~200 ms a post under the mixed benchmark's load). Named: planning the statement for ten
      // lists cost ~6 ms a post, and its text stays the same while the lists do.
      const rows = await queryRows<HitRow & { entry: number }>(
        this.db,
        sql`WITH added AS MATERIALIZED (SELECT * FROM posts WHERE ${postsById(ids)} AND status = 'active')
          ${sql.join(
            entries.map(
              (entry, i) => sql`(SELECT ${i}::int AS entry, ${hitColumns(entry.query.rowRank)} FROM added p
                WHERE ${sql.join(entry.query.where, sql` AND `)})`,
            ),
            sql` UNION ALL `,
          )}`,
        'search_hits_take_in',
        // PGlite too: one named statement of one JSON value (`queryRows`), parsed and planned once.
        {},
      );
      for (const row of rows) {
        const entry = entries[Number(row.entry)];
        // A list dropped or read again meanwhile is left alone (a new read already has the post).
        if (entry && this.entries?.peek(entry.query.key) === entry && entry.add(toHit(row))) this.counts.takenIn += 1;
      }
    } catch {
      this.changed();
    }
  }

  /**
   * A page of the hits (best first, or newest first for the feed) as the viewer may see them
   * (`selectPosts`'s community rules: not their own, no hidden or blocked author), and how many
   * hits they may see. The viewer's hidden authors are one short list (`ViewerStates`, kept per
   * viewer): the total is the hits less those authors' posts (counted per author as hits
   * are kept), and the page is walked only as far as it reaches. Only the page's posts are then
   * listed (`selectPostsById`: from the kept cards and viewer state, or one statement checking
   * the rules again). (Sending every hit's id to the database instead cost more than ranking
   * them: ~6 ms to parse 3,500 ids.)
   */
  async page(viewerId: string, hits: Hits, order: 'best' | 'newest', options: HitsPageOptions): Promise<{ rows: PostRow[]; total: number }> {
    const { hidden } = await ViewerStates.of(this.db).of(viewerId);
    const list = order === 'best' ? hits.best : hits.newest();
    const total = list.length - hidden.postsIn(hits);
    return { rows: await selectPostsById(this.db, viewerId, pageOf(list, hidden, options), options.prepareAs), total };
  }

  /**
   * A page of the feed without text from the newest active posts, kept like a search's hits for
   * every viewer (the `NEWEST_KEPT` newest, and those added since), the viewer's rules applied as
   * on `page`; null when the page reaches past them (it is then read in the database).
   */
  async newestPage(viewerId: string, options: HitsPageOptions): Promise<PostRow[] | null> {
    const newest = await this.lookup(NEWEST_QUERY.key, () => this.readNewest());
    if (!newest) return null;
    const { hidden } = await ViewerStates.of(this.db).of(viewerId);
    // Every rank is 0: best first is newest first.
    const ids = pageOf(newest.best, hidden, options);
    if (ids.length < options.limit && newest.capped) return null;
    return selectPostsById(this.db, viewerId, ids, options.prepareAs);
  }

  /** The `NEWEST_KEPT` newest active posts (one more read to tell whether there are more). */
  private async readNewest(): Promise<Entry> {
    const rows = await queryRows<HitRow>(
      this.db,
      sql`SELECT ${hitColumns(NEWEST_QUERY.rank)} FROM posts p WHERE p.status = 'active'
        ORDER BY p.created_at DESC, p.id DESC LIMIT ${sql.raw(String(NEWEST_KEPT + 1))}`,
      'newest_posts',
      {},
    );
    return new Entry(NEWEST_QUERY, rows.slice(0, NEWEST_KEPT).map(toHit), rows.length > NEWEST_KEPT);
  }

  /** Every active post the search finds, best first; null past `maxEntryHits`. */
  private async read(query: HitsQuery): Promise<Entry | null> {
    const active = (conditions: SQL[]) => sql.join([sql`p.status = 'active'`, ...conditions], sql` AND `);
    const source = query.split
      ? rankedPosts(query.rank, active(query.split.ranked), active(query.split.atRankZero))
      : rankedPosts(query.rank, active(query.where));
    const rows = await queryRows<HitRow>(
      this.db,
      sql`SELECT ${hitColumns(sql`p.rank`)} FROM ${source} LIMIT ${this.maxEntryHits + 1}`,
      undefined,
      {},
    );
    if (rows.length > this.maxEntryHits) return null;
    return new Entry(query, rows.map(toHit).sort(bestFirst));
  }
}

export interface HitsPageOptions {
  limit: number;
  offset: number;
  /** The name of the page's statement, when it needs one (`selectPostsById`). */
  prepareAs?: string | undefined;
}

/** The hits query of what the member typed, with search's filters (none: the feed's). */
export function hitsQuery(
  q: string | undefined,
  filter: TextFilter,
  filters: { serviceType?: string; categoryId?: number | undefined; where?: SQL[] } = {},
): HitsQuery {
  return {
    key: JSON.stringify([substringPattern(q).phrase, filters.serviceType ?? 'all', filters.categoryId ?? null]),
    where: [filter.condition, ...(filters.where ?? [])],
    rank: filter.rank,
    rowRank: filter.rowRank,
    split: filter.split && {
      ranked: [filter.split.ranked, ...(filters.where ?? [])],
      atRankZero: [filter.split.atRankZero, ...(filters.where ?? [])],
    },
  };
}

