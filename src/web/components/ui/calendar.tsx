import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ComponentProps } from 'react';
import { DayPicker } from 'react-day-picker';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/cn';

function CalendarChevron({ orientation, className }: { orientation?: 'up' | 'down' | 'left' | 'right'; className?: string }) {
  const Icon = orientation === 'left' ? ChevronLeft : ChevronRight;
  return <Icon aria-hidden="true" className={cn('size-4', className)} />;
}

export type CalendarProps = ComponentProps<typeof DayPicker>;

/** A month calendar (react-day-picker) styled with the design tokens. */
export function Calendar({ className, classNames, showOutsideDays = true, ...props }: CalendarProps) {
  return (
    <DayPicker
      showOutsideDays={showOutsideDays}
      className={cn('text-sm', className)}
      classNames={{
        root: 'relative',
        months: 'flex flex-col gap-4',
        month: 'flex flex-col gap-3',
        month_caption: 'flex h-9 items-center justify-center px-10 font-semibold',
        caption_label: 'text-sm font-semibold',
        nav: 'absolute inset-x-0 top-0 flex items-center justify-between',
        button_previous: cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'size-9'),
        button_next: cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'size-9'),
        month_grid: 'w-full border-collapse',
        weekdays: 'flex',
        weekday: 'w-9 text-center text-xs font-medium text-fg-subtle',
        week: 'mt-1 flex w-full',
        day: 'size-9 p-0 text-center',
        day_button: cn(
          'inline-flex size-9 items-center justify-center rounded-lg text-sm transition-colors',
          'hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-brand-600',
          'disabled:pointer-events-none disabled:opacity-35',
        ),
        selected: '[&>button]:bg-brand-700 [&>button]:font-semibold [&>button]:text-white [&>button]:hover:bg-brand-800',
        today: '[&>button]:ring-1 [&>button]:ring-brand-600',
        outside: 'text-fg-subtle/70',
        disabled: 'text-fg-subtle',
        hidden: 'invisible',
        ...classNames,
      }}
      components={{ Chevron: CalendarChevron }}
      {...props}
    />
  );
}
