import { useSyncExternalStore } from 'react';
import type { ExchangeProposal } from '@shared/schemas/messages';

/** A message this tab is sending (or failed to send), shown until the server's copy replaces it. */
export interface PendingMessage {
  clientId: string;
  conversationId: string;
  content: string;
  exchangeProposal: ExchangeProposal | null;
  createdAt: string;
  status: 'sending' | 'failed';
  /** Why the last attempt failed, in the server's words when it gave any. */
  error: string | null;
}

/*
 * Kept outside React state so a bubble that is sending (or failed, with Retry) survives switching
 * conversations and coming back, for as long as the tab is open.
 */
let pending: readonly PendingMessage[] = [];
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const pendingMessages = {
  add(message: PendingMessage) {
    pending = [...pending, message];
    emit();
  },
  update(clientId: string, patch: Partial<Pick<PendingMessage, 'status' | 'error'>>) {
    pending = pending.map((message) => (message.clientId === clientId ? { ...message, ...patch } : message));
    emit();
  },
  /** Drops the bubbles whose message the server now holds. */
  remove(clientIds: readonly string[]) {
    if (!pending.some((message) => clientIds.includes(message.clientId))) return;
    pending = pending.filter((message) => !clientIds.includes(message.clientId));
    emit();
  },
  get(clientId: string): PendingMessage | undefined {
    return pending.find((message) => message.clientId === clientId);
  },
};

/** This tab's unsent bubbles of one conversation, oldest first. */
export function usePendingMessages(conversationId: string): PendingMessage[] {
  const all = useSyncExternalStore(subscribe, () => pending);
  return all.filter((message) => message.conversationId === conversationId);
}
