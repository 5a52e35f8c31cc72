import { sql, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { ExchangeStatus } from '../../../shared/schemas/posts.js';
import { queryRows, type Database } from '../../db/client.js';
import { blockedMemberIds, type BlockState } from '../blocks/blocks.service.js';
import { KeptValues } from './kept-values.js';
import { PerDatabase } from './per-database.js';

/**
 * Notifications after which anyone's state may differ: Profile Visibility and AI match
 * suggestions, blocks, requests answered, withdrawn or deleted (connections and exchange
 * statuses; a new pending request names its sender and post, `REQUESTS_SENT_PREFIX`) and accounts.
 */
const STATES_CHANGED: ReadonlySet<string> = new Set(['member_settings', 'member_blocks', 'exchange_requests', 'users']);
/**
 * The payload prefix of a notification naming each new pending request as `<sender>:<post>`,
 * comma separated (migration 0021); nothing after it: too many to name. (Migration 0019's
 * 'exchange_requesters+' names the senders alone, for the instances of the version before.)
 */
export const REQUESTS_SENT_PREFIX = 'exchange_requests_sent+';
const MAX_VIEWERS = 1_000;
/** The key of the hidden members' read among the viewers' (no member id has a space). */
const HIDDEN_MEMBERS_KEY = ' hidden members';
/** A safety net: the states are kept current by notifications, this bounds a missed one. */
export const VIEWER_STATES_TTL_MS = 60_000;

/**
 * The authors whose posts a viewer's lists leave out: the viewer, the members with Profile
 * Visibility off who are not their connections, and the members blocked either way (the lists'
 * community rules, `scopeCondition`). Made of the community's hidden members, shared by every
 * viewer, and the viewer's few exceptions.
 */
export class AuthorsHidden {
  constructor(
    private readonly viewerId: string,
    private readonly hiddenMembers: ReadonlySet<string>,
    /** The viewer's connections among the hidden members: they see them. */
    private readonly connections: ReadonlySet<string>,
    private readonly blocked: ReadonlySet<string>,
  ) {}

  has(userId: string): boolean {
    return userId === this.viewerId || this.blocked.has(userId) || (this.hiddenMembers.has(userId) && !this.connections.has(userId));
  }

  /** True when the member is one of the viewer's connections among the hidden members (who sees their profile). */
  isHiddenConnection(userId: string): boolean {
    return this.connections.has(userId);
  }

  /**
   * How many posts of a list these authors wrote: the list's count for the community's hidden
   * members (kept with the list, the same set for every viewer) corrected for this viewer's
   * exceptions, instead of a lookup for each hidden member on every page.
   */
  postsIn(list: { postsBy(userId: string): number; postsByAll(members: ReadonlySet<string>): number }): number {
    let count = list.postsByAll(this.hiddenMembers);
    for (const userId of this.connections) {
      if (this.hiddenMembers.has(userId) && !this.has(userId)) count -= list.postsBy(userId);
    }
    for (const userId of new Set([this.viewerId, ...this.blocked])) {
      if (!this.hiddenMembers.has(userId)) count += list.postsBy(userId);
    }
    return count;
  }
}

/** What one viewer's lists of posts show besides the posts: whose posts they leave out, the viewer's requests. */
export interface ViewerState {
  hidden: AuthorsHidden;
  /** Who blocked whom between the viewer and a member (`blockState`'s answer). */
  blockWith(memberId: string): BlockState;
  /** The viewer's most recent live request on each post they asked about (`exchangeStatusColumn`'s rule). */
  exchangeStatuses: ReadonlyMap<string, ExchangeStatus>;
  /** The viewer's AI match suggestions setting (`matchingEnabledColumn`). */
  matchingEnabled: boolean;
}

interface ViewerRead {
  connections: ReadonlySet<string>;
  /** Blocked either way. */
  blocked: ReadonlySet<string>;
  /** Blocked by the viewer. */
  blocking: ReadonlySet<string>;
  exchangeStatuses: ReadonlyMap<string, ExchangeStatus>;
  matchingEnabled: boolean;
}

/**
 * The viewer's connections as a list (a statement's rows): the other party of every accepted or
 * completed exchange request between them, either direction. Profile Visibility's one statement
 * of who is connected (`authorVisibleTo`, `ViewerStates`, the match rankings' new posts).
 */
export function connectionsOf(viewerId: string | SQL): SQL {
  // post_author_id is set from the post on insert (migration 0017); never null, and said so (a
  // NOT IN over a list holding a null is never true).
  return sql`SELECT er.post_author_id FROM exchange_requests er
      WHERE er.requester_id = ${viewerId} AND er.status IN ('accepted', 'completed') AND er.post_author_id IS NOT NULL
    UNION ALL SELECT er.requester_id FROM exchange_requests er
      WHERE er.post_author_id = ${viewerId} AND er.status IN ('accepted', 'completed')`;
}

/** Whether the member wants AI match suggestions, as a column (no settings row: yes). */
export function matchingEnabledColumn(userId: string | SQL): SQL {
  return sql`coalesce((SELECT ms.ai_match_suggestions FROM member_settings ms WHERE ms.user_id = ${userId}), true)`;
}

const registry = new PerDatabase((db) => new ViewerStates(db));

/**
 * Each recent viewer's state for the lists of posts (`ViewerState`): their hidden authors for the
 * shared lists (`SearchHits.page`), and for a page of known posts (`selectPostsById`: search and
 * filtered feed pages, match winners) the viewer's exchange status of each post and their
 * matching setting, so that such a page needs no statement of its own (the page reads were a
 * quarter of the mixed load's statements, bench/RESULTS.md). The community's hidden members are
 * read once and shared; the rest once per viewer, in one statement.
 *
 * Kept only while this instance hears the database's notifications (`listen`): anything named in
 * `STATES_CHANGED`, or a gap in them, empties them all; a new request forgets its requester's
 * (the notification names them). The instance that answers such a write does the same before the
 * answer goes out (`changed`, `forget`), so the writer's next page shows it; other instances
 * within a notification's delay, as with the feed cache and the match rankings. Without `listen`
 * every lookup reads (`kept` is false and pages check the rules in their own statement).
 */
export class ViewerStates extends KeptValues {
  /** Undefined until `listen`: nothing is kept. */
  private viewers: LRUCache<string, ViewerRead> | undefined;
  /** Viewers' states read from the database since start (tests). */
  reads = 0;
  private hiddenMembers: ReadonlySet<string> | undefined;

  constructor(private readonly db: Database) {
    super(STATES_CHANGED);
  }

  /** The states every list of posts on `db` reads through (a new one, keeping nothing, when none was attached). */
  static of(db: Database): ViewerStates {
    return registry.of(db);
  }

  /** Makes this the states every list of posts on `db` reads through. */
  attach(): this {
    return registry.attach(this.db, this);
  }

  protected override startKeeping(): void {
    this.viewers = new LRUCache({ max: MAX_VIEWERS, ttl: VIEWER_STATES_TTL_MS });
  }

  /** New pending requests name their senders and posts: each sender's state says so (all forgotten, when too many to name). */
  protected heard(payload: string): void {
    if (!payload.startsWith(REQUESTS_SENT_PREFIX)) return;
    const pairs = payload.slice(REQUESTS_SENT_PREFIX.length);
    if (pairs === '') return this.changed();
    for (const pair of pairs.split(',')) {
      // A post id is a uuid: the sender's id is everything before its last ':'.
      const at = pair.lastIndexOf(':');
      const [viewerId, postId] = [pair.slice(0, at), pair.slice(at + 1)];
      if (viewerId && postId) this.requestSent(viewerId, postId);
    }
  }

  /**
   * The viewer sent a request on the post: pending, their most recent live one on it. Their kept
   * state says so without being read again (a new request changes nothing else a state holds),
   * and a read of it under way, which may have missed the request, is not kept.
   */
  requestSent(viewerId: string, postId: string): void {
    this.outdateReads(viewerId);
    const kept = this.viewers?.peek(viewerId);
    if (!kept || kept.exchangeStatuses.get(postId) === 'pending') return;
    const exchangeStatuses = new Map(kept.exchangeStatuses).set(postId, 'pending');
    this.viewers?.set(viewerId, { ...kept, exchangeStatuses }, { noUpdateTTL: true });
  }

  protected dropAll(): void {
    this.hiddenMembers = undefined;
    this.viewers?.clear();
  }

  protected drop(viewerId: string): void {
    this.viewers?.delete(viewerId);
  }

  /** The viewer's state, kept or read. */
  async of(viewerId: string): Promise<ViewerState> {
    const [hiddenMembers, read] = await Promise.all([
      this.hiddenMembers ??
        this.once(HIDDEN_MEMBERS_KEY, () => this.readHiddenMembers(), (members) => {
          if (this.viewers) this.hiddenMembers = members;
        }),
      this.viewers?.get(viewerId) ?? this.once(viewerId, () => this.readViewer(viewerId), (value) => void this.viewers?.set(viewerId, value)),
    ]);
    return {
      hidden: new AuthorsHidden(viewerId, hiddenMembers, read.connections, read.blocked),
      blockWith: (memberId) => (read.blocking.has(memberId) ? 'by_viewer' : read.blocked.has(memberId) ? 'by_other' : null),
      exchangeStatuses: read.exchangeStatuses,
      matchingEnabled: read.matchingEnabled,
    };
  }

  /** The members with Profile Visibility off (one row: the list as an array value). */
  private async readHiddenMembers(): Promise<ReadonlySet<string>> {
    const [row] = await queryRows<{ ids: string[] | null }>(
      this.db,
      sql`SELECT array_agg(ms.user_id) AS ids FROM member_settings ms WHERE ms.profile_visibility = false`,
      'hidden_members',
      {},
    );
    return new Set(row?.ids ?? []);
  }

  /**
   * The viewer's connections among the hidden members, the members blocked either way (and those
   * by the viewer), the
   * viewer's most recent live request on each post and their matching setting.
   */
  private async readViewer(viewerId: string): Promise<ViewerRead> {
    this.reads += 1;
    const [row] = await queryRows<{
      connections: string[];
      blocked: string[];
      blocking: string[];
      requests: [string, ExchangeStatus][];
      matching_enabled: boolean;
    }>(
      this.db,
      sql`SELECT ARRAY(SELECT c.id FROM (${connectionsOf(viewerId)}) AS c(id)
            WHERE EXISTS (SELECT 1 FROM member_settings ms WHERE ms.user_id = c.id AND ms.profile_visibility = false)) AS connections,
          ARRAY(${blockedMemberIds(viewerId)}) AS blocked,
          ARRAY(SELECT bo.blocked_id FROM member_blocks bo WHERE bo.blocker_id = ${viewerId}) AS blocking,
          (SELECT coalesce(json_agg(json_build_array(r.post_id, r.status)), '[]') FROM (
            SELECT DISTINCT ON (sr.post_id) sr.post_id, sr.status FROM exchange_requests sr
            WHERE sr.requester_id = ${viewerId} AND sr.status IN ('pending', 'accepted', 'completed')
            ORDER BY sr.post_id, sr.created_at DESC) AS r) AS requests,
          ${matchingEnabledColumn(viewerId)} AS matching_enabled`,
      'viewer_state',
      {},
    );
    return {
      connections: new Set(row?.connections ?? []),
      blocked: new Set(row?.blocked ?? []),
      blocking: new Set(row?.blocking ?? []),
      exchangeStatuses: new Map(row?.requests ?? []),
      matchingEnabled: row?.matching_enabled ?? true,
    };
  }
}
