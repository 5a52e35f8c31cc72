/**
 * The one compatibility score (spec section 9, decisions.md "Matching"). The server scores
 * candidates with it; tests score every post with it and compare. Terms are normalised words
 * (the server passes PostgreSQL english lexemes), so both sides compare like with like.
 */

export const MATCH_WEIGHTS = {
  complement: 0.4,
  overlap: 0.2,
  location: 0.2,
  activity: 0.1,
  freshness: 0.1,
} as const;

/** Items that count towards complement and overlap, and tags that make activity 1. */
export const MATCH_CAPS = { complement: 3, overlap: 2, activityTags: 5 } as const;

/** Location score when either side's location is unknown or not shared. */
export const UNKNOWN_LOCATION_SCORE = 0.5;

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/** The member looking for matches (in general, or for one of their posts). */
export interface MatchSeeker {
  /** What the seeker already has: profile skill keywords and what their post(s) offer. */
  skills: readonly string[];
  /** What the seeker is looking for: their post(s)' looking-for text. */
  wants: readonly string[];
  /** ZIP centroid; null when unknown or when the seeker's location sharing is off. */
  location: GeoPoint | null;
  radiusMiles: number;
}

/** Every term the seeker's candidates are chosen and scored by: their wants, then their skills, each once. */
export function seekerTerms(seeker: Pick<MatchSeeker, 'skills' | 'wants'>): string[] {
  return [...new Set([...seeker.wants, ...seeker.skills])];
}

/** A post being scored for the seeker. */
export interface MatchCandidate {
  /** What the post offers: the terms of its title, offering and tags. */
  offers: readonly string[];
  /** Number of custom tags (keywords plus format tag). */
  tagCount: number;
  /** The post's ZIP centroid; null when unknown or the author's location sharing is off. */
  location: GeoPoint | null;
  createdAt: Date;
}

/** Each factor on a 0..1 scale, before weighting. */
export interface MatchBreakdown {
  complement: number;
  overlap: number;
  location: number;
  activity: number;
  freshness: number;
}

export interface MatchScore {
  /** 0..100, the rounded weighted sum (spec: score percent). */
  score: number;
  /** The unrounded weighted sum, 0..1; ranks ties of the rounded score. */
  raw: number;
  breakdown: MatchBreakdown;
  /** Up to 3 short, plain reasons, most important first. */
  reasons: string[];
}

export const ZERO_BREAKDOWN: MatchBreakdown = { complement: 0, overlap: 0, location: 0, activity: 0, freshness: 0 };

export const MATCH_REASONS = {
  complement: 'Complements your skills',
  overlap: 'Similar expertise',
  detailed: 'Detailed post',
  near: 'Near you',
  fresh: 'Posted this week',
} as const;

const MILES_PER_RADIAN = 3958.8;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Great-circle distance in miles between two points (haversine). */
export function distanceMiles(a: GeoPoint, b: GeoPoint): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * MILES_PER_RADIAN * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Location factor from the distance between the two ZIP centroids and the seeker's radius R:
 * 1.0 at the same place easing to 0.75 at R, then falling linearly to 0 at 3R; 0.5 when unknown.
 * Inside the radius always beats unknown; unknown beats "well outside" (beyond about 1.7R).
 */
export function locationScore(distance: number | null, radiusMiles: number): number {
  if (distance === null || !Number.isFinite(distance)) return UNKNOWN_LOCATION_SCORE;
  const r = Math.max(radiusMiles, 1);
  if (distance <= r) return 1 - 0.25 * (distance / r);
  if (distance >= 3 * r) return 0;
  return (0.75 * (3 * r - distance)) / (2 * r);
}

/**
 * Freshness factor from the post's age in days: 1.0 for the first 7 days, then linear down to
 * 0.2 at 90 days, and 0.2 from then on (decisions.md replaces the spec's id-length rule).
 */
export function freshnessScore(ageDays: number): number {
  if (ageDays < 7) return 1;
  if (ageDays >= 90) return 0.2;
  return 1 - (0.8 * (ageDays - 7)) / (90 - 7);
}

/** Activity factor: tag count over 5, capped at 1. */
export function activityScore(tagCount: number): number {
  return Math.min(Math.max(tagCount, 0) / MATCH_CAPS.activityTags, 1);
}

/**
 * Scores one post for one seeker.
 * - complement: of the terms the post offers, those the seeker looks for and does not already
 *   have, capped at 3 items, as a share of 3;
 * - overlap: offered terms the seeker already has (similar expertise), capped at 2, share of 2;
 * - location, activity and freshness as documented on their functions.
 */
