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
  /**
   * For one word that names authors' skills: `condition` as the text's own tests (`ranked`) and
   * the author-skill test (`atRankZero`). The posts only the latter finds rank exactly 0 (no word
   * of theirs matches, so ts_rank is 0, and no title bonus), so a read of every hit with its rank
   * reads them from their index without ranking them (`rankedPosts`). Only when they are many
   * (`authorSkillSplit`).
   */
  split?: { ranked: SQL; atRankZero: SQL };
}

const MAX_WORDS = 8;

/**
 * From how many active posts by authors of the categories one word names a read of every hit
 * takes them apart (`TextFilter.split`): below it, the second branch's planning and the text
 * hits kept aside cost more than visiting the few (PGlite: 'photo' and 'dog', whose categories
 * hold no post's author at the bench community, 3-4 ms slower a search split). Tests lower it.
 */
export const authorSkillSplit = { minPosts: 1_000 };
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
 * The server-side text filter for what the member typed; null when it holds no searchable word.
 * Several words have their stop words asked first (`stopWordsAmong`, once per word and process)
 * and left out of the statement, and the categories the text names are asked first too
 * (`CategoryMatches`), so the statement holds them as constants.
 * `named` asks for a named statement's form (PostgreSQL's generic plan, where the text is a
 * parameter and to_tsquery would be worked out again for every post it tests, 3,300 times for
 * 'dog': each query is then worked out once, as a subquery). Not by default: as a subquery the
 * planner cannot see what the query finds, and the feed's filtered page chooses between walking
 * the newest posts and reading every hit by it. The answer says whether it was given: not for
 * stop words only ('the and'), whose statement stays planned for the words.
 */
export async function textFilterFor(
  db: Database,
  q: string | undefined,
  { named = false } = {},
): Promise<{ filter: TextFilter | null; named: boolean }> {
  const words = searchWords(q);
  if (words.length === 0) return { filter: null, named };
  const stopWords = words.length >= 2 ? await stopWordsAmong(db, words) : new Set<string>();
  // One word is tested whole; of several, those that are not stop words each on its own.
  const counted = words.length >= 2 ? words.filter((w) => !stopWords.has(w)) : [];
  const canName = named && (words.length < 2 || counted.length > 0);
  // The categories the text names: the phrase in their names, each word kept in their names' words.
  const { phrase, pattern } = substringPattern(q);
  const substring = phrase.length >= MIN_SUBSTRING;
  const tests: CategoryTest[] = [...(substring ? [{ pattern }] : []), ...counted.map((word) => ({ word }))];
  const found = tests.length > 0 ? await CategoryMatches.of(db).find(tests) : [];
  const phraseMatch = substring ? found.shift() : undefined;
  const phraseCategories = phraseMatch?.ids ?? [];
  const wordCategories = counted.map((_, i) => found[i]?.ids ?? []);
  const filter = textFilter({
    words,
    counted,
    phrase,
    pattern,
    named: canName,
    phraseCategories,
    wordCategories,
    splitCategories: (phraseMatch?.posts ?? 0) >= authorSkillSplit.minPosts,
  });
  return { filter, named: canName };
}

/** `textFilterFor`'s filter from what it asked. */
function textFilter({
  words,
  counted,
  phrase,
  pattern,
  named,
  phraseCategories,
  wordCategories,
  splitCategories,
}: {
  words: string[];
  /** Of several words, those that are not stop words (empty for one word). */
  counted: string[];
  phrase: string;
  pattern: string;
  named: boolean;
  /** The categories whose names hold the phrase, and those each counted word names. */
  phraseCategories: readonly number[];
  wordCategories: readonly (readonly number[])[];
  /** Whether one word's categories hold enough posts to be read apart (`authorSkillSplit`). */
  splitCategories: boolean;
}): TextFilter {
  const tsquery = sql`to_tsquery('english', ${words.map((w) => `${w}:*`).join(' & ')})`;
  const matchedOnce = (query: SQL) => (named ? sql`(SELECT ${query})` : query);
  const wordQuery = (word: string) => matchedOnce(sql`to_tsquery('english', ${`${word}:*`})`);
  // Several words may be split between the post and its author's skill ('guitar music': a
  // guitar post by a Music & Performance member): each word must be in the post's text or in
  // the name of the author's primary category (copied onto posts as author_category_id).
  let wordTests: SQL | null;
  // With one word left besides stop words, its categories join the phrase's (below): one list of
  // categories, so PostgreSQL reads the hits through the indexes ('the dog': 85 -> ~6 ms).
  let categories = phraseCategories;
  if (words.length < 2) {
    wordTests = sql`p.search_vector @@ ${matchedOnce(tsquery)}`;
  } else if (counted.length === 1 && counted[0] !== undefined) {
    wordTests = sql`p.search_vector @@ ${wordQuery(counted[0])}`;
    categories = [...phraseCategories, ...(wordCategories[0] ?? [])];
  } else {
    // Stop words only ('the and') match nothing but the phrase.
    wordTests =
      counted.length === 0
        ? null
        : sql`(${sql.join(
            counted.map((w, i) => {
              const skill = inCategories(wordCategories[i] ?? []);
              return skill ? sql`(p.search_vector @@ ${wordQuery(w)} OR ${skill})` : sql`p.search_vector @@ ${wordQuery(w)}`;
            }),
            sql` AND `,
          )})`;
  }
  const substring = phrase.length >= MIN_SUBSTRING;
  // One condition of OR-ed indexable tests, so the planner can BitmapOr the GIN, trigram and
  // author category indexes and read each matching post once (a UNION of ids read every post twice).
  // The author's skill as cards show it: their primary category's name, copied onto each post
  // (author_category_id).
  const categoryBranch = inCategories(categories);
  const textBranches = [...(wordTests ? [wordTests] : []), ...(substring ? [sql`p.title ILIKE ${pattern}`, sql`p.offering ILIKE ${pattern}`] : [])];
  const branches = [...textBranches, ...(categoryBranch ? [categoryBranch] : [])];
  // Of several words, ts_rank of a post matching none of them is 1e-20, not 0: one word only.
  const split =
    splitCategories && words.length < 2 && categoryBranch && textBranches.length > 0
      ? { ranked: sql`(${sql.join(textBranches, sql` OR `)})`, atRankZero: categoryBranch }
      : undefined;
  return {
    split,
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
