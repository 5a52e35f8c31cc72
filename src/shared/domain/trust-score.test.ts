import { describe, expect, it } from 'vitest';
import { TRUST_SCORE_EXPLANATION, trustScore, type TrustInputs } from './trust-score.js';

const none: TrustInputs = { completedExchanges: 0, averageRating: null, ratingCount: 0, requestsReceived: 0, requestsAnswered: 0 };

describe('trustScore', () => {
  it('has no score before the first completed exchange or rating', () => {
    expect(trustScore(none)).toEqual({ score: null, responseRate: null });
  });

  it('shows the response rate on its own while there is nothing else to score', () => {
    expect(trustScore({ ...none, requestsReceived: 4, requestsAnswered: 3 })).toEqual({ score: null, responseRate: 75 });
  });

  it.each<[string, Partial<TrustInputs>, number, number | null]>([
    // 3 of 80 (no ratings, response left out below 3 requests), scaled to 100.
    ['one unrated exchange', { completedExchanges: 1 }, 4, null],
    // (50 + 3) / 80.
    ['one exchange rated 5 stars', { completedExchanges: 1, averageRating: 5, ratingCount: 1 }, 66, null],
    // 2 requests are too few to count: (40 + 6) / 80.
    ['two requests answered are not counted yet', { completedExchanges: 2, averageRating: 4, ratingCount: 2, requestsReceived: 2, requestsAnswered: 2 }, 58, null],
    // 40 + 6 + 15 out of 100.
    ['two exchanges, 4 stars, 3 of 4 requests answered', { completedExchanges: 2, averageRating: 4, ratingCount: 2, requestsReceived: 4, requestsAnswered: 3 }, 61, 75],
    ['a full record', { completedExchanges: 10, averageRating: 5, ratingCount: 10, requestsReceived: 10, requestsAnswered: 10 }, 100, 100],
    // Exchanges stop counting at 10: 30 + 50 * 3/5 + 0.
    ['many exchanges, 3 stars, no answers', { completedExchanges: 25, averageRating: 3, ratingCount: 20, requestsReceived: 5, requestsAnswered: 0 }, 60, 0],
    // A rating without its exchange (the other party's account was deleted): 50 * 2/5 / 80.
    ['a rating whose exchange is gone', { averageRating: 2, ratingCount: 1 }, 25, null],
  ])('%s', (_name, inputs, score, responseRate) => {
    expect(trustScore({ ...none, ...inputs })).toEqual({ score, responseRate });
  });

  it('never leaves 0-100, whatever it is given', () => {
    expect(trustScore({ completedExchanges: 1e6, averageRating: 9, ratingCount: 3, requestsReceived: 3, requestsAnswered: 99 })).toEqual({
      score: 100,
      responseRate: 100,
    });
    expect(trustScore({ completedExchanges: 1, averageRating: -2, ratingCount: 1, requestsReceived: -1, requestsAnswered: -5 })).toEqual({
      score: 4,
      responseRate: null,
    });
  });

  it('ignores an average without ratings behind it', () => {
    expect(trustScore({ ...none, completedExchanges: 1, averageRating: 5, ratingCount: 0 })).toEqual({ score: 4, responseRate: null });
  });

  it('explains itself in one line with the weights it uses', () => {
    expect(TRUST_SCORE_EXPLANATION).toBe(
      'Out of 100: average rating up to 50 points, completed exchanges 3 points each up to 30, response rate up to 20 (until 3 requests in 90 days, the other two are scaled to 100).',
    );
  });
});
