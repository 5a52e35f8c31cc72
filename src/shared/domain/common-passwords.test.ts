import { dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_COUNT, isCommonPassword } from './common-passwords.js';

describe('isCommonPassword', () => {
  it('holds exactly the first 10,000 of zxcvbn’s ranked list (regenerate with scripts/generate-common-passwords.mjs)', () => {
    const ranked = dictionary['passwords-common'].map((p) => String(p).toLowerCase());
    const top = new Set(ranked.slice(0, COMMON_PASSWORD_COUNT));
    expect([...top].every((p) => isCommonPassword(p))).toBe(true);
    const beyond = ranked.slice(COMMON_PASSWORD_COUNT).filter((p) => !top.has(p));
    expect(beyond.slice(0, 50).some((p) => isCommonPassword(p))).toBe(false);
  });

  it('ignores case', () => {
    expect(isCommonPassword('Password1')).toBe(true);
    expect(isCommonPassword('PASSWORD1')).toBe(true);
    expect(isCommonPassword('Kettle-Otter-41')).toBe(false);
  });
});
