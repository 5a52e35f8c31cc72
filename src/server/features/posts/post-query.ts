import { sql, type SQL } from 'drizzle-orm';
import { arrayLiteral } from '../../db/sql-arrays.js';
import { splitCustomTags } from '../../../shared/domain/post-tags.js';
import { responseSignalText, type ResponseCounts } from '../../../shared/domain/response-signal.js';
import { POST_LIMITS, type ExchangeStatus, type PostItem, type PostStatus } from '../../../shared/schemas/posts.js';
import { queryRows, type Database, type ManyRows } from '../../db/client.js';
import { notBlockedWith } from '../blocks/blocks.service.js';
import { categoryNames } from '../categories/categories.service.js';
import { responseCounts } from '../profiles/response-signal.js';
import { PostCards, type PostCard } from './post-cards.js';
import { connectionsOf, ViewerStates } from './viewer-states.js';

/**
 * The one viewer-aware query for lists of posts (architecture.md: "every list of posts goes
 * through one viewer-aware query builder"). Feed, search, matching, My Posts and the request
 * check all read posts through `selectPosts`, so the rules live here once:
 * - 'community' scope: only active posts, never the viewer's own, never posts of a member
 *   whose Profile Visibility is off unless the viewer is one of their connections, and never
 *   posts of a member the viewer blocked or who blocked the viewer;
 * - 'own' scope: the viewer's posts in every status.
 * SQL aliases available to callers' fragments: p (posts), pr (author profile). Category names
 * are not read in the statement at all (`categoryNames`): as joins, planning them next to the
 * visibility subqueries cost PGlite more than running the query (9 of 30 ms for a page of 50);
 * as scalar subqueries, they were half of PostgreSQL's time on a page.
 */
export type PostScope = 'community' | 'own';

export interface PostQuery {
  viewerId: string;
  scope: PostScope;
  /** Common table expressions, without the WITH keyword (e.g. `cand AS (...)`). */
  with?: SQL;
  /** Further conditions, ANDed. */
  where?: SQL[];
  /** Further select-list items, each `expr AS name`. */
  columns?: SQL[];
  /** Default: newest first. */
  orderBy?: SQL;
  limit: number;
  offset?: number;
  /** Adds `total`: the number of rows before limit and offset. */
  withTotal?: boolean;
  /**
   * Adds the authors' response signals (the `signal_*` columns; never the viewer's: own posts
   * show their requests instead), read in the same statement; `postItems` turns them into items.
   */
  withSignals?: boolean;
  /**
   * Names the statement for reuse (`queryRows`), its LIMIT and OFFSET in the text: a hot read of
   * few shapes (limits and offsets count). On a bare read run inside another statement (a CTE),
   * only the LIMIT and OFFSET, for the named statement that holds it.
   */
  prepareAs?: string;
}

/** A lean read of the same posts: only alias p, the id, author, created_at and the caller's columns. */
export interface BarePostQuery extends Omit<PostQuery, 'withTotal' | 'orderBy'> {
  /**
   * Default: newest first. Not with `rankedBy`. null: in no order, for a caller that orders the
   * rows itself and whose limit never cuts them (matching's candidates).
   */
  orderBy?: SQL | null;
  /**
   * Orders by this relevance (best first, then newest) instead, worked out once per post as the
   * posts are read, so that a window count and the sort carry a number rather than the text it
   * was computed from (search's ranked read: 22 -> 11 ms at 4,600 hits). The caller's columns
   * then see only p.id, p.user_id, p.created_at and p.rank.
   */
  rankedBy?: SQL;
  /**
   * With `rankedBy`: the conditions (beside the scope) of further posts, all of rank 0, read from
   * their index without being ranked (`rankedPosts`); those `where` selects stay ranked.
   */
  atRankZero?: SQL[];
}

/** The columns every bare read selects. */
export interface BarePostRow {
  id: string;
  user_id: string;
  created_at: Date | string;
}

