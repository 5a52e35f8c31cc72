import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { compareMatches, scoreMatch, seekerTerms, type MatchCandidate, type MatchScore, type MatchSeeker } from '../../../shared/domain/match-score.js';
import { queryRows, type Database } from '../../db/client.js';
import { blockedMemberIds } from '../blocks/blocks.service.js';
import { KeptPostLists, postsById, sortedPlace } from '../posts/kept-post-lists.js';
import { connectionsOf } from '../posts/viewer-states.js';
import { sharesLocation, takesPartInMatching } from '../privacy/privacy-rules.js';

/** One scored candidate of a viewer's matches. */
export interface RankedMatch {
  id: string;
  userId: string;
  createdAt: Date;
  match: MatchScore;
}

/**
 * A candidate as a ranking scores it (`rankingOf`). Its offers hold at least the seeker's terms
 * it offers: those of the seeker it was read for (the candidates statement's), or every term it
 * offers (a post taken in: one object for every ranking that takes it).
 */
export interface RankingCandidate extends Pick<MatchCandidate, 'offers' | 'tagCount'> {
  id: string;
  userId: string;
  /** The post's place when its author shares it, else null (flat: ~130 -> ~85 KB a ranking). */
  latitude: number | null;
  longitude: number | null;
  createdMs: number;
}

/** A viewer's general matches as `findMatches` ranks them, before minScore and limit. */
export interface Ranking {
  matchingEnabled: boolean;
  /** The seeker the candidates were scored for (null when matching is off). */
  seeker: MatchSeeker | null;
  /** `seekerTerms(seeker)` (none when matching is off): what a new post's offered terms are read against. */
  terms: string[];
  /** The seeker's keywords and looking-for tags (the tag sources'). */
  tags: string[];
  /**
   * Every candidate as it was scored, posts taken in since too, when the seeker could lose terms
   * to the member's next post (made of a full window of their posts): a seeker that only lost
   * terms scores them again without a statement (`narrowedRanking`). Null otherwise.
   */
  candidates: RankingCandidate[] | null;
  /** Best first (`compareMatches`), the first `MAX_KEPT` of them. */
  best: RankedMatch[];
  /** How many candidates scored each score, 0 to 100 (`scoresAtLeast`: `total` for any minScore). */
  scoreCounts: Uint32Array;
  /**
   * What the candidates were chosen and scored by (the seeker and their tags, `seekerKey`): a
   * ranking worked out again for the same key would differ only as time and new posts make it.
   */
  seekerKey: string | null;
  /**
   * The viewer's own posts added since this ranking was worked out: their next lookup reads
   * their seeker again and keeps the ranking when its key is the same (`ranking`).
   */
  ownPostsAdded?: number;
  /**
   * Every candidate's id, read with the ranking or taken in since: a post the ranking's statement
   * read and whose notification comes afterwards (from another instance, or while the statement
   * ran) is not taken in, and scored, a second time (`takeIn`).
   */
  ids: Set<string>;
}

/** How deep a kept ranking goes: the compatibility feed's deepest page (matches ask for 50). */
export const MAX_KEPT = 200;
/** How long a ranking is kept: scores have a freshness factor that only time changes (the feed cache's bound). */
export const MATCH_RANKINGS_TTL_MS = 60_000;
const MAX_VIEWERS = 1_000;
/**
 * Notifications after which no kept ranking can be trusted: posts edited or gone, anyone's
 * settings (AI matching, location, visibility), blocks, profiles, accounts, and requests that
 * changed (a connection makes a hidden member's posts visible). New requests (pending:
 * 'exchange_requests+', migration 0016) and new posts (taken in) do not.
 */
const RANKINGS_CHANGED: ReadonlySet<string> = new Set(['posts', 'profiles', 'member_settings', 'member_blocks', 'exchange_requests', 'users']);

interface AddedPost {
  id: string;
  user_id: string;
  created_at: Date | string;
  tag_count: number;
  offers: string[];
  latitude: number | null;
  longitude: number | null;
  shares_location: boolean;
  takes_part: boolean;
  hidden: boolean;
  blocks: string[];
  connections: string[];
}

/**
 * Each recent viewer's general matches (/api/matches and the compatibility feed without text
 * compute the same ranking, and a member asks for them one after another), per instance. A new
 * post is scored for every kept seeker as it arrives (`scoreMatch`, the engine's own scoring, with
 * the seeker terms the post offers read from its search vector as the candidates statement reads
 * them) and takes its place where the viewer may see it; after a viewer's own new post their
 * seeker is read again, and their ranking worked out again only when the post changed it (scored
 * again in memory when the seeker only lost terms: `narrowedRanking`). Everything else that could
 * change a ranking empties the cache,
 * here before the write's answer and on every instance through the hub. One difference from a
 * fresh ranking is allowed for up to a minute: a kept ranking does not let older posts drop out
 * of the candidate sources' newest-N windows as new ones arrive.
 */
