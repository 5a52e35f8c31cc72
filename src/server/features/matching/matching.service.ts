import { sql, type SQL } from 'drizzle-orm';
import { seekerTerms, type MatchSeeker } from '../../../shared/domain/match-score.js';
import { deriveTags, isPostFormat, POST_FORMATS, splitCustomTags } from '../../../shared/domain/post-tags.js';
import type { FeedItem } from '../../../shared/schemas/matching.js';
import { queryRows, type Database } from '../../db/client.js';
import { arrayLiteral, textArray } from '../../db/sql-arrays.js';
import { forbidden, notFound } from '../../errors.js';
import { blockedMemberIds } from '../blocks/blocks.service.js';
import { postItems, selectBarePosts, selectPostsById, toDate } from '../posts/post-query.js';
import { matchingEnabledColumn, ViewerStates } from '../posts/viewer-states.js';
import { membersOutOfMatching, sharesLocation, takesPartInMatching } from '../privacy/privacy-rules.js';
import { countScores, MAX_KEPT, rankingOf, scoresAtLeast, type MatchRankings, type RankedMatch, type Ranking, type RankingCandidate } from './match-rankings.js';

/**
 * The matching engine (architecture.md "Matching and search"). It never scores every post:
 * candidates come from indexes first, at most a few hundred:
 * - full-text: the seeker's looking-for and skill terms against posts' title, offering and tags
 *   (GIN on posts.search_vector, weights A-C), newest 200;
 * - tag overlap: keywords and looking-for tags against custom_tags (GIN) and post_tags, 50 each;
 * - near-words: looking-for terms as substrings of title and offering (GIN trgm), newest 50;
 * - the latitude/longitude box of three times the seeker's radius, newest 100: found by walking
 *   the newest posts (whose index carries the coordinates) while the box is dense, through the
 *   box's own index only when the newest few thousand hold too few of them;
 * - the newest 50 posts, so fresh posts always compete.
 * Then every candidate is scored with the shared `scoreMatch` and the top N returned.
 * Privacy (member settings): a viewer with AI Match Suggestions off gets no matches
 * (`matchingEnabled: false`); a member with it off is left out of everyone else's matches; an
 * author with Location Sharing off scores 'unknown' for location and never enters through the
 * location box (being picked for nearness alone would give their whereabouts away).
 * Terms on both sides are PostgreSQL english lexemes, so "what the post offers" (the lexemes of
 * its search_vector at weights A-C) is compared exactly as the full-text source selected it.
 * Only the scoring columns of candidates are read; full items are loaded for the winners.
 */

export interface MatchOptions {
  /** One of the viewer's own posts; omitted = general profile match. */
  postId?: string | undefined;
  limit: number;
  minScore?: number;
  /** Extra conditions on the scored posts, over alias p (the feed's text filter). */
  where?: SQL[];
  /**
   * A condition over bare `posts` columns that every candidate source and the scored set obey:
   * tests use it to match within their hand-built data inside a shared database.
   */
  within?: SQL;
  /** 'indexed' (the engine) or 'all' (score every visible post: tests and benchmarks only). */
  candidates?: 'indexed' | 'all';
  /** How many of the newest posts the location source walks (default BOX_WALK; tests only). */
  boxWalk?: number;
  now?: Date;
}

export interface MatchResult {
  items: FeedItem[];
  total: number;
  matchingEnabled: boolean;
}

const SOURCE_LIMITS = { fullText: 200, tags: 50, prefix: 50, box: 100, newest: 50 } as const;
/**
 * How many of the newest posts the location source walks for its box's newest few before it
 * reads the box's own index instead (see `candidateSources`).
 */
const BOX_WALK = 3_000;
const MAX_TERMS = 24;
/** How many of the member's newest active posts their general seeker is made of. */
const SEEKER_POSTS = 20;
const MAX_PREFIX_WORDS = 8;

/**
 * Lexemes too common in offers and requests to say anything ("help", "looking", "lessons"),
 * plus the format tags' words. Dropped from the seeker's terms before querying and scoring.
 */
