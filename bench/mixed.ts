/**
 * Mixed load with writes (issue 14 section 2): 100 signed-in members for 60 s at the 50,000-post
 * community, each cycling through four reads (feed pages and filters, a search, a profile, their
 * matches) and one write (a new post, a chat message or an exchange request): 20 % writes,
 * which empty the feed cache as they go. Targets: zero errors (a busy answer the members retry
 * as the web app does is not one; they are counted apart), server memory < 500 MB, p99 under
 * 200 ms on PostgreSQL and 500 ms on the embedded database. The per-member write limits are off
 * for the run (POSTS_PER_HOUR=0 and friends): each bench member writes far more than a person.
 * MIXED_LOG_LEVEL=info keeps the server's request log (each request read and answered, with its
 * time) in the output, to see where requests wait; MIXED_ENCODING sets the members'
 * Accept-Encoding (default 'br, gzip, deflate', as fetch sends it; 'identity': no compression).
 * MIXED_DUMP=<file> writes one line per request (ms since the start, its time in ms, its kind),
 * to see how the tail moves through the run.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../src/server/db/client.js';
import { addPasswords } from '../src/server/db/seed/accounts.js';
import { BENCH_PASSWORD, seed, signInAs, startServer, stopServer, type Target } from './exchange.js';

export const MIXED_TARGETS = {
  members: 100,
  seconds: 60,
  rssMb: 500,
  p99Ms: { postgres: 200, pglite: 500 },
} as const;

const COMMUNITY = { members: 10_000, posts: 50_000 };
const REQUEST_TIMEOUT_MS = 10_000;
/** The run's first seconds, when each member's matches are ranked for the first time and the searches read. */
const WARM_UP_MS = 10_000;
/** The web app's retries of a busy answer (web/lib/api-client.ts). */
const BUSY_RETRIES = 3;
const SEARCH_TERMS = ['photo', 'garden', 'guitar lessons', 'spanish', 'bike repair', 'yoga', 'tax', 'sourdough', 'dog', 'excel'];

export interface MixedFigures {
  kind: 'pglite' | 'postgres';
  requests: number;
  writes: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** p99 of the requests started after the first `WARM_UP_MS` (caches warm): where the run's tail comes from. */
  warmP99: number;
  errors: number;
  /** 503 answers of the overload gate, retried or not (a retried one is not an error). */
  busyAnswers: number;
  /** What failed, by route and status, for the log. */
  errorKinds: Record<string, number>;
  rssPeakMb: number;
  /** Per kind of request: count and p99, for RESULTS.md. */
  byKind: Record<string, { count: number; p99: number }>;
  /** The shared caches over the run (/api/metrics): lookups, and reads from the database. */
  caches: Record<CacheName, { lookups: number; reads: number }>;
}

const METRICS_TOKEN = 'bench-metrics-token-mixed-0123';
const CACHES = ['search', 'match', 'card', 'signal'] as const;
type CacheName = (typeof CACHES)[number];

