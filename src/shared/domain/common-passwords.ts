import { COMMON_PASSWORDS_TEXT } from './common-passwords-list.js';

/** How many of zxcvbn's ranked common passwords are refused. */
export const COMMON_PASSWORD_COUNT = 10_000;

const COMMON = new Set(COMMON_PASSWORDS_TEXT.split('\n'));

/**
 * True when the password (ignoring case) is one of the 10,000 most common passwords. The server
 * refuses these on every path that sets a password; the strength hint loads this module lazily
 * (about 40 KB gzipped) and calls them weak.
 */
export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}
