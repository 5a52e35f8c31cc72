import { z } from 'zod';
import { hasPasswordComplexity, PASSWORD_MAX, PASSWORD_MIN } from '../domain/password-strength.js';
import { text } from './text.js';

/**
 * Limits from the spec (accounts section 9), except that every new password (sign-up, reset,
 * change) has the one maximum of 128: the spec's 50 on the reset screen refused passwords
 * that sign-up had accepted (issue 10).
 */
export const AUTH_LIMITS = {
  emailMax: 254,
  passwordMin: PASSWORD_MIN,
  passwordMax: PASSWORD_MAX,
  loginPasswordMin: 6,
} as const;

export const PASSWORD_COMPLEXITY_MESSAGE =
  'Password must contain at least one uppercase letter, one lowercase letter, and one number.';
export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose another.';

/** Email as typed: trimmed and lower-cased before any rule runs (sign-up, login, reset). */
function emailField(messages: { required: string; invalid: string; tooLong: string }) {
  return text({ error: messages.required })
    .trim()
    .toLowerCase()
    .min(1, messages.required)
    .max(AUTH_LIMITS.emailMax, messages.tooLong)
    .pipe(z.email({ error: messages.invalid }));
}

/**
 * The one rule for every password a member sets (sign-up, reset, change): 8 to 128 characters
 * with a lowercase letter, an uppercase letter and a digit. The server also refuses the
 * common passwords of `domain/common-passwords` on every one of those paths.
 */
export const NewPasswordField = z
  .string({ error: 'Password must be at least 8 characters.' })
  .min(AUTH_LIMITS.passwordMin, 'Password must be at least 8 characters.')
  .max(AUTH_LIMITS.passwordMax, 'Password is too long.')
  .refine(hasPasswordComplexity, PASSWORD_COMPLEXITY_MESSAGE);

export const SignUpInput = z.object({
  email: emailField({ required: 'Email is required.', invalid: 'Invalid email address.', tooLong: 'Email is too long.' }),
  password: NewPasswordField,
  acceptTerms: z.literal(true, { error: 'You must agree to the terms and conditions.' }),
});
export type SignUpInput = z.infer<typeof SignUpInput>;

export const LoginInput = z.object({
  email: emailField({
    required: 'Please enter a valid email address.',
    invalid: 'Please enter a valid email address.',
    tooLong: 'Email is too long.',
  }),
  password: z
    .string({ error: 'Password must be at least 6 characters.' })
    .min(AUTH_LIMITS.loginPasswordMin, 'Password must be at least 6 characters.')
    .max(AUTH_LIMITS.passwordMax, 'Password is too long.'),
});
export type LoginInput = z.infer<typeof LoginInput>;

export const EmailOnlyInput = z.object({
  email: emailField({
    required: 'Please enter a valid email address.',
    invalid: 'Please enter a valid email address.',
    tooLong: 'Email is too long.',
  }),
});
export type EmailOnlyInput = z.infer<typeof EmailOnlyInput>;

export const ResetPasswordForm = z
  .object({ password: NewPasswordField, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });
export type ResetPasswordForm = z.infer<typeof ResetPasswordForm>;

/** What the reset screen sends to the server. */
export const ResetPasswordInput = z.object({
  newPassword: NewPasswordField,
  token: text().min(1, 'Reset link is invalid or expired. Please request a new one.').max(200),
});
export type ResetPasswordInput = z.infer<typeof ResetPasswordInput>;

/**
 * A signed-in member's password change (no screen yet; the API keeps it for account settings).
 * Other sessions are always signed out, whatever the client asks.
 */
export const ChangePasswordInput = z.object({
  currentPassword: text({ error: 'Current password is required.' })
    .min(1, 'Current password is required.')
    .max(AUTH_LIMITS.passwordMax, 'Password is too long.'),
  newPassword: NewPasswordField,
  revokeOtherSessions: z.boolean().optional(),
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>;

export const VerifyTokenQuery = z.object({ token: text().min(1).max(2000) });
