import { RESPONSE_SIGNAL_MIN_REQUESTS } from './response-signal.js';

/** What the Trust Score is computed from: the member's own record, as the server counts it. */
export interface TrustInputs {
  /** Exchanges with status completed that the member asked for or offered. */
  completedExchanges: number;
  /** Average stars received (1-5); null without ratings. */
  averageRating: number | null;
  /** Ratings received. */
  ratingCount: number;
  /** Requests received on the member's posts over the last 90 days (the response signal's count). */
  requestsReceived: number;
  /** Of those, the ones the member accepted or declined. */
  requestsAnswered: number;
}

export interface TrustScore {
  /** 0-100, or null ('--') before the first completed exchange or rating. */
  score: number | null;
  /** Share of requests answered, 0-100, or null below 3 requests (too few to say anything). */
  responseRate: number | null;
}

/** Points each part can give, out of 100. */
export const TRUST_SCORE_WEIGHTS = { rating: 50, exchanges: 30, response: 20 } as const;
/** Completed exchanges that earn the full exchange part (3 points each). */
export const TRUST_SCORE_FULL_EXCHANGES = 10;

/** The one line the Trust Score card shows under the figures. */
export const TRUST_SCORE_EXPLANATION =
  `Out of 100: average rating up to ${TRUST_SCORE_WEIGHTS.rating} points, completed exchanges ` +
  `${TRUST_SCORE_WEIGHTS.exchanges / TRUST_SCORE_FULL_EXCHANGES} points each up to ${TRUST_SCORE_WEIGHTS.exchanges}, ` +
  `response rate up to ${TRUST_SCORE_WEIGHTS.response} (until ${RESPONSE_SIGNAL_MIN_REQUESTS} requests in 90 days, the other two are scaled to 100).`;

const clamp = (x: number, min: number, max: number) => Math.min(max, Math.max(min, x));

/**
 * The Trust Score of /verification, from real activity only (decisions.md, issue 13):
 * - rating: average stars / 5 of the 50 points (none without ratings);
 * - exchanges: 3 points per completed exchange, full 30 at 10;
 * - response: answered / received of the 20 points, only with at least 3 requests received in
 *   the last 90 days (the profile's response signal shows from the same threshold); below that the
 *   member was never really asked, so the part is left out and the rest is scaled to 100.
 * No score at all before the first completed exchange or rating: there is nothing to trust yet.
 */
export function trustScore(inputs: TrustInputs): TrustScore {
  const received = Math.max(0, Math.floor(inputs.requestsReceived));
  const answered = Math.min(received, Math.max(0, Math.floor(inputs.requestsAnswered)));
  const responseKnown = received >= RESPONSE_SIGNAL_MIN_REQUESTS;
  const responseRate = responseKnown ? Math.round((answered / received) * 100) : null;

  const completed = Math.max(0, Math.floor(inputs.completedExchanges));
  const rated = inputs.ratingCount > 0 && inputs.averageRating !== null;
  if (completed === 0 && !rated) return { score: null, responseRate };

  // Multiplied before divided, so 57.5 stays 57.5 (and rounds up) instead of 57.49999...
  const ratingPoints = rated ? (clamp((inputs.averageRating ?? 0), 0, 5) * TRUST_SCORE_WEIGHTS.rating) / 5 : 0;
  const exchangePoints = (Math.min(completed, TRUST_SCORE_FULL_EXCHANGES) * TRUST_SCORE_WEIGHTS.exchanges) / TRUST_SCORE_FULL_EXCHANGES;
  const responsePoints = responseKnown ? (answered * TRUST_SCORE_WEIGHTS.response) / received : 0;
  const outOf = TRUST_SCORE_WEIGHTS.rating + TRUST_SCORE_WEIGHTS.exchanges + (responseKnown ? TRUST_SCORE_WEIGHTS.response : 0);
  const score = Math.round(((ratingPoints + exchangePoints + responsePoints) * 100) / outOf);
  return { score, responseRate };
}
