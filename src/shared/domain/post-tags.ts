/** Which side of an exchange a derived tag describes. */
export type PostTagSide = 'offering' | 'looking_for';

/** Post formats; the chosen one is also stored as a tag (spec section 3). */
export const POST_FORMATS = ['in_person', 'remote', 'hybrid'] as const;
export type PostFormat = (typeof POST_FORMATS)[number];

/** Spec section 9: tags per side at most 10, each 3 to 29 characters. */
export const POST_TAG_LIMITS = { perSide: 10, minLength: 3, maxLength: 29 } as const;

/**
 * Tags derived from one text (spec section 7): split on commas, periods, line breaks,
 * semicolons and colons, lower-cased and trimmed, kept when 3 to 29 characters long,
 * unique, at most 10.
 */
export function deriveTags(text: string): string[] {
  const tags: string[] = [];
  for (const piece of text.split(/[,.;:\r\n]+/)) {
    const tag = piece.trim().toLowerCase().replace(/\s+/g, ' ');
    // Code points, as the database's char_length counts them (an emoji is one character, not two).
    const length = [...tag].length;
    if (length < POST_TAG_LIMITS.minLength || length > POST_TAG_LIMITS.maxLength) continue;
    if (tags.includes(tag)) continue;
    tags.push(tag);
    if (tags.length === POST_TAG_LIMITS.perSide) break;
  }
  return tags;
}

/** The post_tags rows for a post: offering tags, then looking-for tags. */
export function derivePostTags(offering: string, lookingFor: string): { tag: string; side: PostTagSide }[] {
  return [
    ...deriveTags(offering).map((tag) => ({ tag, side: 'offering' as const })),
    ...deriveTags(lookingFor).map((tag) => ({ tag, side: 'looking_for' as const })),
  ];
}

/** custom_tags: the keywords (trimmed, first spelling of each kept) plus one format tag. */
export function customTagsFor(keywords: readonly string[], format?: PostFormat | null): string[] {
  const tags: string[] = [];
  const seen = new Set<string>();
  for (const raw of keywords) {
    const keyword = raw.trim();
    const key = keyword.toLowerCase();
    if (keyword === '' || seen.has(key)) continue;
    seen.add(key);
    tags.push(keyword);
  }
  if (format) tags.push(format);
  return tags;
}

/** Splits custom_tags back into the keywords and the format tag (the edit dialog's fields). */
export function splitCustomTags(customTags: readonly string[]): { keywords: string[]; format: PostFormat | null } {
  const format = customTags.find(isPostFormat) ?? null;
  return { keywords: customTags.filter((t) => !isPostFormat(t)), format };
}

/** True for 'in_person', 'remote' and 'hybrid'. */
export function isPostFormat(value: string): value is PostFormat {
  return (POST_FORMATS as readonly string[]).includes(value);
}
