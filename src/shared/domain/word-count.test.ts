import { describe, expect, it } from 'vitest';
import { countWords } from './word-count.js';

describe('countWords', () => {
  it.each([
    [null, 0],
    [undefined, 0],
    ['', 0],
    ['   \n\t ', 0],
    ['one', 1],
    ['  two  words ', 2],
    ['line\nbreaks\tand  tabs', 4],
    ['punctuation, counts as part-of words.', 5],
    ['<b>html</b> is text', 3],
  ])('counts %j as %i words', (text, words) => {
    expect(countWords(text)).toBe(words);
  });
});
