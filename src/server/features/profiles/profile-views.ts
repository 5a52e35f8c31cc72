import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client.js';
import { KeptValues } from '../posts/kept-values.js';
import { PerDatabase } from '../posts/per-database.js';
import { REQUESTS_ADDED_PREFIX } from '../posts/post-cards.js';
import type { ProfileViewRow } from './profiles.service.js';

/**
 * Notifications after which no kept profile can be trusted: the profile, its account, its
 * settings (visibility, location sharing), ratings and reviews, answered or completed requests
 * (exchanges, the response signal) and category names. A new request names its post's author
 * (`REQUESTS_ADDED_PREFIX`): only their profile is forgotten.
 */
const VIEWS_CHANGED: ReadonlySet<string> = new Set(['profiles', 'users', 'member_settings', 'ratings', 'exchange_requests', 'skill_categories']);
const MAX_PROFILES = 5_000;
/** The response signal counts the last 90 days' requests: time alone changes it, slowly. */
const PROFILE_VIEWS_TTL_MS = 60_000;

const registry = new PerDatabase((db) => new ProfileViews(db));

/**
 * Each recently viewed profile as every viewer's /profile/{id} starts from (`ProfileViewRow`:
 * the profile, its settings, ratings, exchanges, reviews and response signal), kept between
 * requests: it was a seventh of the mixed load's statements (bench/RESULTS.md). What differs per
 * viewer (blocks, a connection to a hidden member) comes from their `ViewerStates`.
 * Kept only while this instance hears the database's notifications (`listen`): anything in
 * `VIEWS_CHANGED`, or a gap, empties it; a new request forgets its post author's. The instance
 * that answers a write does the same before the answer (the onSend hook, the requests service).
 */
export class ProfileViews extends KeptValues {
  /** Undefined until `listen`: nothing is kept. A null row: no such profile. */
  private views: LRUCache<string, { row: ProfileViewRow | null }> | undefined;

  constructor(private readonly db: Database) {
    super(VIEWS_CHANGED);
  }

  /** The views `getProfileView` reads through for this database (a new one, keeping nothing, when none was attached). */
  static of(db: Database): ProfileViews {
    return registry.of(db);
  }

  /** Makes this the views `getProfileView` reads through on its database. */
  attach(): this {
    return registry.attach(this.db, this);
  }

  protected override startKeeping(): void {
    this.views = new LRUCache({ max: MAX_PROFILES, ttl: PROFILE_VIEWS_TTL_MS });
  }

  /** The profile's view, kept or read by `read`. */
  async view(id: string, read: () => Promise<ProfileViewRow | null>): Promise<ProfileViewRow | null> {
    const kept = this.views?.get(id);
    if (kept) return kept.row;
    return (await this.once(id, async () => ({ row: await read() }), (value) => void this.views?.set(id, value))).row;
  }

  /** New requests name their posts' authors: their response signals changed (all, when too many to name). */
  protected heard(payload: string): void {
    if (!payload.startsWith(REQUESTS_ADDED_PREFIX)) return;
    const ids = payload.slice(REQUESTS_ADDED_PREFIX.length);
    if (ids === '') this.changed();
    else for (const id of ids.split(',')) this.forget(id);
  }

  protected dropAll(): void {
    this.views?.clear();
  }

  protected drop(id: string): void {
    this.views?.delete(id);
  }
}
