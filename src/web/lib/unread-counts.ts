import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { UnreadMessagesResponse } from '@shared/schemas/messages';
import { UnreadCountResponse } from '@shared/schemas/notifications';
import { apiClient } from '@/lib/api-client';
import { useSession } from '@/lib/auth';

/** Unread items behind the top bar's red dots. */
export interface UnreadCounts {
  notifications: number;
  messages: number;
}

/**
 * TanStack Query keys of notifications. Everything lives under 'notifications', so a change
 * (read, read all, a new one) refreshes the list and the top bar's dot at once:
 * `queryClient.invalidateQueries({ queryKey: notificationKeys.all })`.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  unreadCount: ['notifications', 'unread-count'] as const,
};

/** Query key of the unread message count (the Messages dot); message events make it stale. */
export const messagesUnreadKey = ['messages-unread'] as const;

/** How often the top bar asks again, whatever the realtime connection says. */
export const UNREAD_POLL_MS = 30_000;

/** GET /api/messages/unread-count. */
export function getUnreadMessages(): Promise<{ unread: number }> {
  return apiClient.get('/api/messages/unread-count', { schema: UnreadMessagesResponse });
}

/** GET /api/notifications/unread-count. */
export function getUnreadCount(): Promise<UnreadCountResponse> {
  return apiClient.get('/api/notifications/unread-count', { schema: UnreadCountResponse });
}

/**
 * What the member has not read yet, for the Notifications and Messages dots. Realtime events
 * (lib/realtime.tsx) make both counts stale the moment something happens; besides, they are
 * read when signed in, every 30 s (the fallback when an event is missed) and on every
 * navigation. Not on returning to the tab: the session is re-read then, and a count asked for a
 * session that ended elsewhere would only answer 401 beside the 'Session expired' notice.
 */
export function useUnreadCounts(): UnreadCounts {
  const { data: session } = useSession();
  const signedIn = Boolean(session);
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const query = useQuery({
    queryKey: notificationKeys.unreadCount,
    queryFn: getUnreadCount,
    enabled: signedIn,
    staleTime: 0,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: false,
    retry: false,
  });
  const messages = useQuery({
    queryKey: messagesUnreadKey,
    queryFn: getUnreadMessages,
    enabled: signedIn,
    staleTime: 0,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: false,
    retry: false,
  });

  // A route change asks again (the first render's fetch is the query's own).
  const seenPath = useRef(pathname);
  useEffect(() => {
    if (!signedIn || seenPath.current === pathname) return;
    seenPath.current = pathname;
    void queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCount, exact: true });
    void queryClient.invalidateQueries({ queryKey: messagesUnreadKey, exact: true });
  }, [pathname, signedIn, queryClient]);

  return {
    notifications: signedIn ? (query.data?.unread ?? 0) : 0,
    messages: signedIn ? (messages.data?.unread ?? 0) : 0,
  };
}
