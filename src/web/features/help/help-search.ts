import { isValidElement, type ReactNode } from 'react';

/** The words a node shows, as plain text (strings and numbers inside elements, links included). */
export function nodeText(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map((child: ReactNode) => nodeText(child)).join('');
  if (isValidElement<{ children?: ReactNode }>(node)) return nodeText(node.props.children);
  return '';
}

/** Lower-case, without accents, so 'Cafe' finds 'café'. */
function fold(value: string): string {
  return value.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The words of a query, folded; none for a blank one. */
export function queryWords(query: string): string[] {
  return fold(query).split(/\s+/).filter(Boolean);
}

/** True when every word of the query appears somewhere in the texts (no words: everything matches). */
export function matchesQuery(words: string[], texts: string[]): boolean {
  if (words.length === 0) return true;
  const haystack = fold(texts.join(' '));
  return words.every((word) => haystack.includes(word));
}
