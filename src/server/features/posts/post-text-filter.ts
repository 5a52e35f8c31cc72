import { sql, type SQL } from 'drizzle-orm';

/**
 * The server-side text filter of the feed and search (decisions.md): case-insensitive, over
 * title, description, tags and the author's skill. Full-text with prefix matching, so 'photo'
 * finds 'photography' (GIN on posts.search_vector: title, offering, tags, looking-for and
 * description), a substring match on title and offering (trigram GIN indexes) and on the
 * author's skill (their primary category's name). Each branch uses its own index; their ids are
 * unioned. Conditions read alias p only, so bare reads can use them.
 */
export interface TextFilter {
  /** `p.id IN (...)` over alias p. */
  condition: SQL;
  /** Relevance for ORDER BY: ts_rank plus a bonus for a title substring hit. */
  rank: SQL;
}

const MAX_WORDS = 8;

/** Builds the filter for what the member typed; null when it holds no searchable word. */
export function textFilter(q: string | undefined): TextFilter | null {
  const words = (q ?? '').toLowerCase().match(/[\p{L}\p{N}]+/gu)?.slice(0, MAX_WORDS) ?? [];
  if (words.length === 0) return null;
  const tsquery = sql`to_tsquery('english', ${words.map((w) => `${w}:*`).join(' & ')})`;
  const phrase = (q ?? '').trim().replace(/\s+/g, ' ');
  const pattern = `%${phrase.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // Trigram indexes serve ILIKE only for 3+ characters; shorter text relies on the prefix search.
  const substring = phrase.length >= 3;
  const ids = sql.join(
    [
      sql`SELECT tp.id FROM posts tp WHERE tp.search_vector @@ ${tsquery}`,
      ...(substring
        ? [
            sql`SELECT tp.id FROM posts tp WHERE tp.title ILIKE ${pattern} OR tp.offering ILIKE ${pattern}`,
            // The author's skill as cards show it: their primary category's name.
            sql`SELECT tp.id FROM posts tp WHERE tp.user_id IN (
                  SELECT tpr.id FROM profiles tpr JOIN skill_categories tc ON tc.id = tpr.primary_category_id
                  WHERE tc.name ILIKE ${pattern})`,
          ]
        : []),
    ],
    sql` UNION `,
  );
  return {
    condition: sql`p.id IN (${ids})`,
    rank: substring
      ? sql`(ts_rank(p.search_vector, ${tsquery}) + CASE WHEN p.title ILIKE ${pattern} THEN 1 ELSE 0 END)`
      : sql`ts_rank(p.search_vector, ${tsquery})`,
  };
}
