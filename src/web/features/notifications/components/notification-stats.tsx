import { Bell, CalendarDays, Mail, type LucideIcon } from 'lucide-react';
import type { NotificationCounts } from '@shared/schemas/notifications';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

function Stat({ label, value, icon: Icon, testId }: { label: string; value: number | undefined; icon: LucideIcon; testId: string }) {
  return (
    <Card className="flex items-center gap-3 p-3 sm:gap-4 sm:p-5">
      <span className="hidden size-10 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700 sm:inline-flex">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0">
        <p className="truncate text-xs font-medium text-fg-muted sm:text-sm">{label}</p>
        {value === undefined ? (
          <Skeleton className="mt-1 h-7 w-10" />
        ) : (
          <p className="text-2xl font-semibold tabular-nums" data-testid={testId}>
            {value}
          </p>
        )}
      </div>
    </Card>
  );
}

/** The spec's counters: Total, Unread, This Week (created in the last 7 days). */
export function NotificationStats({ counts }: { counts: NotificationCounts | undefined }) {
  return (
    <section aria-label="Notification counts" className="grid grid-cols-3 gap-3 sm:gap-4">
      <Stat label="Total" value={counts?.total} icon={Bell} testId="count-total" />
      <Stat label="Unread" value={counts?.unread} icon={Mail} testId="count-unread" />
      <Stat label="This Week" value={counts?.thisWeek} icon={CalendarDays} testId="count-this-week" />
    </section>
  );
}