export const FILLER_TERMS = new Set([
  'help', 'need', 'want', 'look', 'offer', 'love', 'happi', 'would', 'like', 'someon', 'anyon', 'anyth',
  'someth', 'thing', 'get', 'also', 'will', 'can', 'tri', 'interest', 'exchang', 'swap', 'trade', 'skill',
  'servic', 'lesson', 'class', 'session', 'tip', 'basic', 'general', 'good', 'great', 'new', 'person',
  'remot', 'hybrid', 'time', 'week', 'weekend', 'day', 'hour', 'month', 'year', 'etc', 'make', 'way',
  'first', 'start', 'small', 'big', 'work', 'provid', 'teach', 'learn', 'support', 'area',
  // Who a post is for and how it is run, not what skill it is (docs/decisions/003: on the demo
  // community these made most 'Similar expertise' matches).
  'beginn', 'famili', 'parent', 'kid', 'adult', 'student', 'senior', 'neighbour', 'neighbor', 'busi', 'friend',
  'friendli', 'patient', 'relax', 'practic', 'experi', 'enjoy', 'share', 'bring', 'tool', 'materi', 'best',
  'done', 'still', 'pace', 'go', 'project', 'hobbi', 'final', 'summer',
]);

interface SeekerContext {
  seeker: MatchSeeker;
  /** `seekerTerms(seeker)`: what the full-text source and the offered-terms column read. */
  terms: string[];
  /** Raw keywords and looking-for tags, for custom_tags / post_tags overlap. */
  tags: string[];
}

interface ViewerRow {
  skill_keywords: string[] | null;
  latitude: number | null;
  longitude: number | null;
  service_radius_miles: number | null;
  location_sharing: boolean;
  ai_match_suggestions: boolean;
  /** The posts the seeker's terms come from (see `seekerContext`), newest first. */
  source_posts: SourcePost[];
  /** English lexemes of the profile's skill keywords (alphabetically, as tsvector_to_array gives them). */
  profile_lexemes: string[] | null;
  /** Each source post's lexemes of its keywords and offering, newest post first. */
  post_skill_lexemes: string[][] | null;
  /** Each source post's lexemes of its looking-for, newest post first. */
  post_want_lexemes: string[][] | null;
}

interface SourcePost {
  user_id: string;
  offering: string;
  looking_for: string;
  custom_tags: string[];
}

interface CandidateColumns {
  tag_count: number;
  offer_terms: string[];
  author_latitude: number | null;
  author_longitude: number | null;
  author_shares_location: boolean;
}

/**
 * Whether the member wants AI match suggestions (`matchingEnabledColumn`): from their kept state
 * (`ViewerStates`) while it is kept, else read on its own.
 */
export async function isMatchingEnabled(db: Database, userId: string): Promise<boolean> {
  const states = ViewerStates.of(db);
  if (states.kept) return (await states.of(userId)).matchingEnabled;
  const [row] = await queryRows<{ on: boolean }>(db, sql`SELECT ${matchingEnabledColumn(userId)} AS on`);
  return row?.on ?? true;
}

/**
 * Matches for the viewer, in general or for one of their posts. General matches without extra
 * conditions come from `rankings` when given (`MatchRankings`: the same ranking, kept).
 */
