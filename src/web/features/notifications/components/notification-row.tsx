import { format, formatDistanceToNow } from 'date-fns';
import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { NotificationItem } from '@shared/schemas/notifications';
import { cn } from '@/lib/cn';
import { notificationKind } from '@/features/notifications/lib/notification-kinds';

const rowClasses = [
  'flex w-full items-start gap-3 px-4 py-4 text-left sm:gap-4 sm:px-5',
  'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600',
].join(' ');
const actionable = 'transition-colors hover:bg-surface-muted';

export interface NotificationRowProps {
  item: NotificationItem;
  /** Called before a click navigates (or instead, when the item leads nowhere): marks it read. */
  onOpen: (item: NotificationItem) => void;
}

/**
 * One notification: the type's icon, title, message and relative time; unread ones carry a dot
 * and a bolder title. A row that leads somewhere is a link; an unread one that does not is a
 * button that marks it read; a read one leads nowhere and is plain text.
 */
export function NotificationRow({ item, onOpen }: NotificationRowProps) {
  const kind = notificationKind(item.type, item.data);
  const Icon = kind.icon;
  const created = new Date(item.createdAt);
  const content: ReactNode = (
    <>
      <span className={cn('inline-flex size-10 shrink-0 items-center justify-center rounded-xl', kind.tone)}>
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex flex-col sm:flex-row sm:items-start sm:gap-2">
          <span className={cn('min-w-0 flex-1 break-words', item.isRead ? 'font-medium text-fg' : 'font-semibold text-fg')}>
            <span className="sr-only">{kind.label}: </span>
            {item.title}
          </span>
          <time dateTime={item.createdAt} title={format(created, 'PPpp')} className="shrink-0 text-xs text-fg-muted max-sm:mt-0.5">
            {formatDistanceToNow(created, { addSuffix: true })}
          </time>
        </span>
        <span className={cn('mt-0.5 block text-sm break-words', item.isRead ? 'text-fg-muted' : 'text-fg')}>{item.message}</span>
      </span>
      <span className="flex w-4 shrink-0 flex-col items-center gap-3 self-stretch pt-1.5">
        {item.isRead ? null : (
          <>
            <span data-testid="unread-dot" aria-hidden="true" className="size-2.5 rounded-full bg-brand-600" />
            <span className="sr-only">(unread)</span>
          </>
        )}
        {kind.target ? <ChevronRight aria-hidden="true" className="mt-auto mb-auto size-4 text-fg-subtle" /> : null}
      </span>
    </>
  );
  const tint = item.isRead ? '' : 'bg-brand-50/60';

  if (kind.target) {
    return (
      <Link to={kind.target} onClick={() => onOpen(item)} className={cn(rowClasses, actionable, tint)} data-testid="notification">
        {content}
      </Link>
    );
  }
  if (!item.isRead) {
    return (
      <button type="button" onClick={() => onOpen(item)} className={cn(rowClasses, actionable, tint)} data-testid="notification">
        {content}
      </button>
    );
  }
  return (
    <div className={rowClasses} data-testid="notification">
      {content}
    </div>
  );
}
