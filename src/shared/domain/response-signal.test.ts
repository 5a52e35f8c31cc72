import { describe, expect, it } from 'vitest';
import { responseSignalText, responseTimeText } from './response-signal.js';

const HOUR = 3600;
const DAY = 24 * HOUR;

describe('responseTimeText', () => {
  it.each([
    [0, 'usually within an hour'],
    [HOUR - 1, 'usually within an hour'],
    [HOUR, 'usually within a few hours'],
    [6 * HOUR - 1, 'usually within a few hours'],
    [6 * HOUR, 'usually within a day'],
    [DAY - 1, 'usually within a day'],
    [DAY, 'usually within a few days'],
    [3 * DAY - 1, 'usually within a few days'],
    [3 * DAY, 'usually within a week'],
    [7 * DAY - 1, 'usually within a week'],
    [7 * DAY, 'usually takes more than a week'],
    [60 * DAY, 'usually takes more than a week'],
  ])('reads a median of %i seconds as %j', (seconds, text) => {
    expect(responseTimeText(seconds)).toBe(text);
  });
});

describe('responseSignalText', () => {
  it('is hidden below 3 requests and without counts', () => {
    expect(responseSignalText(null)).toBeNull();
    expect(responseSignalText(undefined)).toBeNull();
    expect(responseSignalText({ received: 0, responded: 0, medianResponseSeconds: null })).toBeNull();
    expect(responseSignalText({ received: 2, responded: 2, medianResponseSeconds: 60 })).toBeNull();
  });

  it('joins the rate and the typical time', () => {
    expect(responseSignalText({ received: 10, responded: 9, medianResponseSeconds: 7 * HOUR })).toBe(
      'Responds to 9 of 10 requests · usually within a day',
    );
    expect(responseSignalText({ received: 3, responded: 3, medianResponseSeconds: 120 })).toBe(
      'Responds to 3 of 3 requests · usually within an hour',
    );
  });

  it('shows only the rate when no request was answered', () => {
    expect(responseSignalText({ received: 4, responded: 0, medianResponseSeconds: null })).toBe('Responds to 0 of 4 requests');
  });

  it('reads a negative median (clock skew) as within an hour', () => {
    expect(responseSignalText({ received: 3, responded: 1, medianResponseSeconds: -5 })).toBe(
      'Responds to 1 of 3 requests · usually within an hour',
    );
  });
});
