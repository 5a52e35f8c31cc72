import { sql } from 'drizzle-orm';
import { arrayLiteral } from '../../db/sql-arrays.js';
import { LRUCache } from 'lru-cache';
import { queryRows, type Database } from '../../db/client.js';
import { isoTime } from '../../db/iso-time.js';
import { DATABASE_CHANNELS, type RealtimeHub } from '../../realtime/hub.js';
import { responseSignalsQuery, type SignalRow } from '../profiles/response-signal.js';
import type { CacheCounts } from './kept-post-lists.js';
import { PerDatabase } from './per-database.js';
import { markKept } from './post-item-json.js';
import type { PostRow } from './post-query.js';

/** What a post's card shows that is the same for every viewer: the post and its author's profile. */
export type PostCard = Omit<
  PostRow,
  'exchange_status' | 'pending_request_count' | 'total' | 'signal_received' | 'signal_responded' | 'signal_median_seconds'
>;

/** An author's response signal counts, or null: no request on their posts in the window. */
export type AuthorSignal = Omit<SignalRow, 'author_id'> | null;

/** The payload prefix of a notification naming the authors whose posts got new requests (migration 0018). */
export const REQUESTS_ADDED_PREFIX = 'exchange_requests+';

/**
 * Notifications after which no card can be trusted: a post edited or gone, an author's name or
 * photo. Not 'post_tags': cards show none of it (their tags are the post's own column), and every
 * new post with tags inserts some (an edit of them updates the post too).
 */
const CARDS_CHANGED: ReadonlySet<string> = new Set(['posts', 'profiles', 'users']);
/** Notifications after which no signal can be trusted: a request answered, withdrawn or deleted. */
const SIGNALS_CHANGED: ReadonlySet<string> = new Set(['exchange_requests', REQUESTS_ADDED_PREFIX, 'users']);
/** Signals count requests of the last 90 days: time alone changes them, slowly. */
export const SIGNALS_TTL_MS = 60_000;
/** Cards are kept current by notifications; this bounds a missed one. */
const CARDS_TTL_MS = 300_000;


/** A card's columns, over aliases p (the post) and pr (its author's profile). */
export const CARD_COLUMNS = sql`p.id, p.user_id, p.title, p.description, p.offering, p.looking_for, p.additional_context,
          to_json(p.custom_tags) AS custom_tags, p.category_id, NULL::text AS category_name,
          p.available_from::text AS available_from, p.available_until::text AS available_until,
          p.preferred_days, p.preferred_times, p.availability_description, p.status,
          ${isoTime('p.created_at')} AS created_at, ${isoTime('p.updated_at')} AS updated_at,
          pr.display_name AS author_name, pr.photo_id::text AS author_photo_id,
          pr.primary_category_id AS author_category_id, NULL::text AS author_category_name`;

const registry = new PerDatabase((db) => new PostCards(db, 0));

/**
 * Post cards and authors' response signals kept between requests, for every viewer: a page of
 * posts is then one lean statement (which posts, in which order, and the viewer's own state of
 * each: `selectPosts`) and what is shown of each post comes from here. Reading the cards' wide
 * columns, their authors and the authors' signals in every page was most of a page's database
 * time, and under writes every page was read again (bench/RESULTS.md, 2026-11-28).
 *
 * Kept current by the database's notifications through the hub: a post edited or deleted or a
 * profile changed empties the cards, a request answered empties the signals, a new request
 * forgets its post author's signal (the notification names them), a gap in the notifications
 * empties both. The instance that writes does the same before it answers (`app.ts`, the requests
 * route), so the writer's next read sees the write. A read that started before an emptying is
 * handed to its request but not kept. New posts change no card. `maxCards` 0 turns it off: every
 * page then reads its cards and signals.
 */
export class PostCards {
  private readonly cardsById: LRUCache<string, PostCard> | undefined;
  private readonly signalsByAuthor: LRUCache<string, { signal: AuthorSignal }> | undefined;
  private cardsEpoch = 0;
  private listening = false;
  private signalsEpoch = 0;
  /** What the cache did since start (`/api/metrics`): cards and signals asked for, read, times emptied. */
  readonly counts: { cards: CacheCounts; signals: CacheCounts } = {
    cards: { lookups: 0, reads: 0, takenIn: 0, emptied: 0 },
    signals: { lookups: 0, reads: 0, takenIn: 0, emptied: 0 },
  };

