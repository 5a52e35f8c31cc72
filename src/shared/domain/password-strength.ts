/** Each rule the reset screen's strength hint lists when it is missing. */
export const PASSWORD_RULES = [
  { id: 'length', label: 'at least 8 characters', test: (p: string) => p.length >= 8 },
  { id: 'lower', label: 'lowercase letter', test: (p: string) => /[a-z]/.test(p) },
  { id: 'upper', label: 'uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
  { id: 'number', label: 'number', test: (p: string) => /\d/.test(p) },
] as const;

export type PasswordStrengthLabel = 'Weak' | 'Fair' | 'Good' | 'Strong';

export interface PasswordStrength {
  label: PasswordStrengthLabel;
  /** 0..4: how many rules hold. */
  score: number;
  /** Labels of the rules that do not hold yet. */
  missing: string[];
}

/** Rates a password for the strength hint: Weak (0-1 rules), Fair (2), Good (3), Strong (all 4). */
export function passwordStrength(password: string): PasswordStrength {
  const missing = PASSWORD_RULES.filter((r) => !r.test(password)).map((r) => r.label);
  const score = PASSWORD_RULES.length - missing.length;
  const label: PasswordStrengthLabel = score <= 1 ? 'Weak' : score === 2 ? 'Fair' : score === 3 ? 'Good' : 'Strong';
  return { label, score, missing };
}
