import { LRUCache } from 'lru-cache';
import { FeedResponse } from '../../../shared/schemas/matching.js';
import { listJson } from '../../lib/list-json.js';
import { DATABASE_CHANNELS, type RealtimeHub } from '../../realtime/hub.js';
import type { FeedOptions } from './feed.service.js';
import { addedPostIds } from './kept-post-lists.js';

/** A list kept between requests that a feed page is read from, and that takes new posts in (`KeptPostLists`). */
export interface PostsTakingList {
  postsAdded(ids: string[]): Promise<void>;
}

/**
 * Longest a cached page is served. Writes end it at once; this bounds what only time changes
 * (the freshness factor of compatibility scores).
 */
export const FEED_CACHE_TTL_MS = 60_000;

/**
 * Serialized /api/feed pages per viewer and query, as long as nothing they could show changed.
 * Any write to posts, tags, profiles, settings, requests, ratings or categories empties it: on
 * this instance before the write's response goes out (`changed()` from the app's onSend hook),
 * on every instance when the database trigger's notification arrives through the hub. Pages
 * are computed once per key even when many requests miss together.
 */
export class FeedCache {
  private pages: Pages | undefined;

  constructor(
    private readonly maxBytes: number,
    private readonly ttlMs = FEED_CACHE_TTL_MS,
    /** Check each page against its schema as it is written (not in production: `listJson`). */
    private readonly checked = true,
  ) {
    this.pages = this.emptyPages();
  }

  /**
   * Subscribes to the database's change notifications; without this only local writes count.
   * Pages are read from `keptLists` (the newest posts, the match rankings), which take another
   * instance's new post in with a statement of their own once its notification comes: a page
   * computed meanwhile misses the post, so the cache is emptied again when they have it.
   */
  listen(hub: RealtimeHub, keptLists: readonly PostsTakingList[] = []): void {
    hub.subscribe(DATABASE_CHANNELS.contentChanged, (payload) => {
      this.changed();
      const ids = addedPostIds(payload);
      if (!ids || keptLists.length === 0) return;
      // A post announced twice is taken in once: this waits for the lists' own take-in.
      const emptyAgain = () => this.changed();
      void Promise.all(keptLists.map((list) => list.postsAdded(ids))).then(emptyAgain, emptyAgain);
    });
    hub.onGap(() => this.changed());
  }

  /** Something a feed could show changed: every cached page is dropped. */
  changed(): void {
    // A fresh cache rather than clear(): pages still being computed finish into the old one,
    // which nobody reads any more (clear() would abort them and fail their requests).
    this.pages = this.emptyPages();
  }

  /** The page as JSON, from the cache or from `compute`. */
  async page(viewerId: string, options: FeedOptions, compute: () => Promise<FeedResponse>): Promise<Buffer> {
    if (!this.pages) return this.serialize(await compute());
    const key = [viewerId, options.mode, options.postId ?? '', options.q ?? '', options.limit, options.offset].join('\n');
    const page = await this.pages.fetch(key, { context: compute });
    return page ?? this.serialize(await compute());
  }

  private serialize(response: FeedResponse): Buffer {
    return listJson(FeedResponse, response, this.checked);
  }

  private emptyPages(): Pages | undefined {
    if (this.maxBytes <= 0) return undefined;
    return new LRUCache<string, Buffer, () => Promise<FeedResponse>>({
      maxSize: this.maxBytes,
      sizeCalculation: (page, key) => page.length + key.length,
      ttl: this.ttlMs,
      fetchMethod: async (_key, _stale, { context: compute }) => this.serialize(await compute()),
    });
  }
}

type Pages = LRUCache<string, Buffer, () => Promise<FeedResponse>>;

