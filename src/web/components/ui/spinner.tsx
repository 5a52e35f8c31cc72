import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/cn';

export interface SpinnerProps {
  /** Announced to screen readers. */
  label?: string;
  className?: string;
  /** Show the label next to the spinner instead of only to screen readers. */
  showLabel?: boolean;
}

export function Spinner({ label = 'Loading...', className, showLabel = false }: SpinnerProps) {
  return (
    <span role="status" className={cn('inline-flex items-center gap-2 text-fg-muted', className)}>
      <LoaderCircle aria-hidden="true" className="size-6 animate-spin text-brand-600 motion-reduce:animate-none" />
      <span className={showLabel ? 'text-sm' : 'sr-only'}>{label}</span>
    </span>
  );
}
