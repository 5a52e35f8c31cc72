import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountInput } from '@shared/schemas/account';
import { apiClient } from '@/lib/api-client';

/** Deletes the signed-in member's account after their password; the server ends every session. */
export function deleteAccount(input: DeleteAccountInput): Promise<unknown> {
  return apiClient.post<unknown>('/api/account/delete', input);
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
