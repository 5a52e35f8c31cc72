/** Length limits of every new password (sign-up, reset, change). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** The rules every new password must meet; the strength hint lists the ones still missing. */
export const PASSWORD_RULES = [
  { id: 'length', label: 'at least 8 characters', test: (p: string) => p.length >= PASSWORD_MIN },
  { id: 'lower', label: 'lowercase letter', test: (p: string) => /[a-z]/.test(p) },
  { id: 'upper', label: 'uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
  { id: 'number', label: 'number', test: (p: string) => /\d/.test(p) },
] as const;

/** True when a password has a lowercase letter, an uppercase letter and a digit. */
export function hasPasswordComplexity(password: string): boolean {
  return PASSWORD_RULES.every((r) => r.id === 'length' || r.test(password));
}

export type PasswordStrengthLabel = 'Weak' | 'Fair' | 'Good' | 'Strong';

export interface PasswordStrength {
  label: PasswordStrengthLabel;
  /** 0..4: how many rules hold (0 for a common password, which the server refuses). */
  score: number;
  /** Labels of the rules that do not hold yet. */
  missing: string[];
  /** The password is one of the common passwords the server refuses. */
  common: boolean;
}

/**
 * Rates a password for the strength hint: Weak (0-1 rules), Fair (2), Good (3), Strong (all 4).
 * `isCommon` is the server's common-password check (`common-passwords.ts`); a common password is
 * Weak whatever its rules. Until the caller has it (it is loaded lazily), no password is called
 * Strong: Good is the most the hint says.
 */
export function passwordStrength(password: string, isCommon?: (password: string) => boolean): PasswordStrength {
  const missing = PASSWORD_RULES.filter((r) => !r.test(password)).map((r) => r.label);
  const common = isCommon?.(password) ?? false;
  const score = common ? 0 : Math.min(PASSWORD_RULES.length - missing.length, isCommon ? 4 : 3);
  const label: PasswordStrengthLabel = score <= 1 ? 'Weak' : score === 2 ? 'Fair' : score === 3 ? 'Good' : 'Strong';
  return { label, score, missing, common };
}
