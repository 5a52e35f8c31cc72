import { z } from 'zod';

/**
 * Building blocks for every string and id the API accepts. PostgreSQL text cannot hold a NUL
 * byte (the insert fails), and a UTF-16 surrogate without its pair is silently turned into
 * U+FFFD on the way in; both are refused here, so they answer 400 with a field message instead.
 */

/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const TEXT_MESSAGES = {
  unsafe: 'Please remove the unsupported characters from this text.',
  id: 'Not a valid id.',
} as const;

/** True when the text holds a NUL byte or an unpaired surrogate (which the database cannot store as typed). */
export function hasUnsafeCharacters(value: string): boolean {
  return value.includes('\0') || UNPAIRED_SURROGATE.test(value);
}

/**
 * `z.string()` that refuses NUL bytes and unpaired surrogates first; chain `.trim()`, `.min()`
 * and the rest as usual. Every free-text field of the shared schemas starts from this.
 */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((value) => !hasUnsafeCharacters(value), { message: TEXT_MESSAGES.unsafe, abort: true });
}

/**
 * Characters as PostgreSQL's `char_length` counts them: code points, so an emoji is one, where
 * zod's `.min()` counts two UTF-16 units. Lower bounds the database also checks use this, or a
 * title of five emoji passes `.min(10)` and then breaks the insert.
 */
export function characterCount(value: string): number {
  let count = 0;
  for (const _ of value) count++;
  return count;
}

/** A refinement: at least `min` characters as the database counts them (chain after `.min(min, message)`). */
export const atLeastCharacters = (min: number) => (value: string) => characterCount(value) >= min;

/** Largest value of a PostgreSQL `integer` (serial ids such as category ids). */
export const MAX_INTEGER_ID = 2_147_483_647;

/** A serial id in a JSON body: a whole number from 1 to 2147483647. */
export function integerId(message: string) {
  return z.number({ error: message }).int(message).positive(message).max(MAX_INTEGER_ID, message);
}

/**
 * A member id in a path: better-auth's generated ids (letters and digits) and the demo
 * community's `seed-42-7` alike; anything else is refused before a query runs.
 */
export const MemberId = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, TEXT_MESSAGES.id);