export async function findMatches(db: Database, viewerId: string, options: MatchOptions, rankings?: MatchRankings): Promise<MatchResult> {
  const shared =
    rankings?.enabled &&
    options.postId === undefined &&
    (options.where ?? []).length === 0 &&
    options.within === undefined &&
    options.candidates !== 'all' &&
    options.boxWalk === undefined &&
    options.now === undefined;
  // After the viewer's own new post the seeker is read to compare it; a ranking worked out again
  // then starts from that read instead of reading it twice.
  let viewerNow: ViewerRow | undefined;
  const ranking = shared
    ? await rankings.ranking(
        viewerId,
        () => rankMatches(db, viewerId, options, viewerNow),
        async () => {
          viewerNow = await readViewer(db, viewerId, options);
          if (!viewerNow.ai_match_suggestions) return null;
          const context = seekerContext(viewerId, viewerNow, false);
          return { key: seekerKey(context), seeker: context.seeker, tags: context.tags };
        },
      )
    : await rankMatches(db, viewerId, options);
  if (!ranking.matchingEnabled) return { items: [], total: 0, matchingEnabled: false };
  const minScore = options.minScore ?? 0;
  // Best first (a score is its raw value rounded): those at or above minScore are a prefix.
  const top: RankedMatch[] = [];
  for (const s of ranking.best) {
    if (top.length === options.limit || s.match.score < minScore) break;
    top.push(s);
  }
  const total = scoresAtLeast(ranking, minScore);
  const rows = await selectPostsById(db, viewerId, top.map((t) => t.id), 'match_winners');
  const byId = new Map(postItems(rows, viewerId).map(({ row, item }) => [row.id, item]));
  const items: FeedItem[] = [];
  for (const t of top) {
    const item = byId.get(t.id);
    // The item was made for this answer (`postItems`): its match is set on it, not on a copy
    // (a spread of its 24 fields was 2.5 % of the server's CPU under the mixed load,
    // bench/RESULTS.md).
    if (item) items.push(Object.assign(item, { match: { score: t.match.score, breakdown: t.match.breakdown, reasons: t.match.reasons } }));
  }
  return { items, total, matchingEnabled: true };
}

/**
 * Every candidate scored for the viewer, best first (the first MAX_KEPT kept in full), from
 * `viewerRead` when the caller has just read the viewer.
 */
async function rankMatches(db: Database, viewerId: string, options: MatchOptions, viewerRead?: ViewerRow): Promise<Ranking> {
  const viewer = viewerRead ?? (await readViewer(db, viewerId, options));
  if (!viewer.ai_match_suggestions) return { matchingEnabled: false, seeker: null, terms: [], tags: [], candidates: null, best: [], scoreCounts: countScores([]), seekerKey: null, ids: new Set() };

  const context = seekerContext(viewerId, viewer, options.postId !== undefined);
  // Only a seeker made of a full SEEKER_POSTS can lose terms to the member's next post (its oldest
  // leaves them): only its ranking keeps its candidates for that (`narrowedRanking`, ~85 KB).
  const narrowable = options.postId === undefined && viewer.source_posts.length >= SEEKER_POSTS;
  return rankCandidates(db, viewerId, context, options, narrowable);
}

/** The viewer's settings and the posts their terms come from, in one round trip. */
async function readViewer(db: Database, viewerId: string, options: Pick<MatchOptions, 'postId'>): Promise<ViewerRow> {
  const sourcePosts = options.postId
    ? sql`SELECT sp.user_id, sp.offering, sp.looking_for, sp.custom_tags, sp.created_at FROM posts sp WHERE sp.id = ${options.postId}`
    : sql`SELECT sp.user_id, sp.offering, sp.looking_for, sp.custom_tags, sp.created_at FROM posts sp
          WHERE sp.user_id = ${viewerId} AND sp.status = 'active' ORDER BY sp.created_at DESC LIMIT ${SEEKER_POSTS}`;
  // The texts' lexemes come with them, each post's apart, newest first (the seeker keeps the
  // first MAX_TERMS of them in that order: `seekerContext`); keywords are the posts' tags without
  // the format tags.
  const [viewer] = await queryRows<ViewerRow>(
    db,
    sql`SELECT pr.skill_keywords, pr.latitude, pr.longitude, pr.service_radius_miles,
          coalesce(ms.location_sharing, true) AS location_sharing,
          coalesce(ms.ai_match_suggestions, true) AS ai_match_suggestions,
          tsvector_to_array(to_tsvector('english', coalesce(array_to_string(pr.skill_keywords, ' \n '), ''))) AS profile_lexemes,
          src.source_posts, src.post_skill_lexemes, src.post_want_lexemes
        FROM users u
        LEFT JOIN profiles pr ON pr.id = u.id
        LEFT JOIN member_settings ms ON ms.user_id = u.id
        CROSS JOIN LATERAL (
          SELECT coalesce(json_agg(json_build_object('user_id', s.user_id, 'offering', s.offering,
              'looking_for', s.looking_for, 'custom_tags', s.custom_tags) ORDER BY s.created_at DESC), '[]'::json) AS source_posts,
            json_agg(tsvector_to_array(to_tsvector('english', concat_ws(' \n ',
              array_to_string(ARRAY(SELECT t FROM unnest(s.custom_tags) t WHERE t <> ALL(${textArray(POST_FORMATS)})), ' \n '),
              s.offering))) ORDER BY s.created_at DESC) AS post_skill_lexemes,
            json_agg(tsvector_to_array(to_tsvector('english', s.looking_for)) ORDER BY s.created_at DESC) AS post_want_lexemes
          FROM (${sourcePosts}) s
        ) src
        WHERE u.id = ${viewerId}`,
    'match_viewer',
    {},
  );
  if (!viewer) throw notFound('Member not found.');
  return viewer;
}

