import type { ReactNode } from 'react';

/** http(s) addresses in a message; trailing punctuation stays text ('see https://a.example.').*/
const URL_PATTERN = /https?:\/\/[^\s<>"]+/gi;
const TRAILING = /[.,;:!?)\]}'"]+$/;

/**
 * Message text as plain text, with http(s) links made clickable. Never parses HTML: every piece
 * is a React text node or an anchor whose href is the matched address.
 */
export function LinkedText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const url = match[0].replace(TRAILING, '');
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      <a
        key={start}
        href={url}
        target="_blank"
        rel="noopener nofollow"
        className="underline underline-offset-2 wrap-anywhere hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-current"
      >
        {url}
      </a>,
    );
    last = start + url.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
