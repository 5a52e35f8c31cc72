import { format, isValid, parseISO } from 'date-fns';
import { CalendarDays } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Calendar } from '@/components/ui/calendar';
import { fieldClasses } from '@/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/cn';

export interface DatePickerProps {
  id: string;
  /** yyyy-mm-dd, or null/empty for no date. */
  value: string | null | undefined;
  /** Called with yyyy-mm-dd, or null when cleared. */
  onChange: (value: string | null) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Days before this one cannot be picked. */
  minDate?: Date;
  placeholder?: string;
  invalid?: boolean;
  describedBy?: string | undefined;
  onBlur?: () => void;
}

function toDate(value: string | null | undefined): Date | undefined {
  if (!value) return undefined;
  const date = parseISO(value);
  return isValid(date) ? date : undefined;
}

/** A button showing the chosen date that opens a calendar in a popover; the parent owns `open`. */
export function DatePicker({
  id,
  value,
  onChange,
  open,
  onOpenChange,
  minDate,
  placeholder = 'Pick a date',
  invalid = false,
  describedBy,
  onBlur,
}: DatePickerProps) {
  const selected = toDate(value);
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>
        <button
          id={id}
          type="button"
          onBlur={onBlur}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy}
          className={cn(fieldClasses, 'flex h-10 items-center gap-2 text-left', !selected && 'text-fg-subtle')}
        >
          <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-fg-subtle" />
          <span className="truncate">{selected ? format(selected, 'MMM d, yyyy') : placeholder}</span>
        </button>
      </PopoverTrigger>
      <PopoverContent className="w-auto p-3">
        <Calendar
          mode="single"
          selected={selected}
          defaultMonth={selected ?? minDate}
          disabled={minDate ? { before: minDate } : undefined}
          startMonth={minDate}
          onSelect={(date) => onChange(date ? format(date, 'yyyy-MM-dd') : null)}
        />
        {selected ? (
          <div className="mt-2 flex justify-end border-t border-border pt-2">
            <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
              Clear date
            </Button>
          </div>
        ) : null}
      </PopoverContent>
    </Popover>
  );
}
