import type { ReactNode } from 'react';
import { FieldMessage } from '@/components/ui/field-message';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';

export interface FormFieldProps {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  /** Text under the control when there is no error (e.g. a live counter). */
  hint?: ReactNode;
  /** Shown at the label's right (e.g. a character counter). */
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** The ids a control should name in aria-describedby. */
export function fieldDescribedBy(id: string, { error = false, hint = false } = {}): string | undefined {
  const ids = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** Label (with an optional aside), the control, then its hint and error. */
export function FormField({ id, label, error, hint, aside, className, children }: FormFieldProps) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <div className="flex items-baseline justify-between gap-3">
        <Label htmlFor={id}>{label}</Label>
        {aside}
      </div>
      {children}
      {hint ? (
        <div id={`${id}-hint`} className="text-sm text-fg-muted">
          {hint}
        </div>
      ) : null}
      <FieldMessage id={`${id}-error`} message={error} className="font-medium" />
    </div>
  );
}
