/**
 * How match scores spread on the demo community (docs/decisions/003, 'Meaningful matches'):
 * `node --import tsx bench/match-distribution.ts`. Seeds the demo into an in-memory database,
 * matches every post against the community, and prints the scores by kind of pair (offers
 * something the post asks for / only shares what it already offers / shares nothing) and how many
 * 'Matches' a post would show at a few thresholds.
 */
import { sql } from 'drizzle-orm';
import { MEANINGFUL_MATCH_SCORE } from '../src/shared/domain/match-score.js';
import { openDatabase, queryRows } from '../src/server/db/client.js';
import { seedDemo } from '../src/server/db/seed/demo.js';
import { findMatches } from '../src/server/features/matching/matching.service.js';

const handle = await openDatabase({ dataDir: 'memory://' });
try {
  await seedDemo(handle.db);
  const posts = await queryRows<{ id: string; user_id: string }>(handle.db, sql`SELECT id, user_id FROM posts`);
  const pairs: { score: number; complement: number; overlap: number }[] = [];
  const perPost: number[][] = [];
  for (const post of posts) {
    const result = await findMatches(handle.db, post.user_id, { postId: post.id, limit: 200 });
    perPost.push(result.items.map((item) => item.match.score));
    for (const item of result.items) pairs.push({ score: item.match.score, ...item.match.breakdown });
  }
  const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.floor(q * (values.length - 1))] ?? 0;
  const describe = (name: string, scores: number[]) =>
    console.log(
      `${name.padEnd(28)} ${String(scores.length).padStart(6)} pairs, scores ${Math.min(...scores)} to ${Math.max(...scores)}, median ${quantile(scores, 0.5)}, p90 ${quantile(scores, 0.9)}`,
    );
  console.log(`${posts.length} posts, ${pairs.length} scored pairs`);
  describe('offers what the post asks', pairs.filter((p) => p.complement > 0).map((p) => p.score));
  describe('only shares what it offers', pairs.filter((p) => p.complement === 0 && p.overlap > 0).map((p) => p.score));
  describe('shares nothing', pairs.filter((p) => p.complement === 0 && p.overlap === 0).map((p) => p.score));
  const complementary = pairs.filter((p) => p.complement > 0);
  for (const threshold of [21, 35, 40, MEANINGFUL_MATCH_SCORE, 45, 50]) {
    const counts = perPost.map((scores) => scores.filter((s) => s >= threshold).length);
    console.log(
      `at ${threshold}${threshold === MEANINGFUL_MATCH_SCORE ? ' (the threshold)' : ''}: matches per post median ${quantile(counts, 0.5)}, p90 ${quantile(counts, 0.9)}, max ${Math.max(...counts)}, ${counts.filter((c) => c === 0).length} posts with none; ${complementary.filter((p) => p.score < threshold).length} of ${complementary.length} complementary pairs below`,
    );
  }
} finally {
  await handle.close();
}