/** The columns every post list selects (snake_case, as the database returns them). */
export interface PostRow {
  id: string;
  user_id: string;
  title: string;
  description: string;
  offering: string;
  looking_for: string;
  additional_context: string | null;
  custom_tags: string[];
  category_id: number | null;
  /** Named after the statement, from `categoryNames` (as author_category_name). */
  category_name: string | null;
  available_from: string | null;
  available_until: string | null;
  preferred_days: string | null;
  preferred_times: string | null;
  availability_description: string | null;
  status: PostStatus;
  /** ISO 8601 in UTC with milliseconds, as the API writes times. */
  created_at: string;
  updated_at: string;
  author_name: string | null;
  author_photo_id: string | null;
  author_category_id: number | null;
  author_category_name: string | null;
  exchange_status: ExchangeStatus | null;
  /** Pending requests on the post: own posts only ('own' scope), else null. */
  pending_request_count: number | null;
  total?: number;
  /** The author's response signal (`withSignals`): null when they had no request in the window. */
  signal_received?: number | null;
  signal_responded?: number | null;
  signal_median_seconds?: number | string | null;
}

/**
 * True when the author's profile and posts are visible to the viewer: the author is the viewer,
 * has Profile Visibility on (a missing settings row means on), or is a connection of the viewer
 * (an accepted or completed exchange request between the two, either direction; a request's
 * post_author_id is its post's author, migration 0017).
 */
export function authorVisibleTo(viewerId: string, authorId: SQL): SQL {
  // The connections are the viewer's list (`connectionsOf`), worked out once per statement.
  return sql`(${authorId} = ${viewerId}
    OR NOT EXISTS (SELECT 1 FROM member_settings ms WHERE ms.user_id = ${authorId} AND ms.profile_visibility = false)
    OR ${authorId} IN (${connectionsOf(viewerId)}))`;
}

/** The scope's rules as one condition over alias p. */
export function scopeCondition(viewerId: string, scope: PostScope): SQL {
  if (scope === 'own') return sql`p.user_id = ${viewerId}`;
  return sql`p.status = 'active' AND p.user_id <> ${viewerId} AND ${authorVisibleTo(viewerId, sql`p.user_id`)}
    AND ${notBlockedWith(viewerId, sql`p.user_id`)}`;
}

/**
 * The viewer's most recent live request on the page's post: pending, accepted or completed (decisions.md:
 * 'Connected' stays while one exists; after a decline or a withdrawal the member may ask again).
 * A post has few requests, so the (post_id, status) index finds them; the viewer's are filtered.
 */
function exchangeStatusColumn(viewerId: string): SQL {
  return sql`(SELECT sr.status FROM exchange_requests sr
      WHERE sr.post_id = page.page_id AND sr.requester_id = ${viewerId} AND sr.status IN ('pending', 'accepted', 'completed')
      ORDER BY sr.created_at DESC LIMIT 1) AS exchange_status`;
}

/** How deep the pages named statements are made for go, in pages (`isAppPage`). */
const NAMED_PAGES = 20;

/**
 * Whether a page is one the web app asks for (its page size, from the start in whole pages, the
 * first 20): only those get named statements (`prepareAs`). A label names the first 16 statement
 * texts it meets, and other clients' odd limits and offsets would otherwise take them for good.
 */
export function isAppPage(limit: number, offset = 0): boolean {
  return limit === POST_LIMITS.listLimitMax && offset % limit === 0 && offset < NAMED_PAGES * limit;
}

/**
 * The page's LIMIT and OFFSET: parameters, or in the text of a named statement. As parameters
 * they make PostgreSQL price a generic plan for a tenth of the table, so it planned the feed's
 * page again on every run (as dear as running it); in the text it keeps one plan per connection
 * (bench/RESULTS.md). Each limit and offset is a shape of its own (`queryRows` names 16).
 */
function limitOffset(q: Pick<PostQuery, 'limit' | 'offset' | 'prepareAs'>): SQL {
  const offset = q.offset ?? 0;
  if (!q.prepareAs) return sql`LIMIT ${q.limit} OFFSET ${offset}`;
  if (!Number.isSafeInteger(q.limit) || !Number.isSafeInteger(offset) || q.limit < 0 || offset < 0) {
    throw new Error(`LIMIT ${q.limit} OFFSET ${offset}: not a page`);
  }
  return sql.raw(`LIMIT ${q.limit} OFFSET ${offset}`);
}

/** The viewer's own state of each listed post, and the page's own columns (`selectPosts`). */
interface ListedRow {
  id: string;
  exchange_status: ExchangeStatus | null;
  pending_request_count: number | null;
}

