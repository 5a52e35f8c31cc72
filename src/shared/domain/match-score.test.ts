import { describe, expect, it } from 'vitest';
import {
  activityScore,
  compareMatches,
  distanceMiles,
  freshnessScore,
  isMeaningfulMatch,
  locationScore,
  MATCH_REASONS,
  MEANINGFUL_MATCH_SCORE,
  scoreMatch,
  seekerTerms,
  splitByMatchStrength,
  type MatchCandidate,
  type MatchSeeker,
} from './match-score.js';

const now = new Date('2026-06-01T12:00:00Z');
const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
const boston = { latitude: 42.3601, longitude: -71.0589 };
const cambridge = { latitude: 42.3736, longitude: -71.1097 };
const newYork = { latitude: 40.7128, longitude: -74.006 };

const seeker: MatchSeeker = { skills: ['guitar', 'music'], wants: ['garden', 'cook', 'bike'], location: boston, radiusMiles: 10 };
const candidate = (over: Partial<MatchCandidate> = {}): MatchCandidate => ({
  offers: [],
  tagCount: 0,
  location: null,
  createdAt: daysAgo(1),
  ...over,
});

describe('factors', () => {
  it('measures distance in miles', () => {
    expect(distanceMiles(boston, newYork)).toBeGreaterThan(185);
    expect(distanceMiles(boston, newYork)).toBeLessThan(195);
    expect(distanceMiles(boston, boston)).toBe(0);
  });

  it('scores location against the radius, 0.5 when unknown', () => {
    expect(locationScore(null, 10)).toBe(0.5);
    expect(locationScore(0, 10)).toBe(1);
    expect(locationScore(10, 10)).toBe(0.75);
    expect(locationScore(20, 10)).toBeCloseTo(0.375);
    expect(locationScore(30, 10)).toBe(0);
    expect(locationScore(500, 10)).toBe(0);
  });

  it('keeps freshness at 1 for a week, then decays to 0.2 at 90 days', () => {
    expect(freshnessScore(0)).toBe(1);
    expect(freshnessScore(6.9)).toBe(1);
    expect(freshnessScore(7)).toBe(1);
    expect(freshnessScore(48.5)).toBeCloseTo(0.6);
    expect(freshnessScore(90)).toBe(0.2);
    expect(freshnessScore(400)).toBe(0.2);
  });

  it('caps activity at 5 tags', () => {
    expect(activityScore(0)).toBe(0);
    expect(activityScore(2)).toBe(0.4);
    expect(activityScore(6)).toBe(1);
  });
});

describe('scoreMatch', () => {
  it('applies the spec weights: 0.4, 0.2, 0.2, 0.1, 0.1', () => {
    const best = scoreMatch(
      seeker,
      candidate({ offers: ['garden', 'cook', 'bike', 'guitar', 'music'], tagCount: 5, location: boston, createdAt: daysAgo(0) }),
      now,
    );
    expect(best.breakdown).toEqual({ complement: 1, overlap: 1, location: 1, activity: 1, freshness: 1 });
    expect(best.score).toBe(100);

    const nothing = scoreMatch(seeker, candidate({ location: newYork, createdAt: daysAgo(200) }), now);
    expect(nothing.breakdown).toEqual({ complement: 0, overlap: 0, location: 0, activity: 0, freshness: 0.2 });
    expect(nothing.score).toBe(2);
  });

  it('counts complement only for wanted terms the seeker lacks, capped at 3; overlap capped at 2', () => {
    const one = scoreMatch(seeker, candidate({ offers: ['garden', 'knitting'] }), now);
    expect(one.breakdown.complement).toBeCloseTo(1 / 3);
    expect(one.breakdown.overlap).toBe(0);
    // 'guitar' is both wanted and already a skill: overlap, not complement.
    const both = scoreMatch({ ...seeker, wants: ['guitar'] }, candidate({ offers: ['guitar'] }), now);
    expect(both.breakdown).toMatchObject({ complement: 0, overlap: 0.5 });
    // 0.4 * 1/3 + 0.2 * 0.5 (unknown location) + 0 + 0.1 * 1 = 0.3333
    expect(one.score).toBe(33);
    // A term offered twice counts once.
    const repeated = scoreMatch(seeker, candidate({ offers: ['garden', 'garden', 'guitar', 'guitar'] }), now);
    expect(repeated.breakdown).toMatchObject({ complement: 0.333, overlap: 0.5 });
  });

  it('gives up to 3 reasons in order of weight', () => {
    const m = scoreMatch(
      seeker,
      candidate({ offers: ['garden', 'guitar'], tagCount: 4, location: cambridge, createdAt: daysAgo(2) }),
      now,
    );
    expect(m.reasons).toEqual([MATCH_REASONS.complement, MATCH_REASONS.overlap, MATCH_REASONS.detailed]);
    const near = scoreMatch(seeker, candidate({ location: cambridge, createdAt: daysAgo(30) }), now);
    expect(near.reasons).toEqual([MATCH_REASONS.near]);
    expect(scoreMatch({ ...seeker, location: null }, candidate({ location: boston, createdAt: daysAgo(30) }), now).reasons).toEqual([]);
  });

  it('returns 0..100 rounded', () => {
    for (const tags of [0, 1, 3, 7]) {
      const { score } = scoreMatch(seeker, candidate({ tagCount: tags, offers: ['bike'] }), now);
      expect(Number.isInteger(score)).toBe(true);
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(100);
    }
  });
});

