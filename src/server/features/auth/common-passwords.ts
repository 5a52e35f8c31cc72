import { dictionary } from '@zxcvbn-ts/language-common';

/** The 10,000 most common passwords (zxcvbn's ranked list), compared case-insensitively. */
const COMMON = new Set(dictionary['passwords-common'].slice(0, 10_000).map((p) => String(p).toLowerCase()));

/** True when the password (ignoring case) is one of the 10,000 most common passwords. */
export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}
