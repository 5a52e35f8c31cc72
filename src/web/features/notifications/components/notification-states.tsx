import { BellOff, RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/** Placeholder rows while the first page loads. */
export function NotificationsSkeleton({ count = 5 }: { count?: number }) {
  return (
    <Card className="divide-y divide-border" role="status" aria-label="Loading notifications">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="flex items-start gap-4 px-5 py-4">
          <Skeleton className="size-10 rounded-xl" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-3 w-3/4" />
          </div>
        </div>
      ))}
    </Card>
  );
}

export function NotificationsEmpty() {
  return (
    <Card className="flex flex-col items-center px-6 py-12 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-brand-100 text-brand-700">
        <BellOff aria-hidden="true" className="size-6" />
      </span>
      <p className="mt-4 text-lg font-semibold">No notifications yet</p>
      <p className="mt-1 max-w-sm text-fg-muted">
        When someone sends you an exchange request, answers yours or rates an exchange, you will see it here.
      </p>
    </Card>
  );
}

export function NotificationsError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <Card role="alert" className="flex flex-col items-center px-6 py-12 text-center">
      <p className="text-lg font-semibold">Notifications could not be loaded</p>
      <p className="mt-1 text-fg-muted">Please check your connection and try again.</p>
      <Button variant="outline" className="mt-5" onClick={onRetry} disabled={retrying}>
        <RotateCw aria-hidden="true" className={retrying ? 'animate-spin motion-reduce:animate-none' : undefined} />
        {retrying ? 'Retrying...' : 'Try again'}
      </Button>
    </Card>
  );
}
