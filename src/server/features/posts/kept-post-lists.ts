import { sql, type SQL } from 'drizzle-orm';
import { arrayLiteral } from '../../db/sql-arrays.js';
import type { LRUCache } from 'lru-cache';
import { AddedPosts } from './added-posts.js';
import { KeptValues } from './kept-values.js';

/** What a shared cache did since start (`/api/metrics`). */
export interface CacheCounts {
  lookups: number;
  reads: number;
  takenIn: number;
  emptied: number;
}

/** The payload prefix of a notification naming the posts a statement added (migration 0015). */
export const POSTS_ADDED_PREFIX = 'posts+';

/** The ids a notification says were added (`POSTS_ADDED_PREFIX`), or null for any other notification. */
export function addedPostIds(payload: string): string[] | null {
  return payload.startsWith(POSTS_ADDED_PREFIX) ? payload.slice(POSTS_ADDED_PREFIX.length).split(',') : null;
}

/**
 * Lists of posts an instance keeps between requests (a search's hits, a member's match ranking),
 * current through the database's notifications (`KeptValues`): a new post is taken into every
 * kept list it belongs to (`takeIn`, the subclass's), a notification named in `changedBy` or a
 * gap in them empties the cache, and `forget` drops one list. The instance that writes calls
 * `changed()` / `postsAdded()` itself before it answers, so its writer's next read sees the write.
 *
 * A list read while the cache was emptied, or while its own key was forgotten, is handed to its
 * requests but not kept; posts added while a list was read are taken into it afterwards (under
 * load a read can take longer than the community takes to post). Requests missing the same key
 * together share one read.
 */
export abstract class KeptPostLists<List extends object, Read extends List | null = List> extends KeptValues {
  private readonly added = new AddedPosts();
  /** What the cache did since start (`/api/metrics`): lists asked for, read, posts taken in, times emptied. */
  readonly counts: CacheCounts = { lookups: 0, reads: 0, takenIn: 0, emptied: 0 };

  protected constructor(
    /** The kept lists by key; undefined turns the cache off. */
    protected readonly entries: LRUCache<string, List> | undefined,
    /** Notifications after which no kept list can be trusted. */
    changedBy: ReadonlySet<string>,
  ) {
    super(changedBy);
  }

  /** False when turned off by configuration: every request then reads its own. */
  get enabled(): boolean {
    return this.entries !== undefined;
  }

  protected heard(payload: string): void {
    const ids = addedPostIds(payload);
    if (ids) void this.postsAdded(ids);
  }

  protected dropAll(): void {
    this.counts.emptied += 1;
    this.entries?.clear();
  }

  protected drop(key: string): void {
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
    let addsBefore = 0;
    return this.once(
      key,
      () => {
        addsBefore = this.added.count;
        this.counts.reads += 1;
        return read();
      },
      async (list) => {
        if (list === null) return;
        const addedSince = this.added.since(addsBefore);
        if (!addedSince) return;
        this.entries?.set(key, list);
        if (addedSince.length > 0) await this.takeIn(addedSince, [key]);
      },
    );
  }

  /**
   * Takes the added posts `ids` into the lists kept under `keys` (those still kept: `entries.peek`).
   * Must not fail: on an error it empties the cache (`changed()`).
   */
  protected abstract takeIn(ids: string[], keys: string[]): Promise<void>;
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

/**
 * The condition of a take-in's added posts. One post (nearly always) is asked by its id alone:
 * asked as an array, PostgreSQL planned the statement again on every run (a plan for any array
 * looked dearer than one for the one id at hand), ~0.3 ms a list on PostgreSQL and most of the
 * take-in's 6.5 ms on PGlite; for one id the kept plan costs the same, so it is kept.
 */
export const postsById = (ids: readonly string[], column = sql`id`): SQL =>
  ids.length === 1 ? sql`${column} = ${ids[0]}::uuid` : sql`${column} = ANY(${arrayLiteral(ids)}::uuid[])`;
