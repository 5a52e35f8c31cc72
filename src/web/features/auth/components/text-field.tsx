import type { ComponentProps, ReactNode } from 'react';
import { FieldMessage } from '@/components/ui/field-message';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

export interface TextFieldProps extends ComponentProps<'input'> {
  id: string;
  label: string;
  error?: string;
  /** Shown under the field, above the error (e.g. the strength hint). */
  hint?: ReactNode;
  hintId?: string;
}

/**
 * A labelled input with its validation message underneath, announced and linked to the field.
 * The message's line is always kept, so a message coming or going moves nothing below it.
 */
export function TextField({ id, label, error, hint, hintId, ...inputProps }: TextFieldProps) {
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id} className="block">
        {label}
      </Label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...inputProps} />
      {hint}
      <FieldMessage id={errorId} message={error} reserveLine />
    </div>
  );
}
