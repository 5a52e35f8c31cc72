import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { NotificationListResponse } from '@shared/schemas/notifications';
import { apiClient } from '@/lib/api-client';
import { notificationKeys } from '@/lib/unread-counts';

/** GET /api/notifications: a page of 50, newest first, with the counters. */
export function getNotifications(cursor: string | null, signal?: AbortSignal): Promise<NotificationListResponse> {
  return apiClient.get('/api/notifications', { query: { cursor }, signal, schema: NotificationListResponse });
}

export const notificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list,
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // The list is what the member came to read: always fresh when the screen opens.
    staleTime: 0,
  });

export function useNotifications() {
  return useInfiniteQuery(notificationsQueryOptions());
}
