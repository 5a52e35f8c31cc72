import { useMutation } from '@tanstack/react-query';
import { SupportMessageSent, type SupportMessageInput } from '@shared/schemas/support';
import { apiClient } from '@/lib/api-client';

/** POST /api/support/messages: e-mails the message to support and a copy to the sender. */
export function sendSupportMessage(input: SupportMessageInput): Promise<SupportMessageSent> {
  return apiClient.post('/api/support/messages', input, { schema: SupportMessageSent });
}

/** Nothing the app shows changes with a support message, so no query is refreshed. */
export function useSendSupportMessage() {
  return useMutation({ mutationFn: sendSupportMessage });
}
