import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.js';
import { textArray } from '../../db/sql-arrays.js';

/** The words asked about so far, and whether each is a stop word (the dictionary never changes). */
const known = new Map<string, boolean>();
const MAX_KNOWN = 10_000;

/**
 * Which of these search words (`searchWords`) PostgreSQL's english configuration drops as stop
 * words ('the', 'and'): their prefix query holds nothing (numnode 0). Asked once per word and
 * process, so a search of several words can leave them out of its statement instead of testing
 * for them in it, a test that only a plan made for the words at hand folds away (`textFilter`).
 */
export async function stopWordsAmong(db: Database, words: readonly string[]): Promise<Set<string>> {
  const unknown = [...new Set(words)].filter((w) => !known.has(w));
  if (unknown.length > 0) {
    const rows = await queryRows<{ word: string; stop: boolean }>(
      db,
      sql`SELECT w AS word, numnode(to_tsquery('english', w || ':*')) = 0 AS stop
          FROM unnest(${textArray(unknown)}) AS w`,
    );
    if (known.size + rows.length > MAX_KNOWN) known.clear();
    for (const row of rows) known.set(row.word, row.stop);
  }
  return new Set(words.filter((w) => known.get(w) === true));
}
