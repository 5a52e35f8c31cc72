/**
 * The exchange lifecycle at the 50,000-post community (issue 11):
 * - one member with 200 requests across 50 posts (and 300 notifications): p95 of one client's
 *   GET /api/network (< 30 ms) and GET /api/notifications (< 20 ms), measured as the exchange
 *   benchmark measures (200 samples after 50 warm-up calls, over HTTP, server in its own process);
 * - 50 post owners signed in at once for 10 s, each accepting or declining its pending requests
 *   and completing the accepted ones, every accept racing a decline of the same request: zero
 *   errors (anything but 200, or the loser's 409), and afterwards exactly one notification per
 *   event in the database (none lost, none duplicated).
 * The targets are for PostgreSQL; the embedded database is measured and printed for information.
 */
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Database } from '../src/server/db/client.js';
import { progressReporter, type SeedProgress } from '../src/server/db/seed/progress.js';
import { loadClientEmails, p95, seed, signInAs, startServer, stopServer, viewerEmailFor, type Target } from './exchange.js';

export const LIFECYCLE_TARGETS = { networkP95Ms: 30, notificationsP95Ms: 20, concurrentSeconds: 10, owners: 50 } as const;

/** Pending requests each owner of the concurrency run starts with (more than 10 s can use). */
const PENDING_PER_OWNER = 60;

export interface LifecycleFigures {
  kind: 'pglite' | 'postgres';
  networkP95: number;
  notificationsP95: number;
  /** Requests the 50 owners answered (accepted or declined) in 10 s, and exchanges completed. */
  answered: number;
  completed: number;
  /** Answers other than 200 or the losing side's 409. */
  errors: number;
  /** Races where both sides won or both lost (must be 0). */
  raceViolations: number;
  lostNotifications: number;
  duplicatedNotifications: number;
}

/** A PostgreSQL array literal of plain words (ids, statuses): drizzle would spread a JS array. */
const pgArray = (values: string[]) => `{${values.join(',')}}`;

async function withDb<T>(target: Target, fn: (db: Database) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  try {
    return await fn(handle.db);
  } finally {
    await handle.close();
  }
}

/** Gives `userId` `count` more posts, copied from other members' posts; returns all their post ids. */
async function addPosts(db: Database, userId: string, count: number): Promise<string[]> {
  await db.execute(sql`
    INSERT INTO posts (user_id, title, description, offering, looking_for, category_id, author_category_id, zip_code)
    SELECT ${userId}, title, description, offering, looking_for, category_id, author_category_id, zip_code
    FROM posts WHERE user_id <> ${userId} ORDER BY id LIMIT ${count}`);
  const rows = await queryRows<{ id: string }>(db, sql`SELECT id FROM posts WHERE user_id = ${userId} ORDER BY id`);
  return rows.map((r) => r.id);
}

/**
 * The viewer's network: 160 requests on their 50 posts from distinct members (pending,
 * accepted, completed, declined) and 40 of their own on others' posts, each with its
 * conversation; 300 notifications; plus background requests and notifications of others.
 */
