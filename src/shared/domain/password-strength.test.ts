import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength.js';

describe('passwordStrength', () => {
  it.each([
    ['', 'Weak', 4],
    ['abc', 'Weak', 3],
    ['abcdefgh', 'Fair', 2],
    ['abcdefgH', 'Good', 1],
    ['abcdefG1', 'Strong', 0],
  ])('rates %j as %s with %i missing rules', (password, label, missing) => {
    const result = passwordStrength(password);
    expect(result.label).toBe(label);
    expect(result.missing).toHaveLength(missing);
  });

  it('names what is missing in the spec words', () => {
    expect(passwordStrength('ABCDEFGH').missing).toEqual(['lowercase letter', 'number']);
  });
});
