import type { ComponentProps, ReactNode } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

export interface TextFieldProps extends ComponentProps<'input'> {
  id: string;
  label: string;
  error?: string;
  /** Shown beside the label (e.g. a "Can't sign in?" link). */
  labelAside?: ReactNode;
  /** Shown under the field, above the error (e.g. the strength hint). */
  hint?: ReactNode;
  hintId?: string;
}

/** A labelled input with its validation message underneath, announced and linked to the field. */
export function TextField({ id, label, error, labelAside, hint, hintId, ...inputProps }: TextFieldProps) {
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...inputProps} />
      {hint}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}

/** A field's validation message. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="text-sm text-danger-700">
      {children}
    </p>
  );
}
