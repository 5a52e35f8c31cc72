import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';

const ResetTokenCheck = z.object({ valid: z.boolean() });

/** Whether the token of a recovery link can still set a new password. */
export function checkResetPasswordToken(token: string): Promise<{ valid: boolean }> {
  return apiClient.get('/api/account/reset-password-token', { query: { token }, schema: ResetTokenCheck });
}

export function resetPasswordTokenQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['reset-password-token', token],
    queryFn: () => checkResetPasswordToken(token),
    enabled: token !== '',
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}

export function useResetPasswordToken(token: string) {
  return useQuery(resetPasswordTokenQueryOptions(token));
}
