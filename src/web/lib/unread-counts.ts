/** Unread items behind the top bar's red dots. */
export interface UnreadCounts {
  notifications: number;
  messages: number;
}

const none: UnreadCounts = { notifications: 0, messages: 0 };

/**
 * What the member has not read yet, for the Notifications and Messages dots.
 *
 * TODO(requests, messages, network and notifications issue, after issue 5): read both counts
 * from the notifications and conversations API and keep them live over the realtime channel.
 * There is no such API yet, so nothing is unread.
 */
export function useUnreadCounts(): UnreadCounts {
  return none;
}
