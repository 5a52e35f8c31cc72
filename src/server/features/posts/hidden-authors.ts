import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { queryRows, type Database } from '../../db/client.js';
import { DATABASE_CHANNELS, type RealtimeHub } from '../../realtime/hub.js';
import { authorsHiddenFrom } from './post-query.js';

/**
 * Notifications after which anyone's hidden authors may differ: Profile Visibility, blocks,
 * connections (a request answered; a new pending one, 'exchange_requests+', connects nobody)
 * and accounts.
 */
const HIDDEN_CHANGED: ReadonlySet<string> = new Set(['member_settings', 'member_blocks', 'exchange_requests', 'users']);
const MAX_VIEWERS = 1_000;
/** A safety net: the sets are kept current by notifications, this bounds a missed one. */
export const HIDDEN_AUTHORS_TTL_MS = 60_000;

/**
 * Whose posts each recent viewer's shared lists leave out (`SearchHits.page`): the viewer, the
 * members hidden from them and the members blocked either way (`authorsHiddenFrom`). Read once
 * per viewer instead of for every search and filtered feed page (a tenth of the mixed load's
 * statements, bench/RESULTS.md), and kept only while this instance hears the database's
 * notifications (`listen`): anything named in `HIDDEN_CHANGED`, or a gap in them, empties it, and
 * the instance that answers such a write empties it before the answer goes out (`changed`).
 * The rules are still checked on every page's own rows (`selectPosts`), so a set a notification
 * has not reached yet can only make a page short, never show a post it should not.
 */
export class HiddenAuthors {
  private kept: LRUCache<string, ReadonlySet<string>> | undefined;
  /** Reads under way, with the epoch they started in: a lookup after a change does not join one. */
  private readonly reading = new Map<string, { epoch: number; ids: Promise<ReadonlySet<string>> }>();
  /** Bumped by every `changed()`: a set read across one is not kept. */
  private epoch = 0;

  constructor(private readonly db: Database) {}

  /** Keeps the sets from now on, current through the hub's change notifications. */
  listen(hub: RealtimeHub): void {
    this.kept = new LRUCache({ max: MAX_VIEWERS, ttl: HIDDEN_AUTHORS_TTL_MS });
    hub.subscribe(DATABASE_CHANNELS.contentChanged, (payload) => {
      if (HIDDEN_CHANGED.has(payload)) this.changed();
    });
    hub.onGap(() => this.changed());
  }

  /** Someone's visibility, blocks or connections changed: every kept set is dropped. */
  changed(): void {
    this.epoch += 1;
    this.kept?.clear();
  }

  /** The authors whose posts the viewer's lists leave out, the viewer among them. */
  async of(viewerId: string): Promise<ReadonlySet<string>> {
    const kept = this.kept?.get(viewerId);
    if (kept) return kept;
    const pending = this.reading.get(viewerId);
    if (pending?.epoch === this.epoch) return pending.ids;
    const epoch = this.epoch;
    const ids = this.read(viewerId).finally(() => {
      if (this.reading.get(viewerId)?.ids === ids) this.reading.delete(viewerId);
    });
    this.reading.set(viewerId, { epoch, ids });
    const read = await ids;
    if (epoch === this.epoch) this.kept?.set(viewerId, read);
    return read;
  }

  /** One row: the list as an array value, cheaper to read than a row each. */
  private async read(viewerId: string): Promise<ReadonlySet<string>> {
    const [row] = await queryRows<{ ids: string[] | null }>(
      this.db,
      sql`SELECT array_agg(h.user_id) AS ids FROM (${authorsHiddenFrom(viewerId)}) AS h(user_id)`,
      'authors_hidden',
      {},
    );
    return new Set([viewerId, ...(row?.ids ?? [])]);
  }
}