/** What a ranking's candidates are chosen and scored by, as one comparable text. */
function seekerKey({ seeker, tags }: SeekerContext): string {
  return JSON.stringify([seeker.skills, seeker.wants, seeker.location, seeker.radiusMiles, tags]);
}

/** The candidates' part of `rankMatches`: scored for the seeker, best first. */
async function rankCandidates(db: Database, viewerId: string, context: SeekerContext, options: MatchOptions, narrowable: boolean): Promise<Ranking> {
  // Score a few hundred candidates from their scoring columns only, then load the winners.
  const candidates = await selectBarePosts<CandidateColumns>(
    db,
    {
      viewerId,
      scope: 'community',
      with: options.candidates === 'all' ? undefined : candidateSources(viewerId, context, options),
      where: [
        ...(options.candidates === 'all' ? [] : [sql`p.id IN (SELECT id FROM cand)`]),
        takesPartInMatching(sql`p.user_id`),
        ...(options.within ? [options.within] : []),
        ...(options.where ?? []),
      ],
      columns: [
        sql`cardinality(p.custom_tags) AS tag_count`,
        offeredSeekerTerms(context.terms),
        sql`p.latitude AS author_latitude, p.longitude AS author_longitude`,
        sql`${sharesLocation(sql`p.user_id`)} AS author_shares_location`,
      ],
      // In no order: they are all scored and then ordered by `compareMatches`, and the sources give
      // at most ~600. Sorting them first carried every row's search_vector through the sort (the
      // statement's p50 ~10.5 -> ~8.8 ms at the 50k-post bench community, bench/RESULTS.md).
      orderBy: null,
      limit: options.candidates === 'all' ? 1_000_000 : 2_000,
    },
    // Hundreds of rows of term arrays and timestamps: as one JSON value on PostgreSQL too.
    { onPostgres: true },
  );

  const scored = candidates.map((row): RankingCandidate => {
    const located = row.author_shares_location && row.author_latitude !== null && row.author_longitude !== null;
    return {
      id: row.id,
      userId: row.user_id,
      offers: row.offer_terms,
      tagCount: Number(row.tag_count),
      latitude: located ? row.author_latitude : null,
      longitude: located ? row.author_longitude : null,
      createdMs: toDate(row.created_at).getTime(),
    };
  });
  return rankingOf(context.seeker, context.tags, seekerKey(context), scored, options.now ?? new Date(), { keep: Math.max(MAX_KEPT, options.limit), narrowable });
}

/**
 * Of the seeker's terms, those the post offers (in its title, offering or tags: weights A-C of
 * search_vector). Scoring only ever intersects the post's terms with the seeker's, so this is
 * all it needs, and a few short arrays cross the wire instead of every post's vocabulary.
 */
