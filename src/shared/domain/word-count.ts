/**
 * The number of words in a text: runs of non-whitespace separated by whitespace.
 * About Me is counted this way on both profile forms and on the server (decisions.md).
 */
export function countWords(text: string | null | undefined): number {
  if (!text) return 0;
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/u).length;
}
