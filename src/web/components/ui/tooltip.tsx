import { Tooltip as TooltipPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { deferredRoot, deferredTrigger } from '@/components/ui/deferred-root';
import { openTracked, WhileOpen } from '@/components/ui/while-open';

/** Wrap a tooltip (or a tree of them) in this; it sets the shared open delay. */
export function TooltipProvider({ delayDuration = 300, ...props }: ComponentProps<typeof TooltipPrimitive.Provider>) {
  return <TooltipPrimitive.Provider delayDuration={delayDuration} {...props} />;
}

export const Tooltip = deferredRoot(openTracked(TooltipPrimitive.Root));
export const TooltipTrigger = deferredTrigger(TooltipPrimitive.Trigger, { attributes: {}, openKeys: [], opensOnPointerDown: false });

export function TooltipContent({ className, sideOffset = 6, children, ...props }: ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <WhileOpen>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          sideOffset={sideOffset}
          className={cn(
            'z-50 max-w-64 rounded-lg bg-fg px-3 py-2 text-xs leading-snug text-white shadow-raised data-[state=delayed-open]:animate-fade-in data-[state=instant-open]:animate-fade-in',
            className,
          )}
          {...props}
        >
          {children}
          <TooltipPrimitive.Arrow className="fill-fg" />
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </WhileOpen>
  );
}
