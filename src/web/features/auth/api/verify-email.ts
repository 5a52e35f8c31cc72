import { apiClient } from '@/lib/api-client';

/**
 * Spends the token of an e-mailed verification link. A good token verifies the address and
 * sets the session cookie; a bad or expired one fails; a used one succeeds without a session.
 */
export function verifyEmail(token: string): Promise<unknown> {
  return apiClient.get<unknown>('/api/auth/verify-email', { query: { token } });
}