function offeredSeekerTerms(terms: readonly string[]): SQL {
  if (terms.length === 0) return sql`ARRAY[]::text[] AS offer_terms`;
  // One value each (`textArray`); the queries' array is a constant PostgreSQL casts once.
  const queries = arrayLiteral(terms.map((t) => `'${t}':ABC`));
  return sql`ARRAY(SELECT q.term FROM unnest(${textArray(terms)}, ${queries}::tsquery[]) AS q(term, query)
    WHERE p.search_vector @@ q.query) AS offer_terms`;
}

/**
 * Each lexeme once, in the order of the first list that has it: the profile's skills, then each
 * post's, newest first. The seeker keeps the first MAX_TERMS; of all the texts at once, sorted,
 * those were the alphabetically first, so a member with many terms lost 'yoga' to 'baking'
 * whatever they posted last.
 */
function firstSeen(lists: readonly (readonly string[])[]): string[] {
  return [...new Set(lists.flat())];
}

/**
 * What the seeker has and wants. General: profile skill keywords plus the offering and keywords
 * of all their active posts; wants from those posts' looking-for. For one post: that post only.
 */
function seekerContext(viewerId: string, viewer: ViewerRow, forOnePost: boolean): SeekerContext {
  const sourcePosts = viewer.source_posts;
  if (forOnePost) {
    const [post] = sourcePosts;
    if (!post) throw notFound('Post not found.');
    if (post.user_id !== viewerId) throw forbidden('Matches can only be found for your own posts.');
  }
  const skillKeywords = viewer.skill_keywords ?? [];
  const keywords = sourcePosts.flatMap((p) => splitCustomTags(p.custom_tags).keywords);
  const usable = (terms: string[] | undefined) =>
    (terms ?? []).filter((t) => t.length >= 3 && /^[\p{L}\p{N}]+$/u.test(t) && !/^\d+$/.test(t) && !FILLER_TERMS.has(t));
  const sharing = viewer.location_sharing && viewer.latitude !== null && viewer.longitude !== null;
  const tags = new Set<string>();
  for (const tag of [...sourcePosts.flatMap((p) => deriveTags(p.looking_for)), ...skillKeywords, ...keywords]) {
    tags.add(tag);
    tags.add(tag.toLowerCase());
  }
  const seeker: MatchSeeker = {
    skills: usable(firstSeen([viewer.profile_lexemes ?? [], ...(viewer.post_skill_lexemes ?? [])])).slice(0, MAX_TERMS),
    wants: usable(firstSeen(viewer.post_want_lexemes ?? [])).slice(0, MAX_TERMS),
    location: sharing && viewer.latitude !== null && viewer.longitude !== null ? { latitude: viewer.latitude, longitude: viewer.longitude } : null,
    radiusMiles: viewer.service_radius_miles ?? 10,
  };
  return { seeker, terms: seekerTerms(seeker), tags: [...tags].filter((t) => !isPostFormat(t)).slice(0, 40) };
}

/**
 * The candidates as common table expressions (`cand`, and `near` for the location source): the
 * UNION of index-backed sources; each keeps its newest few.
 */
