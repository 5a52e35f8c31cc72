import { describe, expect, it } from 'vitest';
import { RateExchangeInput, RATING_MESSAGES } from './ratings.js';

const fieldMessage = (input: unknown, field: string) =>
  RateExchangeInput.safeParse(input).error?.issues.find((i) => i.path.join('.') === field)?.message;

describe('RateExchangeInput', () => {
  it('takes 1 to 5 whole stars and a trimmed comment, blank or missing as null', () => {
    expect(RateExchangeInput.parse({ stars: 1 })).toEqual({ stars: 1, comment: null });
    expect(RateExchangeInput.parse({ stars: 5, comment: '   ' })).toEqual({ stars: 5, comment: null });
    expect(RateExchangeInput.parse({ stars: 3, comment: ' Great help! ' })).toEqual({ stars: 3, comment: 'Great help!' });
    expect(RateExchangeInput.parse({ stars: 4, comment: `  ${'x'.repeat(500)}  ` }).comment).toHaveLength(500);
  });

  it.each([0, 6, 2.5, -1, '5', null, undefined, Number.NaN])('refuses %j stars with the stars message', (stars) => {
    expect(fieldMessage({ stars }, 'stars')).toBe(RATING_MESSAGES.stars);
  });

  it('refuses a comment over 500 characters and unsafe characters', () => {
    expect(fieldMessage({ stars: 5, comment: 'x'.repeat(501) }, 'comment')).toBe(RATING_MESSAGES.commentMax);
    expect(fieldMessage({ stars: 5, comment: 'a\u0000b' }, 'comment')).toBe('Please remove the unsupported characters from this text.');
  });
});
