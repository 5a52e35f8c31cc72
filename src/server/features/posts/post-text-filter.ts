import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { CategoryMatches, type CategoryTest } from './category-matches.js';
import { stopWordsAmong } from './stop-words.js';

/**
 * The server-side text filter of the feed and search (decisions.md): case-insensitive, over
 * title, description, tags and the author's skill. Full-text with prefix matching, so 'photo'
 * finds 'photography' (GIN on posts.search_vector: title, offering, tags, looking-for and
 * description), a substring match on title and offering (trigram GIN indexes) and on the
 * author's skill (their primary category's name). Each branch can use its own index.
 * Conditions read alias p only, so bare reads can use them.
 */
export interface TextFilter {
  /** OR-ed tests over alias p. */
  condition: SQL;
  /** Relevance for ORDER BY: ts_rank plus a bonus for a title substring hit. */
  rank: SQL;
  /** The same relevance with the title tested on the row itself: for a few rows (`SearchHits` taking in new posts). */
  rowRank: SQL;
}

const MAX_WORDS = 8;
/** Trigram indexes serve ILIKE only for 3+ characters; shorter text relies on the prefix search. */
const MIN_SUBSTRING = 3;

/** Posts whose author's primary category is one of `ids` (constants the planner sees), or null for none. */
function inCategories(ids: readonly number[]): SQL | null {
  const known = [...new Set(ids)].filter((id) => Number.isInteger(id));
  return known.length === 0 ? null : sql`p.author_category_id IN (${sql.raw(known.join(', '))})`;
}

/** The searchable words of what the member typed: letters and digits only, lower case, at most 8. */
export function searchWords(q: string | undefined): string[] {
  return (q ?? '').toLowerCase().match(/[\p{L}\p{N}]+/gu)?.slice(0, MAX_WORDS) ?? [];
}

/** The typed text as an ILIKE pattern: '%text%' with its wildcards escaped (spaces folded). */
export function substringPattern(q: string | undefined): { phrase: string; pattern: string } {
  const phrase = (q ?? '').trim().replace(/\s+/g, ' ');
  return { phrase, pattern: `%${escapeLike(phrase)}%` };
}

/** Escapes ILIKE's wildcards and its escape character. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * `textFilter` for what the member typed, with the stop words of several words asked first
 * (`stopWordsAmong`, once per word and process) and left out of the statement. `named` asks for
 * a named statement's form; the answer says whether it was given: not for stop words only
 * ('the and'), whose statement stays planned for the words.
 */
export async function textFilterFor(
  db: Database,
  q: string | undefined,
  { named = false } = {},
): Promise<{ filter: TextFilter | null; named: boolean }> {
  const words = searchWords(q);
  const stopWords = words.length >= 2 ? await stopWordsAmong(db, words) : undefined;
  const canName = named && (!stopWords || words.some((w) => !stopWords.has(w)));
  if (words.length === 0) return { filter: null, named: canName };
  // The categories the text names, asked first (`CategoryMatches`): the phrase in their names,
  // and with several words, each word kept in their names' words.
  const { phrase, pattern } = substringPattern(q);
  const counted = stopWords ? words.filter((w) => !stopWords.has(w)) : [];
  const tests: CategoryTest[] = [...(phrase.length >= MIN_SUBSTRING ? [{ pattern }] : []), ...counted.map((word) => ({ word }))];
  const ids = tests.length > 0 ? await CategoryMatches.of(db).ids(tests) : [];
  const phraseIds = phrase.length >= MIN_SUBSTRING ? (ids.shift() ?? []) : [];
  const categories = { phrase: phraseIds, words: new Map(counted.map((word, i) => [word, ids[i] ?? []])) };
  return { filter: textFilter(q, { named: canName, stopWords, categories }), named: canName };
}

/**
 * Builds the filter for what the member typed; null when it holds no searchable word.
 * `named`: the statement is named and may run PostgreSQL's generic plan, where the text is a
 * parameter and to_tsquery would be worked out again for every post it tests (3,300 times for
 * 'dog'); each query is then worked out once, as a subquery. Not by default: as a subquery the
 * planner cannot see what the query finds, and the feed's filtered page chooses between walking
 * the newest posts and reading every hit by it.
 * `stopWords` (several words, named): the words known to be stop words (`stopWordsAmong`) are
 * left out of the statement. Unnamed, each word's test skips a stop word itself, a test that only
 * a plan made for the words at hand folds away: a generic plan would read every post (~210 ms
 * instead of ~5 for 'guitar lessons', bench/RESULTS.md).
 */
