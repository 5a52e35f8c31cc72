import { Bell, BellRing, CheckCircle2, Handshake, Info, MessageSquare, NotebookPen, Star, UserPlus, XCircle, type LucideIcon } from 'lucide-react';
import type { NotificationType } from '@shared/schemas/notifications';
import { notificationTarget } from '@shared/domain/notification-target';

export interface NotificationKind {
  icon: LucideIcon;
  /** Read out before the title, so the icon's meaning is not lost to screen readers. */
  label: string;
  /** Tailwind classes of the icon's tile. */
  tone: string;
}

/** An unknown type (a newer server) still shows, with the generic icon and no link. */
const OTHER: NotificationKind = { icon: Bell, label: 'Notification', tone: 'bg-surface-muted text-fg-muted' };

const KINDS: Record<NotificationType, NotificationKind> = {
  exchange_request: { icon: UserPlus, label: 'Exchange request', tone: 'bg-brand-100 text-brand-700' },
  request_accepted: { icon: Handshake, label: 'Request accepted', tone: 'bg-success-50 text-success-700' },
  request_declined: { icon: XCircle, label: 'Request declined', tone: 'bg-danger-50 text-danger-700' },
  exchange_completed: { icon: CheckCircle2, label: 'Exchange completed', tone: 'bg-success-50 text-success-700' },
  rating_received: { icon: Star, label: 'New rating', tone: 'bg-accent-100 text-accent-600' },
  message: { icon: MessageSquare, label: 'Message', tone: 'bg-brand-100 text-brand-700' },
  system: { icon: Info, label: 'System', tone: 'bg-surface-muted text-fg-muted' },
  reminder: { icon: BellRing, label: 'Reminder', tone: 'bg-warning-50 text-warning-700' },
  personal_note: { icon: NotebookPen, label: 'Personal note', tone: 'bg-surface-muted text-fg-muted' },
};

/** Icon, label and click target (null: stays on the list) of a notification type (spec: an icon per type). */
export function notificationKind(type: string, data?: unknown): NotificationKind & { target: string | null } {
  const kind = Object.hasOwn(KINDS, type) ? KINDS[type as NotificationType] : OTHER;
  return { ...kind, target: notificationTarget(type, data) };
}
