/**
 * TanStack Query keys of conversations and messages. The realtime client (src/web/lib/realtime.ts)
 * invalidates these prefixes when the server sends an event, so they must not change shape:
 * ['conversations', 'list', q], ['conversations', id], ['messages', conversationId], ['messages-unread'].
 */
export const conversationKeys = {
  all: ['conversations'] as const,
  list: (q: string) => ['conversations', 'list', q] as const,
  lists: ['conversations', 'list'] as const,
  detail: (id: string) => ['conversations', id] as const,
};

export const messageKeys = {
  conversation: (conversationId: string) => ['messages', conversationId] as const,
  unread: ['messages-unread'] as const,
};