const LISTED_OWN: Record<keyof ListedRow, true> = { id: true, exchange_status: true, pending_request_count: true };

/** A listed post's row: its card and the viewer's state of it, every column named (one object shape). */
function cardRow(card: PostCard, exchangeStatus: ExchangeStatus | null, pendingRequestCount: number | null): PostRow {
  return {
    id: card.id,
    user_id: card.user_id,
    title: card.title,
    description: card.description,
    offering: card.offering,
    looking_for: card.looking_for,
    additional_context: card.additional_context,
    custom_tags: card.custom_tags,
    category_id: card.category_id,
    category_name: null,
    available_from: card.available_from,
    available_until: card.available_until,
    preferred_days: card.preferred_days,
    preferred_times: card.preferred_times,
    availability_description: card.availability_description,
    status: card.status,
    created_at: card.created_at,
    updated_at: card.updated_at,
    author_name: card.author_name,
    author_photo_id: card.author_photo_id,
    author_category_id: card.author_category_id,
    author_category_name: null,
    exchange_status: exchangeStatus,
    pending_request_count: pendingRequestCount,
    signal_received: null,
    signal_responded: null,
    signal_median_seconds: null,
  };
}

/**
 * Runs a post list query for the viewer; see `PostQuery`. One lean statement chooses the page
 * from the posts alone (filter, order, offset, the caller's columns), numbered in its order, with
 * the viewer's exchange status of each (and on own posts their pending requests); what the cards
 * show of each post and its author comes from `PostCards` (kept between requests, read for those
 * missing), as do the authors' response signals. Category names are the categories' copy's.
 * Reading the cards' columns in every page statement was most of its cost, and the per-row
 * lookups ran for every row the offset skipped too (bench/RESULTS.md).
 */
export async function selectPosts<Extra extends object = Record<never, never>>(
  db: Database,
  q: PostQuery,
): Promise<(PostRow & Extra)[]> {
  const conditions = [scopeCondition(q.viewerId, q.scope), ...(q.where ?? [])];
  const order = q.orderBy ?? sql`p.created_at DESC, p.id DESC`;
  const extra = [...(q.withTotal ? [sql`count(*) OVER ()::int AS total`] : []), ...(q.columns ?? [])];
  const page = sql`SELECT p.id AS page_id, row_number() OVER (ORDER BY ${order}) AS page_ord
      ${extra.length > 0 ? sql`, ${sql.join(extra, sql`, `)}` : sql``}
    FROM posts p
    WHERE ${sql.join(conditions, sql` AND `)}
    ORDER BY ${order}
    ${limitOffset(q)}`;
  const listing = sql`SELECT page.page_id AS id, ${exchangeStatusColumn(q.viewerId)},
      ${
        q.scope === 'own'
          ? sql`(SELECT count(*)::int FROM exchange_requests pq WHERE pq.post_id = page.page_id AND pq.status = 'pending')`
          : sql`NULL::int`
      } AS pending_request_count,
      page.*
    FROM (${page}) AS page
    ORDER BY page.page_ord`;
  const listed = await queryRows<ListedRow & Extra>(db, q.with ? sql`WITH ${q.with} ${listing}` : listing, q.prepareAs, { orderBy: 'page_ord' });
  if (listed.length === 0) return [];
  const cards = await PostCards.of(db).cards(listed.map((row) => row.id));
  // The caller's columns (and total, page_id, page_ord) are copied by name: spreading rows and
  // cards into one object cost more server time than the statement saved (~1 ms a page).
  const extras = Object.keys(listed[0] ?? {}).filter((key) => !(key in LISTED_OWN));
  const rows = listed.flatMap((listing) => {
    const card = cards.get(listing.id);
    // A post deleted between the two reads is left out.
    if (!card) return [];
    const row = cardRow(card, listing.exchange_status, listing.pending_request_count) as PostRow & Extra;
    for (const key of extras) (row as Record<string, unknown>)[key] = (listing as Record<string, unknown>)[key];
    return [row];
  });
  return finishRows(db, q.viewerId, rows, q.withSignals ?? false);
}

