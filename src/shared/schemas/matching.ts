import { z } from 'zod';
import { MEANINGFUL_MATCH_SCORE } from '../domain/match-score.js';
import { PostItem, POST_MESSAGES } from './posts.js';

/** Each factor on a 0..1 scale (before weighting). */
export const MatchBreakdownSchema = z.object({
  complement: z.number(),
  overlap: z.number(),
  location: z.number(),
  activity: z.number(),
  freshness: z.number(),
});

/** Score 0..100 (the compatibility bar), its breakdown and up to 3 reasons. */
export const MatchInfo = z.object({
  score: z.number().int(),
  breakdown: MatchBreakdownSchema,
  reasons: z.array(z.string()),
});
export type MatchInfo = z.infer<typeof MatchInfo>;

/** A post in the feed or a match list; recent-mode items carry score 0 and a zero breakdown. */
export const FeedItem = PostItem.extend({ match: MatchInfo });
export type FeedItem = z.infer<typeof FeedItem>;

export const FeedResponse = z.object({
  items: z.array(FeedItem),
  nextOffset: z.number().nullable(),
  /** False when the viewer turned AI Match Suggestions off: compatibility mode answers no items. */
  matchingEnabled: z.boolean(),
});
export type FeedResponse = z.infer<typeof FeedResponse>;

export const MATCH_LIMITS = { limitDefault: 25, limitMax: 50 } as const;
const limitMessage = 'Limit must be between 1 and 50.';

/** GET /api/matches */
export const MatchesQuery = z.object({
  /** One of the viewer's own posts; omitted = general profile match. */
  postId: z.uuid({ error: POST_MESSAGES.postId }).optional(),
  limit: z.coerce
    .number({ error: limitMessage })
    .int(limitMessage)
    .min(1, limitMessage)
    .max(MATCH_LIMITS.limitMax, limitMessage)
    .default(MATCH_LIMITS.limitDefault),
  /** Only matches scoring at least this; by default the meaningful ones (My Posts' count). */
  minScore: z.coerce
    .number({ error: 'minScore must be between 0 and 100.' })
    .int('minScore must be between 0 and 100.')
    .min(0, 'minScore must be between 0 and 100.')
    .max(100, 'minScore must be between 0 and 100.')
    .default(MEANINGFUL_MATCH_SCORE),
});
export type MatchesQuery = z.input<typeof MatchesQuery>;

export const MatchesResponse = z.object({
  items: z.array(FeedItem),
  /** How many candidates scored at least minScore (at most the candidate pool, a few hundred). */
  total: z.number(),
  matchingEnabled: z.boolean(),
});
export type MatchesResponse = z.infer<typeof MatchesResponse>;
