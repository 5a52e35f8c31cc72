import type { Database } from '../../db/client.js';

/**
 * The one instance of a kept cache that services reach through their database handle (the
 * app attaches its instance at start; `of` answers a new one keeping nothing when none was
 * attached, as for scripts and unit uses): `PostCards`, `ViewerStates`, `ProfileViews`.
 */
export class PerDatabase<T> {
  private readonly attached = new WeakMap<Database, T>();

  constructor(private readonly unattached: (db: Database) => T) {}

  of(db: Database): T {
    return this.attached.get(db) ?? this.unattached(db);
  }

  attach<V extends T>(db: Database, value: V): V {
    this.attached.set(db, value);
    return value;
  }
}