function candidateSources(viewerId: string, context: SeekerContext, { within, boxWalk = BOX_WALK }: Pick<MatchOptions, 'within' | 'boxWalk'>): SQL {
  // Blocked members' and non-matching members' posts would be dropped by the scored query anyway;
  // leaving them out here keeps them from taking the newest few places of a source. Their ids are
  // worked out once for all the sources (`skipped`): as the rules' own subqueries in each of the
  // seven, PostgreSQL planned and ran them seven times (~1.5 of ~10 ms, bench/RESULTS.md).
  const ctes: SQL[] = [
    sql`skipped AS MATERIALIZED (SELECT s.id FROM (${blockedMemberIds(viewerId)} UNION ALL ${membersOutOfMatching()}) AS s(id))`,
  ];
  const base = sql`status = 'active' AND user_id <> ${viewerId} AND user_id NOT IN (SELECT id FROM skipped)${
    within ? sql` AND ${within}` : sql``
  }`;
  const sources: SQL[] = [
    sql`(SELECT id FROM posts WHERE ${base} ORDER BY created_at DESC LIMIT ${SOURCE_LIMITS.newest})`,
  ];
  const { terms } = context;
  if (terms.length > 0) {
    // Lexemes are already normalised: cast (not to_tsquery) so they are not stemmed twice.
    const tsquery = terms.map((t) => `'${t}':ABC`).join(' | ');
    sources.push(
      sql`(SELECT id FROM posts WHERE ${base} AND search_vector @@ ${tsquery}::tsquery
           ORDER BY created_at DESC LIMIT ${SOURCE_LIMITS.fullText})`,
    );
  }
  if (context.tags.length > 0) {
    const tagArray = textArray(context.tags);
    sources.push(
      sql`(SELECT id FROM posts WHERE ${base} AND custom_tags && ${tagArray}
           ORDER BY created_at DESC LIMIT ${SOURCE_LIMITS.tags})`,
      sql`(SELECT posts.id FROM post_tags JOIN posts ON posts.id = post_tags.post_id
           WHERE post_tags.side = 'offering' AND post_tags.tag = ANY(${tagArray}) AND ${base} LIMIT ${SOURCE_LIMITS.tags})`,
    );
  }
  // Near-words ('photo' finds 'photography'): the wanted words as prefixes, through the same
  // GIN index. (Substrings through the trigram indexes read every post holding a common stem,
  // e.g. 8,000 for 'beginn', and cost most of a match call.)
  const words = context.seeker.wants.filter((w) => w.length >= 4).slice(0, MAX_PREFIX_WORDS);
  if (words.length > 0) {
    const prefixes = words.map((w) => `'${w}':*ABC`).join(' | ');
    sources.push(
      sql`(SELECT id FROM posts WHERE ${base} AND search_vector @@ ${prefixes}::tsquery
           ORDER BY created_at DESC LIMIT ${SOURCE_LIMITS.prefix})`,
    );
  }
  const home = context.seeker.location;
  if (home) {
    // Three radii: locationScore is 0 from 3R on, so nothing beyond the box gains from distance.
    const reach = 3 * Math.max(context.seeker.radiusMiles, 1);
    const dLat = reach / 69;
    const dLon = reach / (69 * Math.max(Math.cos((home.latitude * Math.PI) / 180), 0.01));
    const located = sql`${base} AND ${sharesLocation(sql`user_id`)}`;
    const box = sql`latitude BETWEEN ${home.latitude - dLat} AND ${home.latitude + dLat}
      AND longitude BETWEEN ${home.longitude - dLon} AND ${home.longitude + dLon}`;
    // The newest posts in the box. A city's box holds thousands of posts, and reading all of them
    // to keep the newest 100 was a third of a match call (bench/RESULTS.md); walking the newest
    // posts instead, through the (status, created_at) index that carries their coordinates, meets
    // 100 of them within a few hundred. When the newest BOX_WALK hold fewer than 100, the box is
    // sparse, and its own index (posts_lat_lng_idx) finds the rest cheaply; either way the source
    // is the box's newest 100.
    ctes.push(
      sql`near AS (SELECT id FROM (SELECT id, created_at, latitude, longitude FROM posts WHERE ${located}
           ORDER BY created_at DESC LIMIT ${boxWalk}) recent
         WHERE ${box} ORDER BY created_at DESC LIMIT ${SOURCE_LIMITS.box})`,
    );
    sources.push(
      sql`(SELECT id FROM near)`,
      sql`(SELECT id FROM posts WHERE ${located} AND ${box} AND (SELECT count(*) FROM near) < ${SOURCE_LIMITS.box}
           ORDER BY created_at DESC LIMIT ${SOURCE_LIMITS.box})`,
    );
  }
  ctes.push(sql`cand AS (${sql.join(sources, sql` UNION `)})`);
  return sql.join(ctes, sql`, `);
}