export function scoreMatch(seeker: MatchSeeker, candidate: MatchCandidate, now: Date = new Date()): MatchScore {
  let complementItems = 0;
  let overlapItems = 0;
  // Each offered term once. A post offers a few of the seeker's terms and a seeker has a few
  // dozen: the lists are searched as they are rather than made into sets for every post (three
  // sets a post were most of this function's time, ranking a few hundred posts).
  const { offers } = candidate;
  for (let i = 0; i < offers.length; i += 1) {
    const term = offers[i];
    if (term === undefined || offers.indexOf(term) !== i) continue;
    if (seeker.skills.includes(term)) overlapItems += 1;
    else if (seeker.wants.includes(term)) complementItems += 1;
  }
  const distance =
    seeker.location && candidate.location ? distanceMiles(seeker.location, candidate.location) : null;
  const breakdown: MatchBreakdown = {
    complement: Math.min(complementItems, MATCH_CAPS.complement) / MATCH_CAPS.complement,
    overlap: Math.min(overlapItems, MATCH_CAPS.overlap) / MATCH_CAPS.overlap,
    location: locationScore(distance, seeker.radiusMiles),
    activity: activityScore(candidate.tagCount),
    freshness: freshnessScore((now.getTime() - candidate.createdAt.getTime()) / DAY_MS),
  };
  const raw =
    MATCH_WEIGHTS.complement * breakdown.complement +
    MATCH_WEIGHTS.overlap * breakdown.overlap +
    MATCH_WEIGHTS.location * breakdown.location +
    MATCH_WEIGHTS.activity * breakdown.activity +
    MATCH_WEIGHTS.freshness * breakdown.freshness;
  return {
    score: Math.round(raw * 100),
    raw,
    breakdown: roundBreakdown(breakdown),
    reasons: reasonsFor(breakdown, candidate.tagCount, distance !== null),
  };
}

function reasonsFor(b: MatchBreakdown, tagCount: number, locationKnown: boolean): string[] {
  const reasons: string[] = [];
  if (b.complement > 0) reasons.push(MATCH_REASONS.complement);
  if (b.overlap > 0) reasons.push(MATCH_REASONS.overlap);
  if (tagCount > 3) reasons.push(MATCH_REASONS.detailed);
  if (locationKnown && b.location >= 0.75) reasons.push(MATCH_REASONS.near);
  if (b.freshness === 1) reasons.push(MATCH_REASONS.fresh);
  return reasons.slice(0, 3);
}

function roundBreakdown(b: MatchBreakdown): MatchBreakdown {
  const r = (n: number) => Math.round(n * 1000) / 1000;
  return {
    complement: r(b.complement),
    overlap: r(b.overlap),
    location: r(b.location),
    activity: r(b.activity),
    freshness: r(b.freshness),
  };
}

/**
 * The ranking order of scored posts: higher raw score first, then newer, then by id, so the
 * order is total and two ways of finding the same posts rank them identically.
 */
export function compareMatches(
  a: { id: string; createdAt: Date; match: MatchScore },
  b: { id: string; createdAt: Date; match: MatchScore },
): number {
  return (
    b.match.raw - a.match.raw || b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/**
 * The lowest score that counts as a match (My Posts' 'N Matches', the top of the compatibility
 * feed); lower scores sit under 'Weaker matches'. Location, activity and freshness together weigh
 * 0.4, so a post that offers none of the seeker's terms scores 40 at most: from 41 on, a post
 * offers something the seeker looks for (complement) or already does (overlap). On the demo
 * community such unrelated posts were 90% of all scored pairs and reached 38; the numbers are in
 * docs/decisions/003-match-score-and-candidates.md.
 */
export const MEANINGFUL_MATCH_SCORE = 41;

/** True when a score (0..100) is at or above the meaningful-match threshold. */
export function isMeaningfulMatch(score: number): boolean {
  return score >= MEANINGFUL_MATCH_SCORE;
}

/**
 * Splits a ranked list into meaningful matches and weaker ones, each keeping its order (the
 * compatibility feed shows the weaker ones under a divider).
 */
export function splitByMatchStrength<T extends { match: { score: number } }>(items: readonly T[]): { meaningful: T[]; weaker: T[] } {
  const meaningful: T[] = [];
  const weaker: T[] = [];
  for (const item of items) (isMeaningfulMatch(item.match.score) ? meaningful : weaker).push(item);
  return { meaningful, weaker };
}
