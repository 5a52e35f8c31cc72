import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../src/server/db/client.js';
import { feed } from '../src/server/features/posts/feed.service.js';
import { searchPosts } from '../src/server/features/search/search.service.js';
import { findMatches } from '../src/server/features/matching/matching.service.js';
const h = await openDatabase({ databaseUrl: process.env.DB, dataDir: process.env.DIR ?? '/tmp/x' } as never);
const [v] = await queryRows<{ id: string }>(h.db, sql`SELECT id FROM users WHERE email LIKE '%@viewer.skillswap.local' LIMIT 1`);
const id = v!.id;
async function time(name: string, f: () => Promise<unknown>) {
  for (let i = 0; i < 20; i++) await f();
  const t: number[] = [];
  for (let i = 0; i < 150; i++) { const s = performance.now(); await f(); t.push(performance.now() - s); }
  t.sort((a, b) => a - b);
  console.log(name, 'p50', t[75]!.toFixed(2), 'p95', t[142]!.toFixed(2));
}
await time('feed p1', () => feed(h.db, id, { mode: 'recent', limit: 50, offset: 0 }));
await time('feed p11', () => feed(h.db, id, { mode: 'recent', limit: 50, offset: 500 }));
await time('search garden', () => searchPosts(h.db, id, { q: 'garden', serviceType: 'all', limit: 50, offset: 0 }));
await time('matches', () => findMatches(h.db, id, { limit: 50 }));
process.exit(0);
