import { describe, expect, it } from 'vitest';
import { customTagsFor, derivePostTags, deriveTags, splitCustomTags } from './post-tags.js';

describe('deriveTags', () => {
  it('splits on commas, periods, line breaks, semicolons and colons; lower-cases and trims', () => {
    expect(deriveTags('Guitar Lessons, Music theory. Songwriting;\nRecording: Mixing')).toEqual([
      'guitar lessons',
      'music theory',
      'songwriting',
      'recording',
      'mixing',
    ]);
  });

  it('keeps tags of 3 to 29 characters, unique, at most 10', () => {
    expect(deriveTags('ab, abc, ABC, ' + 'x'.repeat(29) + ', ' + 'y'.repeat(30))).toEqual(['abc', 'x'.repeat(29)]);
    const many = Array.from({ length: 15 }, (_, i) => `skill number ${i}`).join(', ');
    expect(deriveTags(many)).toHaveLength(10);
  });

  it('labels each side', () => {
    expect(derivePostTags('Baking bread', 'Bike repair, tuning')).toEqual([
      { tag: 'baking bread', side: 'offering' },
      { tag: 'bike repair', side: 'looking_for' },
      { tag: 'tuning', side: 'looking_for' },
    ]);
  });
});

describe('custom tags', () => {
  it('are the trimmed unique keywords plus the format tag', () => {
    expect(customTagsFor([' Guitar ', 'guitar', 'Piano', ''], 'remote')).toEqual(['Guitar', 'Piano', 'remote']);
    expect(customTagsFor(['Piano'])).toEqual(['Piano']);
  });

  it('split back into keywords and format', () => {
    expect(splitCustomTags(['Guitar', 'hybrid'])).toEqual({ keywords: ['Guitar'], format: 'hybrid' });
    expect(splitCustomTags(['Guitar'])).toEqual({ keywords: ['Guitar'], format: null });
  });
});
