/**
 * The Weekly Digest with 10,000 members and 50,000 posts on PostgreSQL (issue 13): the whole run
 * must finish in under 60 s, and the feed p95 while it runs must stay within 20 % of the feed p95
 * without it. A quarter of the members opt in (the digest is off by default); 2,000 have a pending
 * request on one of their posts and 1,000 conversations hold unread messages.
 * The server runs in its own process (feed cache off, so every feed request reaches the database;
 * its own digest job off); the digest runs as `npm run digest` (scripts/digest.mjs) in a third
 * process with the server's code and batch settings, as another instance's job would.
 */
import { execFile } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../src/server/db/client.js';
import { benchTargets, p95, seed, signInAs, startServer, stopServer, viewerEmailFor, type Target } from './exchange.js';

export const DIGEST_TARGETS = { seconds: 60, feedSlowdown: 1.2, members: 10_000, posts: 50_000 } as const;

const FEED_PATHS = ['/api/feed?limit=50', '/api/feed?limit=50&offset=50', '/api/feed?limit=50&offset=500'];

/** What `npm run digest` printed. */
export interface DigestRun {
  seconds: number;
  queued: number;
  members: number;
  empty: number;
  output: string;
}

export interface DigestFigures {
  seedSeconds: number;
  optedIn: number;
  run: DigestRun;
  feedP95: number;
  feedP95During: number;
  samplesDuring: number;
}

/** PostgreSQL only (the target is PostgreSQL's): BENCH_DATABASE_URL or a scratch database. */
export function digestTargets(databaseUrl: string | undefined): Target[] {
  const targets = benchTargets(databaseUrl);
  for (const t of targets) if (t.kind === 'pglite') t.cleanup();
  return targets.filter((t) => t.kind === 'postgres');
}

async function prepare(target: Target): Promise<number> {
  const handle = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  try {
    const db = handle.db;
    await db.execute(sql`INSERT INTO member_settings (user_id, weekly_digest)
      SELECT id, true FROM users WHERE abs(hashtext(id)) % 4 = 0
      ON CONFLICT (user_id) DO UPDATE SET weekly_digest = true`);
    // Pending requests: 2,000 members each ask for one post of someone else.
    await db.execute(sql`INSERT INTO exchange_requests (requester_id, post_id, message)
      SELECT r.id, p.id, 'I would love to swap'
      FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users WHERE abs(hashtext(id || 'r')) % 5 = 0 LIMIT 2000) r
      JOIN LATERAL (SELECT id FROM posts WHERE user_id <> r.id ORDER BY id OFFSET (r.n * 7919) % 40000 LIMIT 1) p ON true
      ON CONFLICT DO NOTHING`);
    // 1,000 conversations between neighbouring ids, with two unread messages each.
    await db.execute(sql`WITH pairs AS (
        SELECT id AS a, lead(id) OVER (ORDER BY id) AS b, row_number() OVER (ORDER BY id) AS n FROM users)
      , conv AS (INSERT INTO conversations (participant_1_id, participant_2_id)
          SELECT a, b FROM pairs WHERE b IS NOT NULL AND n % 2 = 1 LIMIT 1000 RETURNING id, participant_1_id)
      INSERT INTO messages (conversation_id, sender_id, content)
      SELECT id, participant_1_id, m FROM conv, (VALUES ('Hello neighbour!'), ('Are you free this weekend?')) v(m)`);
    await db.execute(sql`ANALYZE`);
    const [row] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM member_settings WHERE weekly_digest`);
    return row?.n ?? 0;
  } finally {
    await handle.close();
  }
}

/** Feed round trips of one signed-in member while `running` is unsettled; the p95 and how many. */
async function feedWhile(url: string, cookie: string, running: Promise<unknown>): Promise<{ p95: number; samples: number }> {
  let done = false;
  void running.finally(() => {
    done = true;
  });
  const times: number[] = [];
  for (let i = 0; !done; i += 1) {
    const started = performance.now();
    const res = await fetch(`${url}${FEED_PATHS[i % FEED_PATHS.length]}`, { headers: { cookie } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`feed: ${res.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p95: times[Math.ceil(times.length * 0.95) - 1] ?? Number.NaN, samples: times.length };
}

export async function benchDigest(target: Target): Promise<DigestFigures> {
  const step = (text: string) => console.log(`  ${target.kind}: ${text}`);
  step(`seeding ${DIGEST_TARGETS.members} members / ${DIGEST_TARGETS.posts} posts`);
  const seedSeconds = await seed(target, { members: DIGEST_TARGETS.members, posts: DIGEST_TARGETS.posts }, 0, true);
  const optedIn = await prepare(target);
  const server = await startServer(target, { FEED_CACHE_MB: '0', DIGEST_ENABLED: 'false' });
  try {
    const cookie = await signInAs(server.url, await viewerEmailFor());
    step('feed p95 without the digest');
    const feedP95 = await p95(server.url, cookie, FEED_PATHS);
    step(`digest for ${optedIn} opted-in members, feed measured meanwhile`);
    const running = digestScript(target, server.url);
    const during = await feedWhile(server.url, cookie, running);
    const run = await running;
    return { seedSeconds, optedIn, run, feedP95, feedP95During: during.p95, samplesDuring: during.samples };
  } finally {
    await stopServer(server.child);
  }
}

/** `npm run digest` against the bench database, in its own process. */
function digestScript(target: Target, appUrl: string): Promise<DigestRun> {
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATABASE_URL: target.databaseUrl ?? '',
    DATA_DIR: target.dataDir,
    APP_URL: appUrl,
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-42',
    LOG_LEVEL: 'warn',
  };
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['scripts/digest.mjs'], { env, timeout: 300_000 }, (error, stdout, stderr) => {
      const m = /: (\d+) queued \((\d+) opted-in members without this week's digest, (\d+) with nothing to report\) in ([\d.]+) s/.exec(stdout);
      if (error || !m) reject(new Error(`npm run digest failed: ${stderr || stdout || String(error)}`));
      else resolve({ queued: Number(m[1]), members: Number(m[2]), empty: Number(m[3]), seconds: Number(m[4]), output: stdout.trim() });
    });
  });
}