describe('compareMatches', () => {
  it('orders by raw score, then newer, then id', () => {
    const item = (id: string, raw: number, age: number) => ({
      id,
      createdAt: daysAgo(age),
      match: { score: Math.round(raw * 100), raw, breakdown: { complement: 0, overlap: 0, location: 0, activity: 0, freshness: 0 }, reasons: [] },
    });
    const sorted = [item('c', 0.5, 1), item('a', 0.5, 1), item('b', 0.9, 5), item('d', 0.5, 0)].sort(compareMatches);
    expect(sorted.map((i) => i.id)).toEqual(['b', 'd', 'a', 'c']);
  });
});

describe('meaningful matches', () => {
  it('a post offering nothing the seeker has or wants stays below the threshold at its best', () => {
    const best = scoreMatch(seeker, candidate({ offers: ['tax', 'bookkeep'], tagCount: 9, location: boston, createdAt: daysAgo(0) }), now);
    expect(best.score).toBe(40);
    expect(isMeaningfulMatch(best.score)).toBe(false);
  });

  it('one wanted or one shared term with a good neighbourhood, activity and freshness clears it', () => {
    const base = { tagCount: 3, location: cambridge, createdAt: daysAgo(2) };
    const wanted = scoreMatch(seeker, candidate({ ...base, offers: ['garden'] }), now);
    expect(wanted.breakdown.complement).toBeCloseTo(1 / 3, 3);
    expect(isMeaningfulMatch(wanted.score)).toBe(true);
    const shared = scoreMatch(seeker, candidate({ ...base, offers: ['guitar'] }), now);
    expect(isMeaningfulMatch(shared.score)).toBe(true);
  });

  it('the threshold is the first score unrelated posts cannot reach', () => {
    expect(isMeaningfulMatch(MEANINGFUL_MATCH_SCORE)).toBe(true);
    expect(isMeaningfulMatch(MEANINGFUL_MATCH_SCORE - 1)).toBe(false);
  });

  it('splits a ranked list into meaningful and weaker matches, each in its order', () => {
    const items = [90, 41, 40, 12, 55].map((score, i) => ({ id: `p${i}`, match: { score } }));
    const { meaningful, weaker } = splitByMatchStrength(items);
    expect(meaningful.map((i) => i.id)).toEqual(['p0', 'p1', 'p4']);
    expect(weaker.map((i) => i.id)).toEqual(['p2', 'p3']);
    expect(splitByMatchStrength([])).toEqual({ meaningful: [], weaker: [] });
  });
});

describe('seekerTerms', () => {
  it('lists the wants, then the skills, each term once', () => {
    expect(seekerTerms({ wants: ['garden', 'bike', 'garden'], skills: ['guitar', 'bike', 'music'] })).toEqual(['garden', 'bike', 'guitar', 'music']);
    expect(seekerTerms({ wants: [], skills: [] })).toEqual([]);
  });
});
