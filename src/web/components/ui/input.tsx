import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * Shared by Input and Textarea so every text field looks and focuses the same. Joined, not cn():
 * a cn() call while modules load builds tailwind-merge's tables then (app-main.tsx does it apart).
 */
export const fieldClasses = [
  'w-full rounded-lg border border-border-strong bg-surface px-3 text-base text-fg sm:text-sm',
  'placeholder:text-fg-subtle transition-colors',
  'focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600/40',
  'disabled:cursor-not-allowed disabled:bg-surface-muted disabled:opacity-70',
  'aria-invalid:border-danger-600 aria-invalid:focus-visible:outline-danger-600/40',
].join(' ');

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(fieldClasses, 'h-10', className)} {...props} />;
}