/**
 * The posts `ids` (in that order) as `selectPosts` lists them in the community scope with signals,
 * for pages whose posts are already chosen (search and filtered feed pages of the kept hits,
 * match winners). While the viewer states and the cards are kept current by the notifications
 * (`ViewerStates`, `PostCards`), no statement: each post's card says whether it is still active
 * and whose it is, the viewer's state whether its author is hidden from them and the viewer's
 * exchange status of it. Otherwise one statement checks the rules on each row (`prepareAs` names it).
 */
export async function selectPostsById(db: Database, viewerId: string, ids: readonly string[], prepareAs?: string): Promise<PostRow[]> {
  if (ids.length === 0) return [];
  const states = ViewerStates.of(db);
  const postCards = PostCards.of(db);
  if (!states.kept || !postCards.kept) {
    const rows = await selectPosts(db, {
      viewerId,
      scope: 'community',
      // The ids as one array value: one statement text for any page, parsed and planned once per
      // connection (PGlite too: `queryRows`). The ids bound the rows; the limit only caps them,
      // in steps, so it adds few shapes.
      where: [sql`p.id = ANY(${arrayLiteral(ids)}::uuid[])`],
      limit: Math.ceil(ids.length / 50) * 50,
      withSignals: true,
      prepareAs,
    });
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }
  const [state, cards] = await Promise.all([states.of(viewerId), postCards.cards(ids)]);
  const rows = ids.flatMap((id) => {
    const card = cards.get(id);
    if (!card || card.status !== 'active' || state.hidden.has(card.user_id)) return [];
    return [cardRow(card, state.exchangeStatuses.get(id) ?? null, null)];
  });
  return finishRows(db, viewerId, rows, true);
}

/** A post the viewer has just created, as their own lists show it (no requests yet), from its card. */
export async function newOwnPostRow(db: Database, card: PostCard): Promise<PostRow> {
  const [row] = await withCategoryNames(db, [cardRow(card, null, 0)]);
  if (!row) throw new Error('no row for a new post');
  return row;
}

/** The rows' authors' response signals (`withSignals`; never the viewer's) and category names, in place. */
async function finishRows<Row extends PostRow>(db: Database, viewerId: string, rows: Row[], withSignals: boolean): Promise<Row[]> {
  if (withSignals) {
    const signals = await PostCards.of(db).signals(rows.flatMap((row) => (row.user_id === viewerId ? [] : [row.user_id])));
    for (const row of rows) {
      const signal = signals.get(row.user_id) ?? null;
      row.signal_received = signal?.received ?? null;
      row.signal_responded = signal?.responded ?? null;
      row.signal_median_seconds = signal?.median_seconds ?? null;
    }
  }
  return withCategoryNames(db, rows);
}

/**
 * Names the rows' categories and their authors' primary categories from the categories' copy, in
 * place (the statement reads the name columns as nulls, so every row already has its final shape).
 */
async function withCategoryNames<Row extends PostRow>(db: Database, rows: Row[]): Promise<Row[]> {
  if (rows.length === 0) return rows;
  const names = await categoryNames(db, rows.flatMap((row) => [row.category_id, row.author_category_id]));
  const name = (id: number | null) => (id === null ? null : (names.get(Number(id)) ?? null));
  for (const row of rows) {
    row.category_name = name(row.category_id);
    row.author_category_name = name(row.author_category_id);
  }
  return rows;
}

/**
 * The same rules as `selectPosts`, for reads that need only a few columns of many posts
 * (matching scores a few hundred candidates, then loads full items for the top few). Its rows
 * are the statement's, in no promised order (on PGlite they come as one JSON array, `ManyRows`):
 * matching sorts them by score, search reads a count.
 */
export async function selectBarePosts<Extra extends object>(db: Database, q: BarePostQuery, many: ManyRows = {}): Promise<(BarePostRow & Extra)[]> {
  return queryRows<BarePostRow & Extra>(db, barePostsQuery(q), undefined, many);
}

