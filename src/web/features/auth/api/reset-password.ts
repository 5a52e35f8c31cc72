import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordInput } from '@shared/schemas/auth';
import { apiClient } from '@/lib/api-client';

/** Sets a new password with a recovery token; the server then signs out every session of the member. */
export function resetPassword(input: ResetPasswordInput): Promise<unknown> {
  return apiClient.post<unknown>('/api/auth/reset-password', input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