export class MatchRankings extends KeptPostLists<Ranking> {
  constructor(
    private readonly db: Database,
    enabled: boolean,
    ttlMs = MATCH_RANKINGS_TTL_MS,
  ) {
    super(enabled ? new LRUCache<string, Ranking>({ max: MAX_VIEWERS, ttl: ttlMs }) : undefined, RANKINGS_CHANGED);
  }

  /**
   * The viewer's ranking, kept or worked out by `compute` (requests missing together share one).
   * After the viewer's own new post, `seekerNow` reads what their ranking would be chosen and
   * scored by now: the same key keeps it (a post that adds no term changes no candidate and no
   * score; reading the seeker is one small statement, ranking again three); a seeker that only
   * lost terms (the post pushed an older one out of the posts it is made of) scores the kept
   * candidates again (`narrowedRanking`), kept for what is left of the ranking's time; any other
   * works it out.
   */
  async ranking(viewerId: string, compute: () => Promise<Ranking>, seekerNow: () => Promise<SeekerNow | null>): Promise<Ranking> {
    const ranking = await this.lookup(viewerId, compute);
    const added = ranking.ownPostsAdded ?? 0;
    if (added === 0) return ranking;
    const now = await seekerNow();
    if (now !== null && this.entries?.peek(viewerId) === ranking) {
      // Own posts added meanwhile are left for the next lookup to check.
      const stillToCheck = (ranking.ownPostsAdded ?? 0) - added;
      if (now.key === ranking.seekerKey) {
        ranking.ownPostsAdded = stillToCheck;
        return ranking;
      }
      const narrowed = narrowedRanking(ranking, now, new Date());
      if (narrowed) {
        narrowed.ownPostsAdded = stillToCheck;
        this.entries.set(viewerId, narrowed, { noUpdateTTL: true });
        return narrowed;
      }
    }
    this.forget(viewerId);
    return this.lookup(viewerId, compute);
  }

  protected async takeIn(ids: string[], viewerIds: string[]): Promise<void> {
    let added: AddedPost[];
    try {
      added = await queryRows<AddedPost>(
        this.db,
        sql`SELECT p.id, p.user_id, p.created_at, cardinality(p.custom_tags) AS tag_count,
            tsvector_to_array(ts_filter(p.search_vector, '{a,b,c}')) AS offers,
            p.latitude, p.longitude,
            ${sharesLocation(sql`p.user_id`)} AS shares_location,
            ${takesPartInMatching(sql`p.user_id`)} AS takes_part,
            EXISTS (SELECT 1 FROM member_settings ms WHERE ms.user_id = p.user_id AND ms.profile_visibility = false) AS hidden,
            ARRAY(${blockedMemberIds(sql`p.user_id`)}) AS blocks,
            ARRAY(${connectionsOf(sql`p.user_id`)}) AS connections
          FROM posts p WHERE ${postsById(ids, sql`p.id`)} AND p.status = 'active'`,
        'match_rankings_added',
        // PGlite too: one named statement of one JSON value (`queryRows`), parsed and planned once.
        {},
      );
    } catch {
      this.changed();
      return;
    }
    const now = new Date();
    // What each post brings and each viewer seeks are worked out once, not for every pair: a new
    // post meets every kept ranking (up to MAX_VIEWERS), and this loop was ~4 % of the server's
    // time under the mixed benchmark (bench/RESULTS.md).
    const posts = added.map((post) => {
      const location = post.shares_location && post.latitude !== null && post.longitude !== null ? { latitude: post.latitude, longitude: post.longitude } : null;
      const createdAt = post.created_at instanceof Date ? post.created_at : new Date(post.created_at);
      // One object for every ranking that takes the post in (each keeps a reference).
      const candidate: RankingCandidate = {
        id: post.id,
        userId: post.user_id,
        offers: post.offers,
        tagCount: Number(post.tag_count),
        latitude: location?.latitude ?? null,
        longitude: location?.longitude ?? null,
        createdMs: createdAt.getTime(),
      };
      return { post, offers: new Set(post.offers), location, createdAt, candidate };
    });
    for (const viewerId of viewerIds) {
      const ranking = this.entries?.peek(viewerId);
      if (!ranking) continue;
      const seeker = ranking.matchingEnabled ? ranking.seeker : null;
      // Made with the ranking, not at each take-in: for every kept ranking at each new post that
      // was 1.9 % of the server's CPU under the mixed load (bench/RESULTS.md).
      const { terms } = ranking;
      for (const { post, offers, location, createdAt, candidate } of posts) {
        if (post.user_id === viewerId) {
          // Never a candidate of its author's; their seeker may have changed (`ranking`).
          ranking.ownPostsAdded = (ranking.ownPostsAdded ?? 0) + 1;
          continue;
        }
        if (!seeker) continue;
        // The community rules and the matching switch, as the candidates statement applies them.
        if (!post.takes_part || post.blocks.includes(viewerId) || (post.hidden && !post.connections.includes(viewerId))) continue;
        // Already there (read with the ranking, or taken in before).
        if (ranking.ids.has(post.id)) continue;
        ranking.ids.add(post.id);
        ranking.candidates?.push(candidate);
        const match = scoreMatch(seeker, { offers: terms.filter((t) => offers.has(t)), tagCount: candidate.tagCount, location, createdAt }, now);
        insertSorted(ranking, { id: post.id, userId: post.user_id, createdAt, match });
        this.counts.takenIn += 1;
      }
    }
  }
}