async function seedViewerNetwork(db: Database, viewerId: string, progress: SeedProgress): Promise<void> {
  const steps = 7;
  progress('network and notifications', 0, steps);
  const postIds = await addPosts(db, viewerId, 48);
  const incoming = ['pending', 'accepted', 'completed', 'declined'];
  await db.execute(sql`
    INSERT INTO exchange_requests (requester_id, post_id, status, message, created_at, responded_at, completed_at)
    SELECT m.id, (${pgArray(postIds)}::uuid[])[1 + (m.n % ${postIds.length})],
           (${pgArray(incoming)}::text[])[1 + (m.n % 4)],
           'I would love to swap skills with you.',
           now() - (m.n || ' hours')::interval,
           CASE WHEN m.n % 4 <> 0 THEN now() - (m.n || ' hours')::interval + interval '3 hours' END,
           CASE WHEN m.n % 4 = 2 THEN now() - interval '1 hour' END
    FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users WHERE id <> ${viewerId} ORDER BY id LIMIT 160) m`);
  progress('network and notifications', 1, steps);
  await db.execute(sql`
    INSERT INTO exchange_requests (requester_id, post_id, status, message, created_at, responded_at)
    SELECT ${viewerId}, p.id, (ARRAY['pending', 'accepted', 'declined'])[1 + (p.n % 3)], 'Shall we swap?',
           now() - (p.n || ' hours')::interval,
           CASE WHEN p.n % 3 <> 0 THEN now() - (p.n || ' hours')::interval + interval '1 hour' END
    FROM (SELECT id, row_number() OVER (ORDER BY id DESC) AS n FROM posts WHERE user_id <> ${viewerId} ORDER BY id DESC LIMIT 40) p`);
  progress('network and notifications', 2, steps);
  await db.execute(sql`
    INSERT INTO conversations (participant_1_id, participant_2_id, post_id)
    SELECT r.requester_id, p.user_id, r.post_id FROM exchange_requests r JOIN posts p ON p.id = r.post_id
    WHERE r.requester_id = ${viewerId} OR p.user_id = ${viewerId}
    ON CONFLICT DO NOTHING`);
  progress('network and notifications', 3, steps);
  // Everyone else's activity: 20,000 requests between other members, 50,000 notifications.
  await db.execute(sql`
    INSERT INTO exchange_requests (requester_id, post_id, status, created_at, responded_at)
    SELECT u.id, p.id, (ARRAY['pending', 'accepted', 'declined', 'completed'])[1 + (p.n % 4)],
           now() - (p.n % 2000 || ' hours')::interval,
           CASE WHEN p.n % 4 <> 0 THEN now() - (p.n % 2000 || ' hours')::interval + interval '5 hours' END
    FROM (SELECT id, user_id, row_number() OVER (ORDER BY id) AS n FROM posts WHERE user_id <> ${viewerId} ORDER BY id LIMIT 20000) p
    JOIN (SELECT id, row_number() OVER (ORDER BY id DESC) AS n FROM users WHERE id <> ${viewerId}) u ON u.n = 1 + (p.n * 7) % 9000
    WHERE u.id <> p.user_id`);
  progress('network and notifications', 4, steps);
  await db.execute(sql`
    INSERT INTO notifications (user_id, type, title, message, is_read, created_at)
    SELECT u.id, 'exchange_request', 'New exchange request', 'Someone wants to exchange on "A post"', g % 2 = 0,
           now() - (g || ' hours')::interval
    FROM (SELECT id FROM users WHERE id <> ${viewerId} ORDER BY id LIMIT 5000) u, generate_series(1, 10) g`);
  progress('network and notifications', 5, steps);
  await db.execute(sql`
    INSERT INTO notifications (user_id, type, title, message, data, is_read, created_at)
    SELECT ${viewerId}, (ARRAY['exchange_request', 'request_accepted', 'request_declined', 'exchange_completed', 'rating_received'])[1 + g % 5],
           'Notification ' || g, 'Something happened on "Guitar lessons" ' || g, '{}'::jsonb, g > 100,
           now() - (g * 2 || ' hours')::interval
    FROM generate_series(1, 300) g`);
  progress('network and notifications', 6, steps);
  await db.execute(sql`ANALYZE`);
  progress('network and notifications', 7, steps);
}

/** Each load client gets one fresh post with `PENDING_PER_OWNER` pending requests from distinct members. */
async function seedPendingForOwners(db: Database, ownerEmails: string[]): Promise<Map<string, string[]>> {
  const pending = new Map<string, string[]>();
  for (const [i, email] of ownerEmails.entries()) {
    const [owner] = await queryRows<{ id: string }>(db, sql`SELECT id FROM users WHERE email = ${email}`);
    if (!owner) throw new Error(`no member ${email}`);
    const [post] = await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO posts (user_id, title, description, offering, looking_for, category_id, author_category_id, zip_code)
          SELECT ${owner.id}, 'Bench swap ' || ${i}, description, offering, looking_for, category_id, author_category_id, zip_code
          FROM posts ORDER BY id LIMIT 1 RETURNING id`,
    );
    if (!post) throw new Error('no post');
    const rows = await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO exchange_requests (requester_id, post_id, status, message)
          SELECT u.id, ${post.id}, 'pending', 'Bench request'
          FROM users u WHERE u.id <> ${owner.id} AND u.email NOT IN (${sql.join(ownerEmails.map((e) => sql`${e}`), sql`, `)})
          ORDER BY md5(u.id || ${i}) LIMIT ${PENDING_PER_OWNER}
          RETURNING id`,
    );
    pending.set(email, rows.map((r) => r.id));
  }
  return pending;
}

async function patch(url: string, cookie: string, id: string, status: string): Promise<number> {
  const res = await fetch(`${url}/api/requests/${id}`, {
    method: 'PATCH',
    headers: { cookie, origin: url, 'content-type': 'application/json' },
    body: JSON.stringify({ status }),
  });
  await res.arrayBuffer();
  return res.status;
}

