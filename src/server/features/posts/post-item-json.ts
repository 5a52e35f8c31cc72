import type { MatchInfo } from '../../../shared/schemas/matching.js';
import type { PostItem } from '../../../shared/schemas/posts.js';
import type { PostCard } from './post-cards.js';

/**
 * A post item's JSON, with the part every viewer sees alike kept with the card it was made from.
 * Every page of the feed, search and matches writes 50 items of ~1.1 KB, most of it the card's
 * (title, texts, tags, dates, author); JSON.stringify of those pages was ~9 % of the server's CPU
 * under the mixed benchmark (bench/RESULTS.md). A card kept by `PostCards` is the same object for
 * every page until it changes, so its part is written once; each item then adds its viewer's
 * fields. Items not made from a kept card (read by a statement) are written whole.
 *
 * Which card an item was made from: its `customTags`, the card's own array, under which
 * `PostCards` makes the card's entry as it keeps it (`markKept`). Noting the card on each item
 * instead (a WeakMap entry, or a property) cost about what writing the parts saves (~75 µs a
 * page); freezing the array to mark it made every `find` and `filter` on it ~5x slower.
 */

interface CardPart {
  /** `{"id":...,"author":{...,"skill":...}` of the item it was written for: open, viewer fields follow (null until written). */
  json: string | null;
  /** The category names it holds: they come from the categories' copy, not the card. */
  categoryName: string | null;
  skill: string;
}

/** Each kept card's part, by its tags array (gone with the card). */
const parts = new WeakMap<readonly string[], CardPart>();

/** Marks a card `PostCards` keeps: the items made from it are written with its kept part. */
export function markKept(card: PostCard): void {
  parts.set(card.custom_tags, { json: null, categoryName: null, skill: '' });
}

/**
 * The fields of an item that are the same for every viewer, in `toPostItem`'s order. Every field
 * of PostItem is here or written per viewer below: a field added to neither is missing from the
 * answer, which the schema check outside production reports (`listJson`).
 */
function cardFields(item: PostItem) {
  return {
    id: item.id,
    title: item.title,
    description: item.description,
    offering: item.offering,
    lookingFor: item.lookingFor,
    additionalContext: item.additionalContext,
    keywords: item.keywords,
    format: item.format,
    customTags: item.customTags,
    categoryId: item.categoryId,
    categoryName: item.categoryName,
    availableFrom: item.availableFrom,
    availableUntil: item.availableUntil,
    preferredDays: item.preferredDays,
    preferredTimes: item.preferredTimes,
    availabilityDescription: item.availabilityDescription,
    status: item.status,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    author: item.author,
  };
}

/** A post item's JSON (a feed or match item's `match` too). */
export function postItemJson(item: PostItem & { match?: MatchInfo }): string {
  const part = parts.get(item.customTags);
  if (!part) return JSON.stringify(item);
  if (part.json === null || part.categoryName !== item.categoryName || part.skill !== item.author.skill) {
    part.json = JSON.stringify(cardFields(item)).slice(0, -1);
    part.categoryName = item.categoryName;
    part.skill = item.author.skill;
  }
  const { exchangeStatus, pendingRequestCount, authorResponse, match } = item;
  return `${part.json},"isOwn":${item.isOwn ? 'true' : 'false'},"exchangeStatus":${exchangeStatus === null ? 'null' : JSON.stringify(exchangeStatus)},"pendingRequestCount":${
    pendingRequestCount === null ? 'null' : num(pendingRequestCount)
  },"authorResponse":${authorResponse === null ? 'null' : JSON.stringify(authorResponse)}${match === undefined ? '' : `,"match":${matchJson(match)}`}}`;
}

/** A number as JSON writes it (null when not finite). */
const num = (n: number): string => (Number.isFinite(n) ? String(n) : 'null');

/** A feed or match item's `match`, as JSON.stringify writes it (JSON.stringify itself took ~45 % of an item's time here). */
function matchJson(match: MatchInfo): string {
  const b = match.breakdown;
  return `{"score":${num(match.score)},"breakdown":{"complement":${num(b.complement)},"overlap":${num(b.overlap)},"location":${num(b.location)},"activity":${num(
    b.activity,
  )},"freshness":${num(b.freshness)}},"reasons":${match.reasons.length === 0 ? '[]' : JSON.stringify(match.reasons)}}`;
}