/** The shared caches' counters from the server's /api/metrics. */
async function cacheCounts(url: string): Promise<MixedFigures['caches']> {
  const text = await (await fetch(`${url}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const value = (name: string) => Number(text.match(new RegExp(`^${name} (\\S+)$`, 'm'))?.[1] ?? 0);
  const of = (cache: string) => ({ lookups: value(`skillswap_${cache}_cache_lookups_total`), reads: value(`skillswap_${cache}_cache_reads_total`) });
  return { search: of('search'), match: of('match'), card: of('card'), signal: of('signal') };
}

interface Member {
  id: string;
  email: string;
  cookie: string;
}

/** The bench's members (given the bench password) and a pool of other members' posts to ask about. */
async function prepare(target: Target): Promise<{ members: Omit<Member, 'cookie'>[]; postIds: string[] }> {
  const handle = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  try {
    const members = await queryRows<{ id: string; email: string }>(
      handle.db,
      sql`SELECT u.id, u.email FROM users u JOIN profiles p ON p.id = u.id LEFT JOIN member_settings s ON s.user_id = u.id
          WHERE u.email NOT LIKE '%@viewer.skillswap.local' AND coalesce(s.profile_visibility, true)
          ORDER BY u.email LIMIT ${MIXED_TARGETS.members}`,
    );
    await handle.db.execute(sql`DELETE FROM accounts WHERE user_id IN (${sql.join(members.map((m) => sql`${m.id}`), sql`, `)})`);
    await addPasswords(handle.db, members.map((m) => m.id), BENCH_PASSWORD);
    const ids = new Set(members.map((m) => m.id));
    const posts = await queryRows<{ id: string; user_id: string }>(
      handle.db,
      sql`SELECT p.id, p.user_id FROM posts p LEFT JOIN member_settings s ON s.user_id = p.user_id
          WHERE p.status = 'active' AND coalesce(s.profile_visibility, true) ORDER BY md5(p.id::text) LIMIT 20000`,
    );
    return { members, postIds: posts.filter((p) => !ids.has(p.user_id)).map((p) => p.id) };
  } finally {
    await handle.close();
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.max(0, Math.ceil(sorted.length * p) - 1)] ?? Number.NaN;
}

function rssMb(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
    return line ? Number(line[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** Runs the mixed benchmark on one database (seeding the community first, unless `seeded`: a copy of a seeded one). */
export async function benchMixed(target: Target, { seeded = false } = {}): Promise<MixedFigures> {
  const step = (text: string) => console.log(`  ${target.kind}: ${text}`);
  if (!seeded) {
    step(`seeding ${COMMUNITY.members} members / ${COMMUNITY.posts} posts`);
    await seed(target, COMMUNITY, 0, true);
  }
  const { members: accounts, postIds } = await prepare(target);

  // BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the server under this load.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const server = await startServer(
    target,
    { LOG_LEVEL: process.env.MIXED_LOG_LEVEL ?? 'warn', METRICS_TOKEN, POSTS_PER_HOUR: '0', ACTIVE_POSTS_MAX: '0', EXCHANGE_REQUESTS_PER_HOUR: '0', MESSAGES_PER_MINUTE: '0' },
    nodeArgs,
  );
  try {
    step(`signing in ${accounts.length} members`);
    const members: Member[] = [];
    for (const [i, account] of accounts.entries()) members.push({ ...account, cookie: await signInAs(server.url, account.email, `10.${i}.8.9`) });

    // Each member talks with the next one: one conversation each, opened before the clock starts.
    const conversations = new Map<string, string>();
    for (const [i, member] of members.entries()) {
      const other = members[(i + 1) % members.length];
      if (!other) continue;
      const res = await fetch(`${server.url}/api/conversations`, {
        method: 'POST',
        headers: { cookie: member.cookie, origin: server.url, 'content-type': 'application/json' },
        body: JSON.stringify({ memberId: other.id }),
      });
      if (!res.ok) throw new Error(`opening a conversation failed: ${res.status} ${await res.text()}`);
      conversations.set(member.id, ((await res.json()) as { id: string }).id);
    }

    const times: number[] = [];
    const dump: string[] = [];
    /** Requests started after the first `WARM_UP_MS`, when every member's matches were ranked once and the searches read. */
    const warmTimes: number[] = [];
    let runStarted = Number.POSITIVE_INFINITY;
    const byKind = new Map<string, number[]>();
    const errorKinds: Record<string, number> = {};
    let errors = 0;
    let busyAnswers = 0;
    let writes = 0;
    let nextPost = 0;
    let rssPeak = rssMb(server.child.pid);
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(server.child.pid))), 250);

    // The members' requests go through node:http on kept-alive connections (each member has one request out at a time) and
    // their answers are drained, not decompressed: fetch (undici) cost this process 2-5 ms of CPU
    // per request (a feed page's brotli decoded), CPU the server and database share on this
    // 2-core machine (bench/RESULTS.md, 2026-11-27 late evening). The server's work is the same.
    const agent = new http.Agent({ keepAlive: true });
    const send = (member: Member, method: string, path: string, body?: unknown): Promise<{ status: number; retryAfter: number }> =>
      new Promise((resolve) => {
        const payload = body === undefined ? undefined : JSON.stringify(body);
        const req = http.request(
          `${server.url}${path}`,
          {
            method,
            agent,
            signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
            headers: {
              cookie: member.cookie,
              origin: server.url,
              'accept-encoding': process.env.MIXED_ENCODING ?? 'br, gzip, deflate',
              ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
            },
          },
          (res) => {
            res.on('error', () => resolve({ status: 0, retryAfter: 0 }));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: Number(res.headers['retry-after']) }));
            res.resume();
          },
        );
        req.on('error', () => resolve({ status: 0, retryAfter: 0 }));
        req.end(payload);
      });
    // As the web app does (web/lib/api-client.ts): a request the overload gate turned away (503
    // with Retry-After: nothing ran) is sent again after that wait plus up to a second, three
    // times at most; its time counts from the first try, and only a final failure is an error.
    const call = async (member: Member, kind: string, method: string, path: string, body?: unknown) => {
      const started = performance.now();
      let { status, retryAfter } = await send(member, method, path, body);
      for (let retry = 0; status === 503 && retryAfter > 0 && retry < BUSY_RETRIES; retry += 1) {
        busyAnswers += 1;
        await new Promise((resolve) => setTimeout(resolve, Math.min(retryAfter, 10) * 1000 + Math.random() * 1000));
        ({ status, retryAfter } = await send(member, method, path, body));
      }
      if (status === 503) busyAnswers += 1;
      const elapsed = performance.now() - started;
      times.push(elapsed);
      if (process.env.MIXED_DUMP) dump.push(`${(started - runStarted).toFixed(0)} ${elapsed.toFixed(0)} ${kind}`);
      if (started - runStarted >= WARM_UP_MS) warmTimes.push(elapsed);
      const list = byKind.get(kind) ?? [];
      list.push(elapsed);
      byKind.set(kind, list);
      if (status < 200 || status >= 300) {
        errors += 1;
        const key = `${kind} ${status || 'timeout'}`;
        errorKinds[key] = (errorKinds[key] ?? 0) + 1;
      }
    };

    const reads: ((member: Member, n: number) => Promise<void>)[] = [
      (m, n) => call(m, 'feed', 'GET', `/api/feed?limit=50&offset=${(n % 4) * 50}`),
      (m, n) => call(m, 'feed filtered', 'GET', `/api/feed?limit=50&q=${encodeURIComponent(SEARCH_TERMS[n % SEARCH_TERMS.length] ?? 'garden')}`),
      (m, n) => call(m, 'feed compatibility', 'GET', `/api/feed?limit=50&mode=compatibility&offset=${(n % 2) * 50}`),
      (m, n) => call(m, 'search', 'GET', `/api/search?q=${encodeURIComponent(SEARCH_TERMS[(n * 3) % SEARCH_TERMS.length] ?? 'yoga')}&limit=50`),
      (m, n) => call(m, 'profile', 'GET', `/api/profiles/${members[(n * 7) % members.length]?.id ?? m.id}`),
      (m) => call(m, 'matches', 'GET', '/api/matches?limit=50'),
    ];
    const write = async (member: Member, n: number) => {
      writes += 1;
      const kind = n % 3;
      if (kind === 0) {
        await call(member, 'new post', 'POST', '/api/posts', {
          title: `Bench swap ${n}`,
          // Lists, as members write them: the post gets its post_tags rows (and their notification).
          offering: 'Bike repair, a hand with garden tools',
          lookingFor: 'Spanish conversation practice, sourdough baking',
          keywords: ['Bikes'],
          format: 'in_person',
        });
      } else if (kind === 1) {
        await call(member, 'message', 'POST', `/api/conversations/${conversations.get(member.id) ?? ''}/messages`, { content: `Bench message ${n}` });
      } else {
        const postId = postIds[nextPost++ % postIds.length] ?? '';
        await call(member, 'request', 'POST', '/api/requests', { postId, message: 'Would you like to swap?' });
      }
    };

    step(`${members.length} members for ${MIXED_TARGETS.seconds} s: feed pages and filters, search, profiles, matches; 20 % writes`);
    const cachesBefore = await cacheCounts(server.url);
    const started = performance.now();
    runStarted = started;
    const deadline = started + MIXED_TARGETS.seconds * 1000;
    await Promise.all(
      members.map(async (member, i) => {
        for (let n = i; performance.now() < deadline; n += 1) {
          for (let r = 0; r < 4; r += 1) await reads[(n * 4 + r) % reads.length]?.(member, n * 4 + r);
          await write(member, n);
        }
      }),
    );
    const elapsedSeconds = (performance.now() - started) / 1000;
    if (process.env.MIXED_DUMP) writeFileSync(process.env.MIXED_DUMP, `${dump.join('\n')}\n`);
    clearInterval(sampler);
    agent.destroy();
    const cachesAfter = await cacheCounts(server.url);
    const caches = Object.fromEntries(
      CACHES.map((name) => [
        name,
        { lookups: cachesAfter[name].lookups - cachesBefore[name].lookups, reads: cachesAfter[name].reads - cachesBefore[name].reads },
      ]),
    ) as MixedFigures['caches'];

    times.sort((a, b) => a - b);
    warmTimes.sort((a, b) => a - b);
    const kinds: MixedFigures['byKind'] = {};
    for (const [kind, list] of byKind) {
      list.sort((a, b) => a - b);
      kinds[kind] = { count: list.length, p99: percentile(list, 0.99) };
    }
    return {
      kind: target.kind,
      requests: times.length,
      writes,
      rps: times.length / elapsedSeconds,
      p50: percentile(times, 0.5),
      p95: percentile(times, 0.95),
      p99: percentile(times, 0.99),
      warmP99: percentile(warmTimes, 0.99),
      errors,
      busyAnswers,
      errorKinds,
      rssPeakMb: rssPeak,
      byKind: kinds,
      caches,
    };
  } finally {
    await stopServer(server.child);
  }
}
