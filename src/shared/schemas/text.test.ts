import { describe, expect, it } from 'vitest';
import { hasUnsafeCharacters, integerId, MemberId, text, TEXT_MESSAGES } from './text.js';

describe('hasUnsafeCharacters', () => {
  it.each([
    ['a\u0000b', true],
    ['\ud800', true],
    ['x\udc00', true],
    ['\udc00\ud800', true],
    ['ok 🎸 ñ 中文', false],
    ['tab\tand newline\n', false],
    ['', false],
  ])('%j -> %s', (value, unsafe) => {
    expect(hasUnsafeCharacters(value)).toBe(unsafe);
  });
});

describe('text()', () => {
  it('refuses NUL and lone surrogates first, then applies the chained rules', () => {
    const schema = text().trim().min(3, 'too short');
    expect(schema.safeParse('a\u0000').error?.issues.map((i) => i.message)).toEqual([TEXT_MESSAGES.unsafe]);
    expect(schema.safeParse(' ab ').error?.issues[0]?.message).toBe('too short');
    expect(schema.parse(' abc 🎸 ')).toBe('abc 🎸');
  });
});

describe('ids', () => {
  it.each(['OJJHUiCUIE57gQ3dqwG8DYEGBlDb1r5K', 'seed-42-7', '2f1b6c8e-3d4a-4b5c-8d9e-0f1a2b3c4d5e'])('accepts member id %s', (id) => {
    expect(MemberId.safeParse(id).success).toBe(true);
  });
  it.each(['', '\u0000', 'a b', 'x'.repeat(101), '../etc', 'a%00'])('refuses member id %j', (id) => {
    expect(MemberId.safeParse(id).success).toBe(false);
  });
  it('bounds integer ids to PostgreSQL integer', () => {
    const schema = integerId('bad');
    expect(schema.safeParse(2147483647).success).toBe(true);
    for (const value of [2147483648, 0, -1, 1.5, '1', Number.NaN]) expect(schema.safeParse(value).success).toBe(false);
  });
});
