import { CircleAlert, CircleCheck, Hourglass, WifiOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

const tones = {
  danger: { classes: 'border-danger-600/25 bg-danger-50 text-danger-700', icon: CircleAlert },
  success: { classes: 'border-success-600/25 bg-success-50 text-success-700', icon: CircleCheck },
  offline: { classes: 'border-warning-600/25 bg-warning-50 text-warning-700', icon: WifiOff },
  waiting: { classes: 'border-border bg-surface-muted text-fg', icon: Hourglass },
} as const;

/** A banner inside an auth form: an error, a success message, the offline notice, or a wait. */
export function FormNotice({
  tone,
  children,
  role = tone === 'danger' || tone === 'offline' ? 'alert' : 'status',
  className,
}: {
  tone: keyof typeof tones;
  children: ReactNode;
  role?: 'alert' | 'status';
  className?: string;
}) {
  const { classes, icon: Icon } = tones[tone];
  return (
    <div role={role} className={cn('flex gap-2 rounded-lg border px-3 py-2.5 text-sm', classes, className)}>
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
