import { useMutation } from '@tanstack/react-query';
import type { EmailOnlyInput } from '@shared/schemas/auth';
import { apiClient } from '@/lib/api-client';

/** Sends the verification e-mail again (limited per address and per IP; 429 when limited). */
export function resendVerification(input: EmailOnlyInput): Promise<unknown> {
  return apiClient.post<unknown>('/api/account/resend-verification', input);
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