/** What the viewer's ranking would be chosen and scored by now (`seekerKey`, its seeker and tags). */
export interface SeekerNow {
  key: string;
  seeker: MatchSeeker;
  tags: string[];
}

/**
 * `candidates` scored for the seeker, best first: the first `keep` in full, every score; the
 * candidates themselves kept with it when `narrowable`.
 */
export function rankingOf(
  seeker: MatchSeeker,
  tags: string[],
  seekerKey: string,
  candidates: RankingCandidate[],
  now: Date,
  { keep = MAX_KEPT, narrowable = true }: { keep?: number; narrowable?: boolean } = {},
): Ranking {
  const terms = seekerTerms(seeker);
  const termSet = new Set(terms);
  const ranked = candidates
    .map((c) => {
      const offers = c.offers.filter((t) => termSet.has(t));
      const location = c.latitude !== null && c.longitude !== null ? { latitude: c.latitude, longitude: c.longitude } : null;
      const createdAt = new Date(c.createdMs);
      return { id: c.id, userId: c.userId, createdAt, match: scoreMatch(seeker, { offers, tagCount: c.tagCount, location, createdAt }, now) };
    })
    .sort(compareMatches);
  return {
    matchingEnabled: true,
    seeker,
    terms,
    tags,
    candidates: narrowable ? candidates : null,
    best: ranked.slice(0, keep),
    scoreCounts: countScores(ranked.map((r) => r.match.score)),
    ids: new Set(candidates.map((c) => c.id)),
    seekerKey,
  };
}

/**
 * The kept ranking scored again for a seeker `now` that only lost terms or tags, with the same
 * place and radius; null when it gained any or moved. Each candidate's offers were read for the
 * larger seeker, so its score for the smaller one is exact and no statement is needed. What such
 * a ranking lacks are the older posts a fresh one would reach in its sources' newest-N windows
 * (and it keeps those that came in by a lost term, scored without it): the difference a kept
 * ranking already has with new posts, for as long as it is kept.
 */
export function narrowedRanking(kept: Ranking, now: SeekerNow, at: Date): Ranking | null {
  const before = kept.seeker;
  if (!kept.matchingEnabled || !before || !kept.candidates) return null;
  const within = (some: readonly string[], all: readonly string[]) => some.every((t) => all.includes(t));
  const samePlace =
    before.radiusMiles === now.seeker.radiusMiles &&
    before.location?.latitude === now.seeker.location?.latitude &&
    before.location?.longitude === now.seeker.location?.longitude;
  if (!samePlace || !within(now.seeker.skills, before.skills) || !within(now.seeker.wants, before.wants) || !within(now.tags, kept.tags)) return null;
  // The same candidates (each once: `Ranking.ids`): each one's offers hold at least the terms the
  // narrower seeker keeps.
  return rankingOf(now.seeker, now.tags, now.key, kept.candidates, at);
}

/** Takes a candidate into a ranking in its place (best first), keeping the first MAX_KEPT. */
function insertSorted(ranking: Ranking, candidate: RankedMatch): void {
  // Most new posts rank below a full list's last for most viewers: one comparison, not a search.
  const last = ranking.best.length >= MAX_KEPT ? ranking.best[ranking.best.length - 1] : undefined;
  const low = last && compareMatches(last, candidate) < 0 ? MAX_KEPT : sortedPlace(ranking.best, candidate, compareMatches);
  if (low < MAX_KEPT) {
    ranking.best.splice(low, 0, candidate);
    while (ranking.best.length > MAX_KEPT) ranking.best.pop();
  }
  const at = scoreIndex(candidate.match.score);
  ranking.scoreCounts[at] = (ranking.scoreCounts[at] ?? 0) + 1;
}

/** A score's place in `Ranking.scoreCounts` (scores are whole numbers from 0 to 100). */
const scoreIndex = (score: number): number => Math.min(100, Math.max(0, Math.round(score)));

/** `Ranking.scoreCounts` of these scores. */
export function countScores(scores: readonly number[]): Uint32Array {
  const counts = new Uint32Array(101);
  for (const score of scores) {
    const at = scoreIndex(score);
    counts[at] = (counts[at] ?? 0) + 1;
  }
  return counts;
}

/**
 * How many of the ranking's candidates scored `minScore` or more. Counted per score: a sorted
 * list of every score took each taken-in post's score in its place, ~1 % of the server's CPU
 * under the mixed load (every new post meets every kept ranking).
 */
export function scoresAtLeast(ranking: Pick<Ranking, 'scoreCounts'>, minScore: number): number {
  let total = 0;
  for (let score = Math.max(0, Math.ceil(minScore)); score <= 100; score += 1) total += ranking.scoreCounts[score] ?? 0;
  return total;
}
