import { describe, expect, it } from 'vitest';
import { ChangePasswordInput, LoginInput, ResetPasswordForm, SignUpInput } from './auth.js';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('SignUpInput', () => {
  it('trims and lower-cases the e-mail', () => {
    const r = SignUpInput.parse({ email: '  Ann@Example.ORG ', password: 'Passw0rdX', acceptTerms: true });
    expect(r.email).toBe('ann@example.org');
  });
  it.each([
    [{ email: '', password: 'Passw0rdX', acceptTerms: true }, 'Email is required.'],
    [{ email: 'nope', password: 'Passw0rdX', acceptTerms: true }, 'Invalid email address.'],
    [{ email: `${'a'.repeat(250)}@x.org`, password: 'Passw0rdX', acceptTerms: true }, 'Email is too long.'],
    [{ email: 'a@b.org', password: 'Pa0', acceptTerms: true }, 'Password must be at least 8 characters.'],
    [{ email: 'a@b.org', password: `Pa0${'x'.repeat(130)}`, acceptTerms: true }, 'Password is too long.'],
    [
      { email: 'a@b.org', password: 'password1', acceptTerms: true },
      'Password must contain at least one uppercase letter, one lowercase letter, and one number.',
    ],
    [{ email: 'a@b.org', password: 'Passw0rdX', acceptTerms: false }, 'You must agree to the terms and conditions.'],
  ])('rejects %j with the spec message', (input, message) => {
    expect(firstMessage(SignUpInput.safeParse(input))).toBe(message);
  });
});

describe('LoginInput', () => {
  it.each([
    [{ email: 'x', password: 'secret1' }, 'Please enter a valid email address.'],
    [{ email: 'a@b.org', password: 'short' }, 'Password must be at least 6 characters.'],
  ])('rejects %j', (input, message) => {
    expect(firstMessage(LoginInput.safeParse(input))).toBe(message);
  });
});

describe('ResetPasswordForm', () => {
  it('requires the confirmation to match', () => {
    const r = ResetPasswordForm.safeParse({ password: 'Passw0rdX', confirmPassword: 'Passw0rdY' });
    expect(r.error?.issues[0]).toMatchObject({ message: "Passwords don't match", path: ['confirmPassword'] });
  });
  it('caps the new password at 128 characters, like sign-up', () => {
    const ok = `Aa1${'x'.repeat(125)}`;
    expect(ResetPasswordForm.safeParse({ password: ok, confirmPassword: ok }).success).toBe(true);
    const long = `Aa1${'x'.repeat(126)}`;
    expect(firstMessage(ResetPasswordForm.safeParse({ password: long, confirmPassword: long }))).toBe('Password is too long.');
    expect(firstMessage(SignUpInput.safeParse({ email: 'a@b.org', password: long, acceptTerms: true }))).toBe('Password is too long.');
    expect(firstMessage(ChangePasswordInput.safeParse({ currentPassword: 'x', newPassword: long }))).toBe('Password is too long.');
  });
});
