import { useHeldWhilePressed } from '@/lib/pointer-press';
import { cn } from '@/lib/cn';

export interface FieldMessageProps {
  /** The id a control names in aria-describedby. */
  id: string;
  message?: string | undefined;
  /** Keeps one line free under the field even without a message, so one-line messages move nothing. */
  reserveLine?: boolean;
  className?: string;
}

/**
 * A field's validation message. It changes only when no pointer press is under way: a message
 * that appears or clears as focus leaves the field never moves the button being clicked.
 */
export function FieldMessage({ id, message, reserveLine = false, className }: FieldMessageProps) {
  const shown = useHeldWhilePressed(message);
  const text = shown ? (
    <p id={id} role="alert" className={cn('text-sm text-danger-700', className)}>
      {shown}
    </p>
  ) : null;
  return reserveLine ? <div className="min-h-5">{text}</div> : text;
}
