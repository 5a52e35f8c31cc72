import { LRUCache } from 'lru-cache';
import { DATABASE_CHANNELS, type RealtimeHub } from '../../realtime/hub.js';

const REMEMBERED_FORGETS = 10_000;

/**
 * What an instance keeps between requests and the database's change notifications keep current,
 * on the one realtime hub: a notification named in `changedBy`, or a gap in them, drops
 * everything (`changed`), `forget` drops one key, and any other notification goes to `heard`
 * (new posts, new requests' senders). The instance that writes calls these itself before it
 * answers, so its writer's next read sees the write.
 *
 * Reads go through `once`: lookups missing the same key together share one read, and what is
 * read is kept (by the subclass's `keep`) only when no `changed` or `forget` of its key came while
 * it was read; a lookup after one starts a read of its own.
 */
export abstract class KeptValues {
  /** Bumped by every `changed()`: a read across one is not kept. */
  private epoch = 0;
  /** Per key, bumped by `forget()`: a read of it across one is not kept. */
  private readonly forgotten = new LRUCache<string, number>({ max: REMEMBERED_FORGETS });
  /** Reads under way, with the epoch and forgets they started in. */
  private readonly reading = new Map<string, { epoch: number; forgotten: number | undefined; read: Promise<unknown> }>();
  private listening = false;

  protected constructor(
    /** Notifications after which nothing kept can be trusted. */
    private readonly changedBy: ReadonlySet<string>,
  ) {}

  /** True while what is kept is current through the notifications (after `listen`). */
  get kept(): boolean {
    return this.listening;
  }

  /** Subscribes to the database's change notifications (and starts keeping: `startKeeping`). */
  listen(hub: RealtimeHub): void {
    this.listening = true;
    this.startKeeping();
    hub.subscribe(DATABASE_CHANNELS.contentChanged, (payload) => {
      if (this.changedBy.has(payload)) this.changed();
      else this.heard(payload);
    });
    hub.onGap(() => this.changed());
  }

  /** Something anything kept could depend on changed: all of it is dropped. */
  changed(): void {
    this.epoch += 1;
    this.dropAll();
  }

  /** What is kept under `key` can no longer be trusted: it is dropped, and a read of it under way is not kept. */
  forget(key: string): void {
    this.outdateReads(key);
    this.drop(key);
  }

  /** A read of `key` under way is not kept (what is kept was brought up to date in place by the caller). */
  protected outdateReads(key: string): void {
    this.forgotten.set(key, (this.forgotten.get(key) ?? 0) + 1);
  }

  /** Called by `listen`: a subclass that keeps nothing without the notifications makes its store here. */
  protected startKeeping(): void {}

  /** A notification outside `changedBy`. */
  protected abstract heard(payload: string): void;

  /** Drops everything kept. */
  protected abstract dropAll(): void;

  /** Drops what is kept under `key`. */
  protected abstract drop(key: string): void;

  /**
   * Reads under `key`, shared by the lookups that miss it together, and hands the value to `keep`
   * unless a `changed()` or a `forget(key)` came meanwhile; the lookups get it once kept.
   */
  protected once<T>(key: string, read: () => Promise<T>, keep: (value: T) => void | Promise<void>): Promise<T> {
    const epoch = this.epoch;
    const forgotten = this.forgotten.get(key);
    const pending = this.reading.get(key);
    if (pending?.epoch === epoch && pending.forgotten === forgotten) return pending.read as Promise<T>;
    const reading = (async () => {
      const value = await read();
      if (epoch === this.epoch && forgotten === this.forgotten.get(key)) await keep(value);
      return value;
    })().finally(() => {
      if (this.reading.get(key)?.read === reading) this.reading.delete(key);
    });
    this.reading.set(key, { epoch, forgotten, read: reading });
    return reading;
  }
}
