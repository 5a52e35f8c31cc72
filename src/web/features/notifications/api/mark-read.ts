import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { NotificationListResponse, UnreadCountResponse } from '@shared/schemas/notifications';
import { apiClient } from '@/lib/api-client';
import { notificationKeys } from '@/lib/unread-counts';

type ListData = InfiniteData<NotificationListResponse, string | null>;

interface Snapshot {
  list: ListData | undefined;
  unread: UnreadCountResponse | undefined;
}

/** Reads the list and the unread count as they are, stopping fetches that would overwrite the optimistic state. */
async function snapshot(queryClient: QueryClient): Promise<Snapshot> {
  await queryClient.cancelQueries({ queryKey: notificationKeys.all });
  return {
    list: queryClient.getQueryData<ListData>(notificationKeys.list),
    unread: queryClient.getQueryData<UnreadCountResponse>(notificationKeys.unreadCount),
  };
}

function restore(queryClient: QueryClient, previous: Snapshot | undefined) {
  if (!previous) return;
  queryClient.setQueryData(notificationKeys.list, previous.list);
  queryClient.setQueryData(notificationKeys.unreadCount, previous.unread);
}

/** The list with the chosen items read and the Unread counter lowered by as many as changed. */
function markInList(data: ListData | undefined, isTarget: (id: string) => boolean): { data: ListData | undefined; changed: number } {
  if (!data) return { data, changed: 0 };
  let changed = 0;
  const pages = data.pages.map((page) => ({
    ...page,
    items: page.items.map((item) => {
      if (item.isRead || !isTarget(item.id)) return item;
      changed += 1;
      return { ...item, isRead: true };
    }),
  }));
  return {
    data: { ...data, pages: pages.map((page) => ({ ...page, counts: { ...page.counts, unread: Math.max(0, page.counts.unread - changed) } })) },
    changed,
  };
}

function lowerUnread(queryClient: QueryClient, by: number | 'all') {
  queryClient.setQueryData<UnreadCountResponse>(notificationKeys.unreadCount, (old) =>
    old ? { unread: by === 'all' ? 0 : Math.max(0, old.unread - by) } : old,
  );
}

/** POST /api/notifications/:id/read, shown at once (optimistic) and undone if it fails. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.post<{ id: string; isRead: boolean }>(`/api/notifications/${encodeURIComponent(id)}/read`),
    onMutate: async (id) => {
      const previous = await snapshot(queryClient);
      const { data, changed } = markInList(previous.list, (itemId) => itemId === id);
      if (data) queryClient.setQueryData(notificationKeys.list, data);
      lowerUnread(queryClient, changed);
      return previous;
    },
    onError: (_error, _id, previous) => restore(queryClient, previous),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** POST /api/notifications/read-all: every item read at once; the counters follow. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post<{ updated: number }>('/api/notifications/read-all'),
    onMutate: async () => {
      const previous = await snapshot(queryClient);
      const { data } = markInList(previous.list, () => true);
      if (data) queryClient.setQueryData(notificationKeys.list, { ...data, pages: data.pages.map((p) => ({ ...p, counts: { ...p.counts, unread: 0 } })) });
      lowerUnread(queryClient, 'all');
      return previous;
    },
    onError: (_error, _vars, previous) => restore(queryClient, previous),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
