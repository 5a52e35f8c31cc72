import { describe, expect, it } from 'vitest';
import { ratingText } from './rating.js';

describe('ratingText', () => {
  it.each([
    [null, 0, 'No ratings yet'],
    [0, 0, 'No ratings yet'],
    // The profile view reports 0 as the average without ratings; the count decides.
    [4.5, 0, 'No ratings yet'],
    [5, 1, '5.0 (1 rating)'],
    [4.25, 3, '4.3 (3 ratings)'],
    [3, 12, '3.0 (12 ratings)'],
  ])('reads average %j from %i ratings as %j', (average, count, text) => {
    expect(ratingText(average, count)).toBe(text);
  });
});
