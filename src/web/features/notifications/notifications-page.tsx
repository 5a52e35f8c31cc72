import { CheckCheck } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import type { NotificationItem } from '@shared/schemas/notifications';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { useNotifications } from '@/features/notifications/api/get-notifications';
import { useMarkAllNotificationsRead, useMarkNotificationRead } from '@/features/notifications/api/mark-read';
import { NotificationRow } from '@/features/notifications/components/notification-row';
import { NotificationStats } from '@/features/notifications/components/notification-stats';
import { NotificationsEmpty, NotificationsError, NotificationsSkeleton } from '@/features/notifications/components/notification-states';
import { isSessionLapse } from '@/lib/auth';
import { notificationKeys } from '@/lib/unread-counts';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /notifications: the counters, Mark All Read while unread ones exist, and the list, 50 at a time. */
export function NotificationsPage() {
  useDocumentTitle('Notifications');
  const list = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  // The newest page's counters: 'Load more' never makes them older.
  const counts = list.data?.pages[0]?.counts;
  const firstPageFailed = list.isError && !list.data;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const queryClient = useQueryClient();
  const unread = counts?.unread;

  // The list's fresh Unread counter is the top bar's dot too (no wait for its next poll).
  useEffect(() => {
    if (unread !== undefined) queryClient.setQueryData(notificationKeys.unreadCount, { unread });
  }, [unread, queryClient]);

  function handleOpen(item: NotificationItem) {
    if (item.isRead) return;
    markRead.mutate(item.id, {
      onError: (error) => {
        if (!isSessionLapse(error)) toast.error('Could not mark the notification as read. Please try again.');
      },
    });
  }

  function handleMarkAll() {
    // The button goes away with the last unread item: keep the keyboard user's place on the page.
    headingRef.current?.focus();
    markAll.mutate(undefined, {
      onError: (error) => {
        if (!isSessionLapse(error)) toast.error('Could not mark all notifications as read. Please try again.');
      },
    });
  }

  return (
    <Container size="narrow" className="py-6 sm:py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-semibold tracking-tight outline-none sm:text-4xl">
            Notifications
          </h1>
          <p className="mt-1 text-fg-muted">Requests, answers and ratings from your exchanges.</p>
        </div>
        {counts && counts.unread > 0 ? (
          <Button variant="outline" onClick={handleMarkAll} disabled={markAll.isPending}>
            <CheckCheck aria-hidden="true" />
            {markAll.isPending ? 'Marking...' : 'Mark All Read'}
          </Button>
        ) : null}
      </div>

      <div className="mt-6">
        <NotificationStats counts={firstPageFailed ? undefined : counts} />
      </div>

      <div className="mt-6">
        {list.isPending ? (
          <NotificationsSkeleton />
        ) : firstPageFailed ? (
          <NotificationsError onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : items.length === 0 ? (
          <NotificationsEmpty />
        ) : (
          <>
            <Card className="overflow-hidden">
              <ul aria-label="Notifications" className="divide-y divide-border">
                {items.map((item) => (
                  <li key={item.id}>
                    <NotificationRow item={item} onOpen={handleOpen} />
                  </li>
                ))}
              </ul>
            </Card>
            {list.isFetchNextPageError ? (
              <p role="alert" className="mt-4 text-center text-sm font-medium text-danger-700">
                More notifications could not be loaded. Please try again.
              </p>
            ) : null}
            {list.hasNextPage ? (
              <div className="mt-6 flex justify-center">
                <Button variant="outline" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
                  {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </div>
    </Container>
  );
}
