import { useMutation } from '@tanstack/react-query';
import type { EmailOnlyInput } from '@shared/schemas/auth';
import { apiClient } from '@/lib/api-client';

/** Asks for a recovery e-mail. Answers the same, never sooner than 250 ms, for any address. */
export function requestPasswordRecovery(input: EmailOnlyInput): Promise<unknown> {
  return apiClient.post<unknown>('/api/account/forgot-password', input);
}

export function useRequestPasswordRecovery() {
  return useMutation({ mutationFn: requestPasswordRecovery });
}