/** 50 owners for 10 s: accept racing decline on each request, then complete the accepted ones. */
async function concurrentLifecycle(url: string, cookies: Map<string, string>, pending: Map<string, string[]>) {
  const deadline = performance.now() + LIFECYCLE_TARGETS.concurrentSeconds * 1000;
  const touched: { id: string; outcome: 'accepted' | 'declined'; completed: boolean }[] = [];
  let errors = 0;
  let raceViolations = 0;
  await Promise.all(
    [...pending.entries()].map(async ([email, ids]) => {
      const cookie = cookies.get(email) ?? '';
      for (const id of ids) {
        if (performance.now() > deadline) return;
        const [accept, decline] = await Promise.all([patch(url, cookie, id, 'accepted'), patch(url, cookie, id, 'declined')]);
        for (const s of [accept, decline]) if (s !== 200 && s !== 409) errors += 1;
        if ((accept === 200) === (decline === 200)) {
          raceViolations += 1;
          continue;
        }
        const outcome = accept === 200 ? 'accepted' : 'declined';
        let completed = false;
        if (outcome === 'accepted') {
          const s = await patch(url, cookie, id, 'completed');
          if (s === 200) completed = true;
          else errors += 1;
        }
        touched.push({ id, outcome, completed });
      }
    }),
  );
  return { touched, errors, raceViolations };
}

/** Notifications per request and type, checked against what the run did. */
async function countNotifications(db: Database, touched: { id: string; outcome: string; completed: boolean }[]) {
  const ids = touched.map((t) => t.id);
  const rows = ids.length
    ? await queryRows<{ request_id: string; type: string; n: number }>(
        db,
        sql`SELECT data->>'requestId' AS request_id, type, count(*)::int AS n FROM notifications
            WHERE data->>'requestId' = ANY(${pgArray(ids)}::text[]) GROUP BY 1, 2`,
      )
    : [];
  const seen = new Map(rows.map((r) => [`${r.request_id}:${r.type}`, Number(r.n)]));
  let lost = 0;
  let duplicated = 0;
  for (const t of touched) {
    const expected = [t.outcome === 'accepted' ? 'request_accepted' : 'request_declined'];
    if (t.completed) expected.push('exchange_completed');
    for (const type of expected) {
      const n = seen.get(`${t.id}:${type}`) ?? 0;
      if (n === 0) lost += 1;
      if (n > 1) duplicated += n - 1;
    }
    const wrong = t.outcome === 'accepted' ? 'request_declined' : 'request_accepted';
    duplicated += seen.get(`${t.id}:${wrong}`) ?? 0;
  }
  return { lost, duplicated };
}

/** Runs the lifecycle benchmark on one (fresh) database. */
export async function benchLifecycle(target: Target): Promise<LifecycleFigures> {
  const step = (text: string) => console.log(`  ${target.kind}: ${text}`);
  step('seeding 10,000 members / 50,000 posts, a 200-request network and 300 notifications');
  await seed(target, { members: 10_000, posts: 50_000 }, 0, true);
  const viewerEmail = await viewerEmailFor();
  const ownerEmails = await loadClientEmails(target);
  const pending = await withDb(target, async (db) => {
    const [viewer] = await queryRows<{ id: string }>(db, sql`SELECT id FROM users WHERE email = ${viewerEmail}`);
    if (!viewer) throw new Error('no viewer');
    const progress = progressReporter(`  ${target.kind}: seeding`);
    try {
      await seedViewerNetwork(db, viewer.id, progress.update);
    } finally {
      progress.end();
    }
    return seedPendingForOwners(db, ownerEmails);
  });

  const server = await startServer(target);
  let measured: { networkP95: number; notificationsP95: number };
  let run: Awaited<ReturnType<typeof concurrentLifecycle>>;
  try {
    step('measuring GET /api/network and GET /api/notifications');
    const cookie = await signInAs(server.url, viewerEmail);
    measured = {
      networkP95: await p95(server.url, cookie, ['/api/network']),
      notificationsP95: await p95(server.url, cookie, ['/api/notifications']),
    };
    step(`${ownerEmails.length} owners accepting, declining and completing for ${LIFECYCLE_TARGETS.concurrentSeconds} s`);
    const cookies = new Map<string, string>();
    for (const [i, email] of ownerEmails.entries()) cookies.set(email, await signInAs(server.url, email, `10.${i}.8.9`));
    run = await concurrentLifecycle(server.url, cookies, pending);
  } finally {
    await stopServer(server.child);
  }
  // After the server stops: the embedded database belongs to one process at a time.
  const counted = await withDb(target, (db) => countNotifications(db, run.touched));
  return {
    kind: target.kind,
    ...measured,
    answered: run.touched.length,
    completed: run.touched.filter((t) => t.completed).length,
    errors: run.errors,
    raceViolations: run.raceViolations,
    lostNotifications: counted.lost,
    duplicatedNotifications: counted.duplicated,
  };
}
