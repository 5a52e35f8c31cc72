import { sql } from 'drizzle-orm';
import type { AppConfig } from '../../config.js';
import { queryRows, type Database } from '../../db/client.js';
import { mailQueue } from '../../db/schema/index.js';
import { DATABASE_CHANNELS } from '../../realtime/hub.js';
import { distanceMiles } from '../geo/geo.service.js';
import { unsubscribeLinks } from '../mail/unsubscribe-token.js';
import { FILLER_TERMS } from '../matching/matching.service.js';
import { takesPartInMatching } from '../privacy/privacy-rules.js';
import { digestMail, type DigestContent } from './digest-mail.js';

/**
 * The Weekly Digest (issue 13): for every member who turned Weekly Digest on, one mail a week
 * with the new posts of the last 7 days that match their skills within their radius, the
 * exchange requests waiting for their answer and their unread messages. See ARCHITECTURE.md
 * "Weekly Digest" for the rules; in short:
 * - a post matches when what it offers shares a term with what the member looks for (their
 *   active posts' looking-for), or what it looks for shares a term with what the member offers
 *   (their active posts' offering and keywords, and their profile skill keywords);
 * - within the member's service radius of their ZIP; a post marked 'remote' matches from
 *   anywhere; an author with Location Sharing off has no usable distance, so only their remote
 *   posts can be listed (listing others only when near would give their whereabouts away);
 *   a member without a ZIP gets matches from anywhere;
 * - never their own posts, never a member they blocked or who blocked them, never a member
 *   whose Profile Visibility is off unless the two have an accepted or completed exchange, never
 *   a member with AI Match Suggestions off (as in 'top matches'); a member who turned AI Match
 *   Suggestions off gets no post section at all (the digest's posts are a match list);
 * - nothing to report (no post, no pending request, no unread message) = no mail that week.
 *
 * Set-based: the week's new posts are read once per run; members go in batches of
 * `batchSize` (keyset on the id), each batch costing six queries whatever its size (members
 * with their terms, blocks, connections to hidden authors, pending requests, unread counts,
 * one multi-row INSERT of the mails), matching in memory through a term index with a yield to
 * the event loop every few members, and a pause after each batch as long as the batch took, so
 * the feed keeps its share of the database and the CPU. A member whose mail of this week is
 * queued is skipped by the members query, so a second run of the week does no work;
 * `digest:<member>:<ISO week>` as the mail's dedupe key makes it a no-op even when two runs race.
 */

export interface DigestRunOptions {
  now?: Date;
  /** Members per batch. */
  batchSize?: number;
  /**
   * Pause between batches, in ms (yields the database and the event loop to requests).
   * Default: as long as the batch took (at least 50 ms), so the digest uses at most about half
   * of one connection's time and the feed keeps the rest.
   */
  pauseMs?: number;
  /** Only these members (tests in a shared database). */
  onlyMembers?: string[];
  /** Stops between batches (server shutdown); the next run picks up where this one stopped. */
  signal?: AbortSignal;
}

export interface DigestRunResult {
  week: string;
  /** Opted-in members looked at (without those already mailed this week). */
  members: number;
  queued: number;
  /** Nothing to report for them this week. */
  empty: number;
  batches: number;
  seconds: number;
}

export const DIGEST_WINDOW_DAYS = 7;
/** Posts listed in one mail (the total is said above the list). */
export const DIGEST_MAX_POSTS = 8;
/** Pending requests listed in one mail. */
export const DIGEST_MAX_REQUESTS = 5;
const MAX_TERMS = 40;
/** Members matched between two yields to the event loop (a few ms of work). */
const YIELD_EVERY = 20;

