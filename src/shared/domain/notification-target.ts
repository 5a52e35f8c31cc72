import { paths } from '../app-paths.js';
import type { NotificationType } from '../schemas/notifications.js';

const TARGETS: Record<NotificationType, string | null> = {
  exchange_request: paths.network,
  request_accepted: paths.network,
  request_declined: paths.network,
  exchange_completed: paths.network,
  // The member's own profile, where the reviews are.
  rating_received: paths.profile,
  message: paths.messages,
  system: null,
  reminder: null,
  personal_note: null,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function field(data: unknown, key: string): unknown {
  return typeof data === 'object' && data !== null && Object.hasOwn(data, key) ? (data as Record<string, unknown>)[key] : undefined;
}

/**
 * The page a notification opens when clicked: exchanges on My Network, ratings on the member's
 * own profile, messages on /messages; the rest (and any type this client does not know) stays.
 * With its data: a message opens its conversation, and so does a declined exchange proposal
 * (a conversation but no request: My Network would have nothing to show for it).
 */
export function notificationTarget(type: string, data?: unknown): string | null {
  const conversationId = field(data, 'conversationId');
  if (typeof conversationId === 'string' && UUID.test(conversationId)) {
    const conversation = paths.messagesConversation.replace(':id', conversationId);
    if (type === 'message') return conversation;
    if (type === 'request_declined' && field(data, 'requestId') === undefined) return conversation;
  }
  return Object.hasOwn(TARGETS, type) ? (TARGETS[type as NotificationType] ?? null) : null;
}
