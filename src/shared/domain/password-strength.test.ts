import { describe, expect, it } from 'vitest';
import { NewPasswordField } from '../schemas/auth.js';
import { isCommonPassword } from './common-passwords.js';
import { passwordStrength } from './password-strength.js';

describe('passwordStrength', () => {
  it.each([
    ['', 'Weak', 4],
    ['abc', 'Weak', 3],
    ['abcdefgh', 'Fair', 2],
    ['abcdefgH', 'Good', 1],
    ['Kettle-Otter-41', 'Strong', 0],
  ])('rates %j as %s with %i missing rules', (password, label, missing) => {
    const result = passwordStrength(password, isCommonPassword);
    expect(result.label).toBe(label);
    expect(result.missing).toHaveLength(missing);
  });

  it('names what is missing in the spec words', () => {
    expect(passwordStrength('ABCDEFGH', isCommonPassword).missing).toEqual(['lowercase letter', 'number']);
  });

  it.each(['Password1', 'Qwerty123', 'Iloveyou1'])('never calls %j (a common password the server refuses) Strong', (password) => {
    expect(NewPasswordField.safeParse(password).success).toBe(true);
    expect(isCommonPassword(password)).toBe(true);
    expect(passwordStrength(password, isCommonPassword)).toMatchObject({ label: 'Weak', common: true });
  });

  it('calls nothing Strong before the common-password list has loaded', () => {
    expect(passwordStrength('Kettle-Otter-41').label).toBe('Good');
  });

  it('calls Strong exactly what the server accepts', () => {
    for (const password of ['Kettle-Otter-41', 'abcdefG1', 'Password1', 'abcdefgh', 'ABCDEFG1', 'Sh0rt']) {
      const accepted = NewPasswordField.safeParse(password).success && !isCommonPassword(password);
      expect(passwordStrength(password, isCommonPassword).label === 'Strong').toBe(accepted);
    }
  });
});
