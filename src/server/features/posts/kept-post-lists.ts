import { LRUCache } from 'lru-cache';
import { DATABASE_CHANNELS, type RealtimeHub } from '../../realtime/hub.js';
import { AddedPosts } from './added-posts.js';

/** What a shared cache did since start (`/api/metrics`). */
export interface CacheCounts {
  lookups: number;
  reads: number;
  takenIn: number;
  emptied: number;
}

/** The payload prefix of a notification naming the posts a statement added (migration 0015). */
export const POSTS_ADDED_PREFIX = 'posts+';

const REMEMBERED_FORGETS = 10_000;

/**
 * Lists of posts an instance keeps between requests (a search's hits, a member's match ranking),
 * current through the database's notifications on the one realtime hub: a new post is taken into
 * every kept list it belongs to (`takeIn`, the subclass's), a notification named in `changedBy`
 * or a gap in them empties the cache, and `forget` drops one list. The instance that writes calls
 * `changed()` / `postsAdded()` itself before it answers, so its writer's next read sees the write.
 *
 * A list read while the cache was emptied, or while its own key was forgotten, is handed to its
 * requests but not kept; posts added while a list was read are taken into it afterwards (under
 * load a read can take longer than the community takes to post). Requests missing the same key
 * together share one read.
 */
export abstract class KeptPostLists<List extends object, Read extends List | null = List> {
  private readonly filling = new Map<string, Promise<Read>>();
  private readonly added = new AddedPosts();
  /** Bumped by every `changed()`; per key by `forget()`: a list read across one is not kept. */
  private epoch = 0;
  private readonly forgotten = new LRUCache<string, number>({ max: REMEMBERED_FORGETS });
  /** What the cache did since start (`/api/metrics`): lists asked for, read, posts taken in, times emptied. */
  readonly counts: CacheCounts = { lookups: 0, reads: 0, takenIn: 0, emptied: 0 };

  protected constructor(
    /** The kept lists by key; undefined turns the cache off. */
    protected readonly entries: LRUCache<string, List> | undefined,
    /** Notifications after which no kept list can be trusted. */
    private readonly changedBy: ReadonlySet<string>,
  ) {}

  /** False when turned off by configuration: every request then reads its own. */
  get enabled(): boolean {
    return this.entries !== undefined;
  }

  /** Subscribes to the database's change notifications. */
  listen(hub: RealtimeHub): void {
    hub.subscribe(DATABASE_CHANNELS.contentChanged, (payload) => {
      if (payload.startsWith(POSTS_ADDED_PREFIX)) void this.postsAdded(payload.slice(POSTS_ADDED_PREFIX.length).split(','));
      else if (this.changedBy.has(payload)) this.changed();
    });
    hub.onGap(() => this.changed());
  }

  /** Something any list could hold changed: all are dropped. */
  changed(): void {
    this.counts.emptied += 1;
    this.epoch += 1;
    this.entries?.clear();
  }

  /** One list can no longer be trusted: it is dropped, and a read of it under way is not kept. */
  forget(key: string): void {
    this.forgotten.set(key, (this.forgotten.get(key) ?? 0) + 1);
    this.entries?.delete(key);
  }

  /**
   * Posts were added (by this instance, before it answers, or by any, when the notification
   * comes): each kept list they belong to takes them in. A post announced twice is taken in
   * once, and both announcements wait for it.
   */
  async postsAdded(ids: string[]): Promise<void> {
    if (!this.entries) return;
    await this.added.add(ids, (fresh) => this.takeIn(fresh, [...(this.entries?.keys() ?? [])]));
  }

  /** The list kept under `key`, or read by `read` (which may answer null: nothing to keep). */
  protected async lookup(key: string, read: () => Promise<Read>): Promise<List | Read> {
    const kept = this.entries?.get(key);
    this.counts.lookups += 1;
    if (kept) return kept;
    const pending = this.filling.get(key);
    if (pending) return pending;
    const fill = this.fill(key, read).finally(() => this.filling.delete(key));
    this.filling.set(key, fill);
    return fill;
  }

  /**
   * Takes the added posts `ids` into the lists kept under `keys` (those still kept: `entries.peek`).
   * Must not fail: on an error it empties the cache (`changed()`).
   */
  protected abstract takeIn(ids: string[], keys: string[]): Promise<void>;

  private async fill(key: string, read: () => Promise<Read>): Promise<Read> {
    const epoch = this.epoch;
    const forgotten = this.forgotten.get(key);
    const addsBefore = this.added.count;
    this.counts.reads += 1;
    const list = await read();
    if (list === null) return list;
    const addedSince = this.added.since(addsBefore);
    if (epoch !== this.epoch || forgotten !== this.forgotten.get(key) || !addedSince) return list;
    this.entries?.set(key, list);
    if (addedSince.length > 0) await this.takeIn(addedSince, [key]);
    return list;
  }
}

/** Where `item` goes in `list`, sorted by `compare`: after every element that sorts before it. */
export function sortedPlace<T>(list: readonly T[], item: T, compare: (a: T, b: T) => number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const other = list[middle];
    if (other !== undefined && compare(other, item) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}
