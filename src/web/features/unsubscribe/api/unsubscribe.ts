import { useMutation } from '@tanstack/react-query';
import { UnsubscribeResponse } from '@shared/schemas/unsubscribe';
import { apiClient } from '@/lib/api-client';

/** POST /api/unsubscribe: turns off the one setting the e-mail's signed token names (no sign-in needed). */
export function unsubscribe(token: string): Promise<UnsubscribeResponse> {
  return apiClient.post('/api/unsubscribe', { token }, { schema: UnsubscribeResponse });
}

/** A signed-in member's settings query refetches when they open /settings, so nothing is invalidated here. */
export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
