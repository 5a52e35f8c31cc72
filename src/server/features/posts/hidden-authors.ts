import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { queryRows, type Database } from '../../db/client.js';
import { DATABASE_CHANNELS, type RealtimeHub } from '../../realtime/hub.js';
import { blockedMemberIds } from '../blocks/blocks.service.js';
import { connectionsOf } from './post-query.js';

/**
 * Notifications after which anyone's hidden authors may differ: Profile Visibility, blocks,
 * connections (a request answered; a new pending one, 'exchange_requests+', connects nobody)
 * and accounts.
 */
const HIDDEN_CHANGED: ReadonlySet<string> = new Set(['member_settings', 'member_blocks', 'exchange_requests', 'users']);
const MAX_VIEWERS = 1_000;
/** The key of the hidden members' read among the viewers' (no member id has a space). */
const HIDDEN_MEMBERS_KEY = ' hidden members';
/** A safety net: the sets are kept current by notifications, this bounds a missed one. */
export const HIDDEN_AUTHORS_TTL_MS = 60_000;

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

interface Exceptions {
  connections: ReadonlySet<string>;
  blocked: ReadonlySet<string>;
}

/**
 * Each recent viewer's hidden authors (`AuthorsHidden`) for the shared lists (`SearchHits.page`),
 * instead of a read for every search and filtered feed page (a tenth of the mixed load's
 * statements, bench/RESULTS.md): the community's hidden members read once and shared, each
 * viewer's exceptions (connections among them, blocks) read once per viewer. Kept only while this
 * instance hears the database's notifications (`listen`): anything named in `HIDDEN_CHANGED`, or
 * a gap in them, empties both, and the instance that answers such a write empties them before
 * the answer goes out (`changed`). The rules are still checked on every page's own rows
 * (`selectPosts`), so a set a notification has not reached yet can only make a page short,
 * never show a post it should not.
 */
export class HiddenAuthors {
  /** Undefined until `listen`: nothing is kept. */
  private viewers: LRUCache<string, Exceptions> | undefined;
  private hiddenMembers: ReadonlySet<string> | undefined;
  /** Reads under way, with the epoch they started in: a lookup after a change does not join one. */
  private readonly reading = new Map<string, { epoch: number; read: Promise<unknown> }>();
  /** Bumped by every `changed()`: a read across one is not kept. */
  private epoch = 0;

  constructor(private readonly db: Database) {}

  /** Keeps the sets from now on, current through the hub's change notifications. */
  listen(hub: RealtimeHub): void {
    this.viewers = new LRUCache({ max: MAX_VIEWERS, ttl: HIDDEN_AUTHORS_TTL_MS });
    hub.subscribe(DATABASE_CHANNELS.contentChanged, (payload) => {
      if (HIDDEN_CHANGED.has(payload)) this.changed();
    });
    hub.onGap(() => this.changed());
  }

  /** Someone's visibility, blocks or connections changed: everything kept is dropped. */
  changed(): void {
    this.epoch += 1;
    this.hiddenMembers = undefined;
    this.viewers?.clear();
  }

  /** The authors whose posts the viewer's lists leave out, the viewer among them. */
  async of(viewerId: string): Promise<AuthorsHidden> {
    const [hiddenMembers, exceptions] = await Promise.all([
      this.hiddenMembers ??
        this.once(HIDDEN_MEMBERS_KEY, () => this.readHiddenMembers(), (members) => {
          if (this.viewers) this.hiddenMembers = members;
        }),
      this.viewers?.get(viewerId) ?? this.once(viewerId, () => this.readExceptions(viewerId), (read) => this.viewers?.set(viewerId, read)),
    ]);
    return new AuthorsHidden(viewerId, hiddenMembers, exceptions.connections, exceptions.blocked);
  }

  /** Reads under `key`, shared by the lookups of one epoch, and kept by `keep` unless a change came meanwhile. */
  private async once<T>(key: string, read: () => Promise<T>, keep: (value: T) => void): Promise<T> {
    const pending = this.reading.get(key);
    if (pending?.epoch === this.epoch) return pending.read as Promise<T>;
    const epoch = this.epoch;
    const reading = read().finally(() => {
      if (this.reading.get(key)?.read === reading) this.reading.delete(key);
    });
    this.reading.set(key, { epoch, read: reading });
    const value = await reading;
    if (epoch === this.epoch) keep(value);
    return value;
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

  /** The viewer's connections among the hidden members, and the members blocked either way. */
  private async readExceptions(viewerId: string): Promise<Exceptions> {
    const [row] = await queryRows<{ connections: string[]; blocked: string[] }>(
      this.db,
      sql`SELECT ARRAY(SELECT c.id FROM (${connectionsOf(viewerId)}) AS c(id)
            WHERE EXISTS (SELECT 1 FROM member_settings ms WHERE ms.user_id = c.id AND ms.profile_visibility = false)) AS connections,
          ARRAY(${blockedMemberIds(viewerId)}) AS blocked`,
      'hidden_exceptions',
      {},
    );
    return { connections: new Set(row?.connections ?? []), blocked: new Set(row?.blocked ?? []) };
  }
}
