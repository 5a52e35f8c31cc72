import { describe, expect, it } from 'vitest';
import { isProfileComplete } from './profile-completeness.js';

const complete = {
  displayName: 'Ann',
  about: 'I fix bikes.',
  serviceType: 'physical',
  primaryCategoryId: 3,
  skillKeywords: ['bikes'],
};

describe('isProfileComplete', () => {
  it('is true when every required field is set', () => {
    expect(isProfileComplete(complete)).toBe(true);
  });

  it('is false for a missing profile', () => {
    expect(isProfileComplete(null)).toBe(false);
    expect(isProfileComplete(undefined)).toBe(false);
  });

  it.each([
    ['a blank display name', { displayName: '   ' }],
    ['no about', { about: null }],
    ['a blank about', { about: ' \n ' }],
    ['no service type', { serviceType: null }],
    ['no primary category', { primaryCategoryId: null }],
    ['no keywords', { skillKeywords: [] }],
    ['only blank keywords', { skillKeywords: [' '] }],
  ])('is false with %s', (_label, change) => {
    expect(isProfileComplete({ ...complete, ...change })).toBe(false);
  });
});