/** The statement `selectBarePosts` runs, to read it inside another (a CTE). */
export function barePostsQuery(q: BarePostQuery): SQL {
  const scope = scopeCondition(q.viewerId, q.scope);
  const conditions = sql.join([scope, ...(q.where ?? [])], sql` AND `);
  const source = q.rankedBy
    ? rankedPosts(q.rankedBy, conditions, q.atRankZero && sql.join([scope, ...q.atRankZero], sql` AND `))
    : sql`posts p WHERE ${conditions}`;
  const order = q.rankedBy ? sql`p.rank DESC, p.created_at DESC, p.id DESC` : q.orderBy === undefined ? sql`p.created_at DESC, p.id DESC` : q.orderBy;
  return sql`${q.with ? sql`WITH ${q.with} ` : sql``}SELECT p.id, p.user_id, p.created_at
      ${(q.columns ?? []).length > 0 ? sql`, ${sql.join(q.columns ?? [], sql`, `)}` : sql``}
    FROM ${source}
    ${order ? sql`ORDER BY ${order}` : sql``}
    ${limitOffset(q)}`;
}

/**
 * A ranked read's rows, as alias p (id, user_id, created_at, rank): the posts meeting
 * `conditions`, each ranked by `rank`, and, when given, those meeting `atRankZero` that are not
 * among them, at rank 0 and read from an index alone (posts_author_category_active_idx for a
 * search's author-skill hits: 4,195 of 'garden''s 4,602 hits at the 50k-post community, each a
 * heap page visited when they were ranked; bench/RESULTS.md).
 */
export function rankedPosts(rank: SQL, conditions: SQL, atRankZero?: SQL): SQL {
  // OFFSET 0 keeps PostgreSQL from folding the ranked read into the outer query (which would
  // work out the rank above the window count, carrying every row's text up to it).
  if (!atRankZero) return sql`(SELECT p.id, p.user_id, p.created_at, ${rank} AS rank FROM posts p WHERE ${conditions} OFFSET 0) AS p`;
  return sql`(WITH ranked_posts AS MATERIALIZED (SELECT p.id, p.user_id, p.created_at, ${rank} AS rank FROM posts p WHERE ${conditions})
      SELECT rp.id, rp.user_id, rp.created_at, rp.rank FROM ranked_posts rp
      UNION ALL SELECT p.id, p.user_id, p.created_at, 0 FROM posts p
        WHERE ${atRankZero} AND p.id NOT IN (SELECT rp.id FROM ranked_posts rp)) AS p`;
}

/** A timestamp as either driver returns it. */
export function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

/** The photo URL the photos route serves, or null for the placeholder. */
export const photoUrl = (photoId: string | null) => (photoId ? `/api/photos/${photoId}` : null);

/** A row as the API returns it, with the spec's author fallbacks ('User', category, 'General'). */
export function toPostItem(row: PostRow, viewerId: string, authorResponse: ResponseCounts | null = null): PostItem {
  const { keywords, format } = splitCustomTags(row.custom_tags);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    offering: row.offering,
    lookingFor: row.looking_for,
    additionalContext: row.additional_context,
    keywords,
    format,
    customTags: row.custom_tags,
    categoryId: row.category_id,
    categoryName: row.category_name,
    availableFrom: row.available_from,
    availableUntil: row.available_until,
    preferredDays: row.preferred_days,
    preferredTimes: row.preferred_times,
    availabilityDescription: row.availability_description,
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    author: {
      id: row.user_id,
      name: row.author_name?.trim() || 'User',
      avatarUrl: photoUrl(row.author_photo_id),
      skill: row.author_category_name ?? row.category_name ?? 'General',
    },
    isOwn: row.user_id === viewerId,
    exchangeStatus: row.exchange_status ?? null,
    pendingRequestCount: row.pending_request_count === null ? null : Number(row.pending_request_count),
    authorResponse: row.user_id === viewerId ? null : responseSignalText(authorResponse),
  };
}

/** Rows read `withSignals` as API items, each with its author's response signal. */
export function postItems<Row extends PostRow>(rows: readonly Row[], viewerId: string): { row: Row; item: PostItem }[] {
  return rows.map((row) => ({
    row,
    item: toPostItem(
      row,
      viewerId,
      row.signal_received === null || row.signal_received === undefined
        ? null
        : responseCounts({ received: row.signal_received, responded: row.signal_responded ?? 0, median_seconds: row.signal_median_seconds ?? null }),
    ),
  }));
}

/** The next page's offset, or null when this page was the last. */
export function nextOffset(offset: number, limit: number, received: number, total?: number): number | null {
  const next = offset + received;
  if (received < limit) return null;
  if (total !== undefined && next >= total) return null;
  return next;
}