/** The ISO 8601 week of a moment (UTC), e.g. '2026-W48'. */
export function isoWeek(date: Date): string {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const day = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - day); // the Thursday of this week decides the year
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((d.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${d.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

export const digestDedupeKey = (userId: string, week: string) => `digest:${userId}:${week}`;

interface NewPostRow {
  id: string;
  user_id: string;
  title: string;
  created_at: Date | string;
  latitude: number | null;
  longitude: number | null;
  remote: boolean;
  offer_terms: string[];
  want_terms: string[];
  shares_location: boolean;
  author_hidden: boolean;
  author_name: string | null;
}

interface NewPost {
  id: string;
  userId: string;
  title: string;
  createdAt: Date;
  place: { latitude: number; longitude: number } | null;
  remote: boolean;
  offers: Set<string>;
  wants: Set<string>;
  authorHidden: boolean;
  authorName: string;
}

interface MemberRow {
  id: string;
  email: string;
  display_name: string | null;
  latitude: number | null;
  longitude: number | null;
  radius: number | null;
  matching: boolean;
  wants: string[] | null;
  skills: string[] | null;
}

const toDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));
const usable = (terms: string[] | null | undefined) =>
  (terms ?? []).filter((t) => t.length >= 3 && /^[\p{L}\p{N}]+$/u.test(t) && !/^\d+$/.test(t) && !FILLER_TERMS.has(t)).slice(0, MAX_TERMS);
const idList = (ids: string[]) => sql.join(ids.map((id) => sql`${id}`), sql`, `);

/** The active posts created in the window, with what each offers and wants as english lexemes. */
async function newPosts(db: Database, since: Date): Promise<NewPost[]> {
  const rows = await queryRows<NewPostRow>(
    db,
    sql`SELECT p.id, p.user_id, p.title, p.created_at, p.latitude, p.longitude,
          (p.service_type = 'remote' OR 'remote' = ANY(p.custom_tags)) AS remote,
          tsvector_to_array(ts_filter(p.search_vector, '{a,b,c}')) AS offer_terms,
          tsvector_to_array(to_tsvector('english', p.looking_for)) AS want_terms,
          NOT EXISTS (SELECT 1 FROM member_settings ml WHERE ml.user_id = p.user_id AND ml.location_sharing = false) AS shares_location,
          EXISTS (SELECT 1 FROM member_settings mv WHERE mv.user_id = p.user_id AND mv.profile_visibility = false) AS author_hidden,
          pr.display_name AS author_name
        FROM posts p LEFT JOIN profiles pr ON pr.id = p.user_id
        WHERE p.status = 'active' AND p.created_at >= ${since.toISOString()}::timestamptz
          AND ${takesPartInMatching(sql`p.user_id`)}
        ORDER BY p.created_at DESC, p.id DESC`,
  );
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    title: r.title,
    createdAt: toDate(r.created_at),
    place: r.shares_location && r.latitude !== null && r.longitude !== null ? { latitude: r.latitude, longitude: r.longitude } : null,
    remote: Boolean(r.remote),
    offers: new Set(usable(r.offer_terms)),
    wants: new Set(usable(r.want_terms)),
    authorHidden: Boolean(r.author_hidden),
    authorName: r.author_name?.trim() || 'User',
  }));
}

/** The next batch of opted-in members after `after` (id order) who have no digest this week yet. */
async function memberBatch(db: Database, week: string, after: string, size: number, only?: string[]): Promise<MemberRow[]> {
  return queryRows<MemberRow>(
    db,
    sql`SELECT u.id, u.email, pr.display_name, pr.latitude, pr.longitude, pr.service_radius_miles AS radius,
          ms.ai_match_suggestions AS matching,
          (SELECT tsvector_to_array(to_tsvector('english', coalesce(string_agg(op.looking_for, ' '), '')))
             FROM posts op WHERE op.user_id = u.id AND op.status = 'active') AS wants,
          (SELECT tsvector_to_array(to_tsvector('english',
               coalesce(string_agg(op.offering || ' ' || immutable_array_to_text(op.custom_tags), ' '), '')
               || ' ' || coalesce(immutable_array_to_text(pr.skill_keywords), '')))
             FROM posts op WHERE op.user_id = u.id AND op.status = 'active') AS skills
        FROM member_settings ms
        JOIN users u ON u.id = ms.user_id
        LEFT JOIN profiles pr ON pr.id = u.id
        WHERE ms.weekly_digest = true AND u.email_verified = true AND u.id > ${after}
          ${only ? sql`AND u.id IN (${only.length > 0 ? idList(only) : sql`NULL`})` : sql``}
          AND NOT EXISTS (SELECT 1 FROM mail_queue mq WHERE mq.dedupe_key = 'digest:' || u.id || ':' || ${week})
        ORDER BY u.id
        LIMIT ${size}`,
  );
}

/** Each batch member's members on the other side of a block (either direction). */
async function blockedPairs(db: Database, ids: string[]): Promise<Map<string, Set<string>>> {
  const rows = await queryRows<{ a: string; b: string }>(
    db,
    sql`SELECT blocker_id AS a, blocked_id AS b FROM member_blocks WHERE blocker_id IN (${idList(ids)}) OR blocked_id IN (${idList(ids)})`,
  );
  return pairMap(rows);
}

function pairMap(rows: { a: string; b: string }[]): Map<string, Set<string>> {
  const map = new Map<string, Set<string>>();
  const add = (from: string, to: string) => {
    const set = map.get(from) ?? new Set<string>();
    set.add(to);
    map.set(from, set);
  };
  for (const r of rows) {
    add(r.a, r.b);
    add(r.b, r.a);
  }
  return map;
}

