import { LRUCache } from 'lru-cache';

const REMEMBERED = 10_000;
const POST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The posts a cache heard were added, in order, with the work it did on each: a post announced
 * twice (by its route before it answers, and by its insert notification) is taken in once, and
 * both announcements wait for that one take-in, whichever came first.
 */
export class AddedPosts {
  private readonly work = new LRUCache<string, Promise<void>>({ max: REMEMBERED });
  private readonly recent: string[] = [];
  /** How many posts were added in all (`since` reads the ones after a count). */
  count = 0;

  /** Runs `takeIn` (which must not fail) for the ids not heard of before, and waits for every id's take-in. */
  async add(ids: readonly string[], takeIn: (fresh: string[]) => Promise<void>): Promise<void> {
    const valid = ids.filter((id) => POST_ID.test(id));
    const waits = valid.flatMap((id) => this.work.get(id) ?? []);
    const fresh = valid.filter((id) => !this.work.has(id));
    if (fresh.length > 0) {
      this.recent.push(...fresh);
      this.count += fresh.length;
      if (this.recent.length > REMEMBERED) this.recent.splice(0, this.recent.length - REMEMBERED);
      const done = takeIn(fresh);
      for (const id of fresh) this.work.set(id, done);
      waits.push(done);
    }
    await Promise.all(waits);
  }

  /** The ids added after `count` was read, or null when too many came to remember. */
  since(count: number): string[] | null {
    const added = this.count - count;
    if (added > this.recent.length) return null;
    return added === 0 ? [] : this.recent.slice(-added);
  }
}