  constructor(
    private readonly db: Database,
    maxCards: number,
  ) {
    if (maxCards <= 0) return;
    this.cardsById = new LRUCache({ max: maxCards, ttl: CARDS_TTL_MS });
    this.signalsByAuthor = new LRUCache({ max: maxCards, ttl: SIGNALS_TTL_MS });
  }

  /** The cards `selectPosts` reads through for this database (an uncached one when none was attached). */
  static of(db: Database): PostCards {
    return registry.of(db);
  }

  /** Makes this the cards every list of posts on `db` reads through. */
  attach(): this {
    return registry.attach(this.db, this);
  }

  /** True while cards are kept and current through the notifications (after `listen`). */
  get kept(): boolean {
    return this.cardsById !== undefined && this.listening;
  }

  /** Subscribes to the database's change notifications. */
  listen(hub: RealtimeHub): void {
    this.listening = true;
    hub.subscribe(DATABASE_CHANNELS.contentChanged, (payload) => {
      if (CARDS_CHANGED.has(payload)) this.cardsChanged();
      if (SIGNALS_CHANGED.has(payload)) this.signalsChanged();
      else if (payload.startsWith(REQUESTS_ADDED_PREFIX)) this.signalsChanged(payload.slice(REQUESTS_ADDED_PREFIX.length).split(','));
    });
    hub.onGap(() => this.changed());
  }

  /** Anything a card or a signal shows may have changed. */
  changed(): void {
    this.cardsChanged();
    this.signalsChanged();
  }

  /** A post or an author may show otherwise: every card is dropped (new posts need none of this). */
  cardsChanged(): void {
    this.cardsEpoch += 1;
    this.counts.cards.emptied += 1;
    this.cardsById?.clear();
  }

  /** The authors' signals changed (all of them when none are named; `emptied` counts either). */
  signalsChanged(authorIds?: readonly string[]): void {
    this.signalsEpoch += 1;
    this.counts.signals.emptied += 1;
    if (!authorIds) this.signalsByAuthor?.clear();
    else for (const id of authorIds) this.signalsByAuthor?.delete(id);
  }

  /** Keeps the card of a post this instance just created (read in its insert: `CARD_COLUMNS`). */
  keepNew(card: PostCard): void {
    if (!this.cardsById) return;
    markKept(card);
    this.cardsById.set(card.id, card);
  }

  /** The posts' cards, kept or read (one statement for those missing); a post gone is absent. */
  async cards(ids: readonly string[]): Promise<Map<string, PostCard>> {
    const found = new Map<string, PostCard>();
    const missing: string[] = [];
    for (const id of ids) {
      const card = this.cardsById?.get(id);
      if (card) found.set(id, card);
      else missing.push(id);
    }
    this.counts.cards.lookups += ids.length;
    if (missing.length === 0) return found;
    const epoch = this.cardsEpoch;
    this.counts.cards.reads += missing.length;
    const rows = await queryRows<PostCard>(
      this.db,
      sql`SELECT ${CARD_COLUMNS}
        FROM posts p LEFT JOIN profiles pr ON pr.id = p.user_id
        WHERE p.id = ANY(${arrayLiteral(missing)}::uuid[])`,
      'post_cards',
      {},
    );
    const keep = epoch === this.cardsEpoch;
    for (const row of rows) {
      found.set(row.id, row);
      if (keep && this.cardsById) {
        markKept(row);
        this.cardsById.set(row.id, row);
      }
    }
    return found;
  }

  /** The authors' response signals, kept or read (one statement for those missing). */
  async signals(authorIds: Iterable<string>, now = new Date()): Promise<Map<string, AuthorSignal>> {
    const found = new Map<string, AuthorSignal>();
    const missing: string[] = [];
    for (const id of new Set(authorIds)) {
      const kept = this.signalsByAuthor?.get(id);
      if (kept) found.set(id, kept.signal);
      else missing.push(id);
    }
    this.counts.signals.lookups += found.size + missing.length;
    if (missing.length === 0) return found;
    const epoch = this.signalsEpoch;
    this.counts.signals.reads += missing.length;
    const rows = await queryRows<SignalRow>(
      this.db,
      responseSignalsQuery(sql`SELECT unnest(${arrayLiteral(missing)}::text[])`, now),
      'post_card_signals',
      {},
    );
    const read = new Map(rows.map(({ author_id, ...signal }) => [author_id, signal]));
    const keep = epoch === this.signalsEpoch;
    for (const id of missing) {
      const signal = read.get(id) ?? null;
      found.set(id, signal);
      if (keep) this.signalsByAuthor?.set(id, { signal });
    }
    return found;
  }
}