/** Each batch member's hidden authors with whom they have an accepted or completed exchange (connections see hidden members). */
async function hiddenConnections(db: Database, ids: string[], hiddenAuthors: string[]): Promise<Map<string, Set<string>>> {
  if (hiddenAuthors.length === 0) return new Map();
  const rows = await queryRows<{ a: string; b: string }>(
    db,
    sql`SELECT er.requester_id AS a, er.post_author_id AS b FROM exchange_requests er
        WHERE er.status IN ('accepted', 'completed')
          AND ((er.requester_id IN (${idList(ids)}) AND er.post_author_id IN (${idList(hiddenAuthors)}))
            OR (er.post_author_id IN (${idList(ids)}) AND er.requester_id IN (${idList(hiddenAuthors)})))`,
  );
  return pairMap(rows);
}

interface PendingRow {
  owner_id: string;
  requester_id: string;
  requester_name: string | null;
  post_title: string;
  total: number | string;
}

/** The newest pending requests on each batch member's posts (not from blocked members), and their number. */
async function pendingRequests(db: Database, ids: string[]): Promise<PendingRow[]> {
  return queryRows<PendingRow>(
    db,
    sql`SELECT owner_id, requester_id, requester_name, post_title, total FROM (
          SELECT cp.user_id AS owner_id, er.requester_id, rp.display_name AS requester_name, cp.title AS post_title,
            count(*) OVER (PARTITION BY cp.user_id) AS total,
            row_number() OVER (PARTITION BY cp.user_id ORDER BY er.created_at DESC) AS n
          FROM posts cp
          JOIN exchange_requests er ON er.post_id = cp.id AND er.status = 'pending'
          LEFT JOIN profiles rp ON rp.id = er.requester_id
          WHERE cp.user_id IN (${idList(ids)})
            AND NOT EXISTS (SELECT 1 FROM member_blocks b
              WHERE (b.blocker_id = cp.user_id AND b.blocked_id = er.requester_id)
                 OR (b.blocker_id = er.requester_id AND b.blocked_id = cp.user_id))
        ) t WHERE n <= ${DIGEST_MAX_REQUESTS}`,
  );
}

/** Unread messages to each batch member, from members neither side blocked. */
async function unreadCounts(db: Database, ids: string[]): Promise<Map<string, number>> {
  const rows = await queryRows<{ member: string; unread: number | string }>(
    db,
    sql`SELECT me.id AS member, count(*) AS unread
        FROM (VALUES ${sql.join(ids.map((id) => sql`(${id})`), sql`, `)}) AS me(id)
        JOIN conversations c ON c.participant_1_id = me.id OR c.participant_2_id = me.id
        JOIN messages m ON m.conversation_id = c.id AND m.is_read = false AND m.sender_id <> me.id
        WHERE NOT EXISTS (SELECT 1 FROM member_blocks b
          WHERE (b.blocker_id = me.id AND b.blocked_id = m.sender_id) OR (b.blocker_id = m.sender_id AND b.blocked_id = me.id))
        GROUP BY me.id`,
  );
  return new Map(rows.map((r) => [r.member, Number(r.unread)]));
}

/** The week's posts indexed by term: which posts offer it, which look for it. */
interface PostIndex {
  posts: NewPost[];
  offering: Map<string, number[]>;
  wanting: Map<string, number[]>;
}

function indexPosts(posts: NewPost[]): PostIndex {
  const offering = new Map<string, number[]>();
  const wanting = new Map<string, number[]>();
  const add = (map: Map<string, number[]>, term: string, i: number) => {
    const list = map.get(term);
    if (list) list.push(i);
    else map.set(term, [i]);
  };
  posts.forEach((post, i) => {
    for (const t of post.offers) add(offering, t, i);
    for (const t of post.wants) add(wanting, t, i);
  });
  return { posts, offering, wanting };
}

/**
 * The matching posts for one member, best first (most shared terms, then newest): only the
 * posts that share a term are looked at, through the term index.
 */
function matchPosts(
  member: MemberRow,
  index: PostIndex,
  blocked: Set<string> | undefined,
  connected: Set<string> | undefined,
): { post: NewPost; shared: number }[] {
  if (!member.matching) return [];
  const shared = new Map<number, number>();
  for (const t of usable(member.wants)) for (const i of index.offering.get(t) ?? []) shared.set(i, (shared.get(i) ?? 0) + 1);
  for (const t of usable(member.skills)) for (const i of index.wanting.get(t) ?? []) shared.set(i, (shared.get(i) ?? 0) + 1);
  const home = member.latitude !== null && member.longitude !== null ? { latitude: member.latitude, longitude: member.longitude } : null;
  const radius = Math.max(member.radius ?? 10, 1);
  const found: { i: number; post: NewPost; shared: number }[] = [];
  for (const [i, count] of shared) {
    const post = index.posts[i];
    if (!post || post.userId === member.id || blocked?.has(post.userId)) continue;
    if (post.authorHidden && !connected?.has(post.userId)) continue;
    if (home && !post.remote) {
      if (!post.place) continue;
      if (distanceMiles(home.latitude, home.longitude, post.place.latitude, post.place.longitude) > radius) continue;
    }
    found.push({ i, post, shared: count });
  }
  // Posts are indexed newest first: the lower index wins a tie.
  return found.sort((a, b) => b.shared - a.shared || a.i - b.i);
}