export function textFilter(
  q: string | undefined,
  {
    named = false,
    stopWords,
    categories,
  }: {
    named?: boolean;
    stopWords?: ReadonlySet<string>;
    /** The categories named by the phrase and by each word kept (`CategoryMatches`); asked in the statement when absent. */
    categories?: { phrase: readonly number[]; words: ReadonlyMap<string, readonly number[]> };
  } = {},
): TextFilter | null {
  const words = searchWords(q);
  if (words.length === 0) return null;
  const tsquery = sql`to_tsquery('english', ${words.map((w) => `${w}:*`).join(' & ')})`;
  const matchedOnce = (query: SQL) => (named ? sql`(SELECT ${query})` : query);
  // Several words may be split between the post and its author's skill ('guitar music': a
  // guitar post by a Music & Performance member): each word must be in the post's text or in
  // the name of the author's primary category (copied onto posts as author_category_id).
  // The categories come as constants (`categories`), else ARRAY(...) runs once per word over the
  // 112 categories; each test can use its own index.
  const wordTest = (word: SQL, text: string) => {
    if (!categories) {
      return sql`(p.search_vector @@ ${word}
              OR p.author_category_id = ANY(ARRAY(SELECT wc.id FROM skill_categories wc WHERE wc.name_vector @@ ${word})))`;
    }
    const skill = inCategories(categories.words.get(text) ?? []);
    return skill ? sql`(p.search_vector @@ ${word} OR ${skill})` : sql`p.search_vector @@ ${word}`;
  };
  // A stop word ('the', 'and') gives an empty query: it is skipped, as the one tsquery skips
  // it, and a text of stop words only matches nothing (numnode = 0; both fold to constants in
  // a plan made for the words, or are known beforehand: `stopWords`).
  let wordTests: SQL | null;
  // With one word left besides stop words, its category test joins the phrase's (below): one
  // list of categories, so PostgreSQL reads the hits through the indexes ('the dog': 85 -> ~6 ms).
  let categoryWord: SQL | null = null;
  const counted = stopWords ? words.filter((w) => !stopWords.has(w)) : words;
  if (words.length < 2) {
    wordTests = sql`p.search_vector @@ ${matchedOnce(tsquery)}`;
  } else if (stopWords && counted.length === 1) {
    categoryWord = matchedOnce(sql`to_tsquery('english', ${`${counted[0]}:*`})`);
    wordTests = sql`p.search_vector @@ ${categoryWord}`;
  } else if (stopWords) {
    wordTests =
      counted.length === 0
        ? null
        : sql`(${sql.join(
            counted.map((w) => wordTest(matchedOnce(sql`to_tsquery('english', ${`${w}:*`})`), w)),
            sql` AND `,
          )})`;
  } else {
    wordTests = sql`(numnode(${tsquery}) > 0 AND ${sql.join(
      words.map((w) => {
        const word = sql`to_tsquery('english', ${`${w}:*`})`;
        return sql`(numnode(${word}) = 0 OR ${wordTest(word, w)})`;
      }),
      sql` AND `,
    )})`;
  }
  const { phrase, pattern } = substringPattern(q);
  const substring = phrase.length >= MIN_SUBSTRING;
  // One condition of OR-ed indexable tests, so the planner can BitmapOr the GIN, trigram and
  // author category indexes and read each matching post once (a UNION of ids read every post twice).
  // The author's skill as cards show it: their primary category's name, copied onto each post
  // (author_category_id): the ids asked first (`categories`), else ARRAY(...) once over the 112.
  const categoryTests = [
    ...(substring ? [sql`tc.name ILIKE ${pattern}`] : []),
    ...(categoryWord ? [sql`tc.name_vector @@ ${categoryWord}`] : []),
  ];
  const categoryBranch = categories
    ? inCategories([...categories.phrase, ...(categoryWord && counted[0] !== undefined ? (categories.words.get(counted[0]) ?? []) : [])])
    : categoryTests.length > 0
      ? sql`p.author_category_id = ANY(ARRAY(SELECT tc.id FROM skill_categories tc WHERE ${sql.join(categoryTests, sql` OR `)}))`
      : null;
  const branches = [
    ...(wordTests ? [wordTests] : []),
    ...(substring ? [sql`p.title ILIKE ${pattern}`, sql`p.offering ILIKE ${pattern}`] : []),
    ...(categoryBranch ? [categoryBranch] : []),
  ];
  return {
    condition: branches.length === 0 ? sql`false` : sql`(${sql.join(branches, sql` OR `)})`,
    // The title bonus goes to the posts the title's trigram index finds, looked up in a hash:
    // an ILIKE over every hit's title cost more than the rest of the ranking (6 of 27 ms on PGlite).
    // The query is worked out once for all the posts ranked (a subquery), named or not.
    rank: substring
      ? sql`(ts_rank(p.search_vector, (SELECT ${tsquery})) + CASE WHEN p.id IN (SELECT tp.id FROM posts tp WHERE tp.title ILIKE ${pattern}) THEN 1 ELSE 0 END)`
      : sql`ts_rank(p.search_vector, (SELECT ${tsquery}))`,
    rowRank: substring
      ? sql`(ts_rank(p.search_vector, ${tsquery}) + CASE WHEN p.title ILIKE ${pattern} THEN 1 ELSE 0 END)`
      : sql`ts_rank(p.search_vector, ${tsquery})`,
  };
}
