import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { MessageItem, type ExchangeProposal } from '@shared/schemas/messages';
import type { MessagesData } from '@/features/messages/api/get-messages';
import { conversationKeys, messageKeys } from '@/features/messages/api/query-keys';
import { pendingMessages } from '@/features/messages/lib/pending-messages';
import { ApiError, apiClient } from '@/lib/api-client';

export interface SendMessageVariables {
  conversationId: string;
  content: string;
  exchangeProposal?: ExchangeProposal | null;
}

/** POST /api/conversations/:id/messages: the clientId comes back on the message, in every tab. */
export function sendMessage(
  { conversationId, content, exchangeProposal }: SendMessageVariables,
  clientId: string,
): Promise<MessageItem> {
  return apiClient.post(
    `/api/conversations/${encodeURIComponent(conversationId)}/messages`,
    { content, clientId, ...(exchangeProposal ? { exchangeProposal } : {}) },
    { schema: MessageItem },
  );
}

/** Puts a message at the end of the newest page, unless a refetch (or the realtime event) already brought it. */
export function addMessageToCache(queryClient: QueryClient, message: MessageItem) {
  queryClient.setQueryData<MessagesData>(messageKeys.conversation(message.conversationId), (data) => {
    if (!data || data.pages.length === 0) return data;
    if (data.pages.some((page) => page.items.some((item) => item.id === message.id))) return data;
    const [newest, ...older] = data.pages;
    if (!newest) return data;
    return { ...data, pages: [{ ...newest, items: [...newest.items, message] }, ...older] };
  });
}

function failureText(error: unknown): string {
  if (error instanceof ApiError && error.status !== 0) return error.fields.content ?? error.message;
  return 'Not sent. Check your connection.';
}

/**
 * Sends a message optimistically: a 'Sending...' bubble appears at once, the server's message
 * replaces it, and a failure keeps the bubble with Retry. Returns `send` and `retry`.
 */
export function useSendMessage() {
  const queryClient = useQueryClient();

  const attempt = useCallback(
    async (clientId: string, variables: SendMessageVariables) => {
      pendingMessages.update(clientId, { status: 'sending', error: null });
      try {
        const message = await sendMessage(variables, clientId);
        addMessageToCache(queryClient, message);
        pendingMessages.remove([clientId]);
        void queryClient.invalidateQueries({ queryKey: conversationKeys.lists });
        void queryClient.invalidateQueries({ queryKey: conversationKeys.detail(variables.conversationId) });
      } catch (error) {
        console.error('Sending a message failed', error);
        pendingMessages.update(clientId, { status: 'failed', error: failureText(error) });
      }
    },
    [queryClient],
  );

  const send = useCallback(
    (variables: SendMessageVariables) => {
      const clientId = crypto.randomUUID();
      pendingMessages.add({
        clientId,
        conversationId: variables.conversationId,
        content: variables.content,
        exchangeProposal: variables.exchangeProposal ?? null,
        createdAt: new Date().toISOString(),
        status: 'sending',
        error: null,
      });
      void attempt(clientId, variables);
    },
    [attempt],
  );

  const retry = useCallback(
    (clientId: string) => {
      const message = pendingMessages.get(clientId);
      if (!message || message.status === 'sending') return;
      void attempt(clientId, {
        conversationId: message.conversationId,
        content: message.content,
        exchangeProposal: message.exchangeProposal,
      });
    },
    [attempt],
  );

  return { send, retry };
}