/** A batch's mails as one multi-row INSERT (same columns and dedupe rule as `enqueueMail`), then one wake-up. */
async function queueMails(
  db: Database,
  mails: { userId: string; to: string; subject: string; text: string; html: string; headers: Record<string, string>; dedupeKey: string }[],
): Promise<number> {
  if (mails.length === 0) return 0;
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(mailQueue)
      .values(
        mails.map((m) => ({
          kind: 'digest',
          userId: m.userId,
          toAddress: m.to,
          subject: m.subject,
          textBody: m.text,
          htmlBody: m.html,
          headers: m.headers,
          dedupeKey: m.dedupeKey,
        })),
      )
      .onConflictDoNothing({ target: mailQueue.dedupeKey })
      .returning({ id: mailQueue.id });
    if (inserted.length > 0) await tx.execute(sql`SELECT pg_notify(${DATABASE_CHANNELS.mailQueued}, '')`);
    return inserted.length;
  });
}

type DigestConfig = Pick<AppConfig, 'appName' | 'appUrl' | 'authSecret' | 'supportEmail'>;

/** Builds and queues this week's digests for every opted-in member (see the module comment). */
export async function runDigest(db: Database, config: DigestConfig, options: DigestRunOptions = {}): Promise<DigestRunResult> {
  const started = performance.now();
  const now = options.now ?? new Date();
  const week = isoWeek(now);
  const since = new Date(now.getTime() - DIGEST_WINDOW_DAYS * 86_400_000);
  const batchSize = options.batchSize ?? 250;
  const posts = await newPosts(db, since);
  const index = indexPosts(posts);
  const hiddenAuthors = [...new Set(posts.filter((p) => p.authorHidden).map((p) => p.userId))];
  const result: DigestRunResult = { week, members: 0, queued: 0, empty: 0, batches: 0, seconds: 0 };
  let after = '';
  for (;;) {
    const batchStarted = performance.now();
    const members = await memberBatch(db, week, after, batchSize, options.onlyMembers);
    if (members.length === 0) break;
    after = members[members.length - 1]?.id ?? after;
    result.batches += 1;
    result.members += members.length;
    const ids = members.map((m) => m.id);
    const [blocked, connected, pending, unread] = [
      await blockedPairs(db, ids),
      await hiddenConnections(db, ids, hiddenAuthors),
      await pendingRequests(db, ids),
      await unreadCounts(db, ids),
    ];
    const pendingBy = new Map<string, PendingRow[]>();
    for (const row of pending) {
      const list = pendingBy.get(row.owner_id);
      if (list) list.push(row);
      else pendingBy.set(row.owner_id, [row]);
    }
    const mails = [];
    for (const [n, member] of members.entries()) {
      // Matching is in memory: let requests in every few members.
      if (n % YIELD_EVERY === YIELD_EVERY - 1) await new Promise((resolve) => setImmediate(resolve));
      const matches = matchPosts(member, index, blocked.get(member.id), connected.get(member.id));
      const requests = pendingBy.get(member.id) ?? [];
      const content: DigestContent = {
        name: member.display_name?.trim() || null,
        posts: matches.slice(0, DIGEST_MAX_POSTS).map(({ post }) => ({ id: post.id, title: post.title, authorId: post.userId, authorName: post.authorName })),
        postTotal: matches.length,
        requests: requests.map((r) => ({ requesterName: r.requester_name?.trim() || 'User', postTitle: r.post_title })),
        requestTotal: Number(requests[0]?.total ?? 0),
        unreadMessages: unread.get(member.id) ?? 0,
      };
      if (content.postTotal === 0 && content.requestTotal === 0 && content.unreadMessages === 0) {
        result.empty += 1;
        continue;
      }
      const links = unsubscribeLinks({ appUrl: config.appUrl, secret: config.authSecret }, member.id, 'weeklyDigest');
      const mail = digestMail(config, content, links.pageUrl);
      mails.push({ userId: member.id, to: member.email, ...mail, headers: links.headers, dedupeKey: digestDedupeKey(member.id, week) });
    }
    result.queued += await queueMails(db, mails);
    if (members.length < batchSize || options.signal?.aborted) break;
    const pauseMs = options.pauseMs ?? Math.max(50, performance.now() - batchStarted);
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  result.seconds = (performance.now() - started) / 1000;
  return result;
}
