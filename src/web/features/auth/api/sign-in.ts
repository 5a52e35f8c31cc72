import type { LoginInput } from '@shared/schemas/auth';
import { apiClient } from '@/lib/api-client';

/**
 * Signs in with e-mail and password; the server sets the session cookie. No mutation hook:
 * the login screen drives the request itself (abortable by Try again, shown busy at least
 * 300 ms). Errors: 401 INVALID_EMAIL_OR_PASSWORD, 403 EMAIL_NOT_VERIFIED, 429 RATE_LIMITED.
 */
export function signIn(input: LoginInput, signal?: AbortSignal): Promise<unknown> {
  return apiClient.post<unknown>('/api/auth/sign-in/email', input, { signal });
}
