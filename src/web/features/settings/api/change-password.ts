import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@shared/schemas/auth';
import { apiClient } from '@/lib/api-client';

/** Changes the password with the current one; the server signs out every other session of the member. */
export function changePassword(input: ChangePasswordInput): Promise<unknown> {
  return apiClient.post<unknown>('/api/auth/change-password', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
