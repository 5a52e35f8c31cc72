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

/**
 * The page a notification opens when clicked: exchanges on My Network, ratings on the member's
 * own profile, messages on /messages; the rest (and any type this client does not know) stays.
 */
export function notificationTarget(type: string): string | null {
  return Object.hasOwn(TARGETS, type) ? (TARGETS[type as NotificationType] ?? null) : null;
}
