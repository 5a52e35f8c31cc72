import { z } from 'zod';
import { text } from './text.js';

/** Limits from the spec (accounts section 9). */
export const AUTH_LIMITS = {
  emailMax: 254,
  passwordMin: 8,
  passwordMax: 128,
  loginPasswordMin: 6,
  resetPasswordMax: 50,
} as const;

export const PASSWORD_COMPLEXITY_MESSAGE =
  'Password must contain at least one uppercase letter, one lowercase letter, and one number.';
export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose another.';

const hasComplexity = (value: string) => /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value);

/** Email as typed: trimmed and lower-cased before any rule runs (sign-up, login, reset). */
function emailField(messages: { required: string; invalid: string; tooLong: string }) {
  return text({ error: messages.required })
    .trim()
    .toLowerCase()
    .min(1, messages.required)
    .max(AUTH_LIMITS.emailMax, messages.tooLong)
    .pipe(z.email({ error: messages.invalid }));
}

export const SignUpInput = z.object({
  email: emailField({ required: 'Email is required.', invalid: 'Invalid email address.', tooLong: 'Email is too long.' }),
  password: z
    .string({ error: 'Password must be at least 8 characters.' })
    .min(AUTH_LIMITS.passwordMin, 'Password must be at least 8 characters.')
    .max(AUTH_LIMITS.passwordMax, 'Password is too long.')
    .refine(hasComplexity, PASSWORD_COMPLEXITY_MESSAGE),
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

/** The new password on the reset screen (max 50, same complexity as sign-up). */
export const NewPasswordField = z
  .string({ error: 'Password must be at least 8 characters.' })
  .min(AUTH_LIMITS.passwordMin, 'Password must be at least 8 characters.')
  .max(AUTH_LIMITS.resetPasswordMax, 'Password must be less than 50 characters.')
  .refine(hasComplexity, PASSWORD_COMPLEXITY_MESSAGE);

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

export const VerifyTokenQuery = z.object({ token: text().min(1).max(2000) });
