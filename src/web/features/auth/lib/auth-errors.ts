import { ApiError } from '@/lib/api-client';

export interface ToastMessage {
  title: string;
  description?: string;
}

const UNEXPECTED = 'An unexpected error occurred. Please try again.';
/** Accounts section 8, reset: said of a link that is invalid or expired, however that shows. */
export const RESET_LINK_INVALID = 'Reset link is invalid or expired. Please request a new one.';

function isNetworkError(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 0 || error.code === 'network_error';
  return error instanceof TypeError && /fetch|network/i.test(error.message);
}

/** Accounts section 8, sign up: the toast for a failed sign-up. */
export function signUpErrorToast(error: unknown): ToastMessage {
  const message = error instanceof Error ? error.message : '';
  if ((error instanceof ApiError && error.code === 'USER_ALREADY_EXISTS') || /already (registered|exists)/i.test(message)) {
    return {
      title: 'Account already exists',
      description: 'An account with this email address already exists. Please try logging in instead.',
    };
  }
  if (!isNetworkError(error) && /e-?mail/i.test(message)) {
    return { title: 'Invalid email', description: 'Please enter a valid email address.' };
  }
  if (!isNetworkError(error) && /password/i.test(message)) {
    return { title: 'Password error', description: 'Please check your password requirements.' };
  }
  return { title: 'Sign up failed', description: message || UNEXPECTED };
}

export type LoginErrorKind = 'credentials' | 'unverified' | 'rate-limited' | 'network' | 'other';

export interface LoginError {
  kind: LoginErrorKind;
  message: string;
}

/**
 * Accounts section 8, login: what the login screen says about a failed sign-in. 'Email or
 * password incorrect.' only when the server said so (401); any other refusal (a 403 from the
 * origin check, a server error) shows the server's own message, so nobody is told their
 * password is wrong when it is not.
 */
export function loginError(error: unknown): LoginError {
  const message = error instanceof Error ? error.message : '';
  if (isNetworkError(error) || /network|fetch/i.test(message)) {
    return { kind: 'network', message: 'Connection error. Please check your internet connection and try again.' };
  }
  if (
    (error instanceof ApiError && (error.status === 429 || error.code === 'RATE_LIMITED')) ||
    /rate limit|too many/i.test(message)
  ) {
    return { kind: 'rate-limited', message: 'Too many login attempts. Please wait a moment and try again.' };
  }
  if ((error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED') || /not (confirmed|verified)/i.test(message)) {
    return { kind: 'unverified', message: 'Please check your email and click the verification link before signing in.' };
  }
  if (error instanceof ApiError && error.status !== 401 && error.code !== 'INVALID_EMAIL_OR_PASSWORD') {
    return { kind: 'other', message: error.message || UNEXPECTED };
  }
  return { kind: 'credentials', message: 'Email or password incorrect.' };
}

/** Accounts section 8, reset: the toast for a failed password update, and whether the link is spent. */
export function resetErrorToast(error: unknown): ToastMessage & { linkInvalid: boolean } {
  if (error instanceof ApiError && (error.code === 'INVALID_TOKEN' || /token/i.test(error.message))) {
    return {
      title: 'Invalid reset link',
      description: RESET_LINK_INVALID,
      linkInvalid: true,
    };
  }
  if (error instanceof ApiError && !isNetworkError(error)) {
    return { title: 'Could not update password. Please request a new link.', linkInvalid: false };
  }
  return { title: UNEXPECTED, linkInvalid: false };
}
