import { Popover as PopoverPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { openTracked, WhileOpen } from '@/components/ui/while-open';

export const Popover = openTracked(PopoverPrimitive.Root);
export const PopoverTrigger = PopoverPrimitive.Trigger;
export const PopoverAnchor = PopoverPrimitive.Anchor;

export function PopoverContent({
  className,
  align = 'start',
  sideOffset = 6,
  ...props
}: ComponentProps<typeof PopoverPrimitive.Content>) {
  return (
    <WhileOpen>
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content
          align={align}
          sideOffset={sideOffset}
          className={cn(
            'z-50 rounded-xl border border-border bg-surface p-3 text-fg shadow-raised outline-none data-[state=open]:animate-fade-in',
            className,
          )}
          {...props}
        />
      </PopoverPrimitive.Portal>
    </WhileOpen>
  );
}
