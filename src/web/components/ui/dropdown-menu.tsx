import { DropdownMenu as DropdownMenuPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { deferredRoot, deferredTrigger } from '@/components/ui/deferred-root';
import { openTracked, WhileOpen } from '@/components/ui/while-open';

export const DropdownMenu = deferredRoot(openTracked(DropdownMenuPrimitive.Root));
export const DropdownMenuTrigger = deferredTrigger(DropdownMenuPrimitive.Trigger, {
  attributes: { 'aria-haspopup': 'menu', 'aria-expanded': false },
  openKeys: ['Enter', ' ', 'ArrowDown'],
  opensOnPointerDown: true,
});
export const DropdownMenuGroup = DropdownMenuPrimitive.Group;

export function DropdownMenuContent({
  className,
  sideOffset = 6,
  align = 'end',
  ...props
}: ComponentProps<typeof DropdownMenuPrimitive.Content>) {
  return (
    <WhileOpen>
      <DropdownMenuPrimitive.Portal>
        <DropdownMenuPrimitive.Content
          sideOffset={sideOffset}
          align={align}
          className={cn(
            'z-50 min-w-52 overflow-hidden rounded-xl border border-border bg-surface p-1.5 text-fg shadow-raised',
            'data-[state=open]:animate-fade-in',
            className,
          )}
          {...props}
        />
      </DropdownMenuPrimitive.Portal>
    </WhileOpen>
  );
}

export interface DropdownMenuItemProps extends ComponentProps<typeof DropdownMenuPrimitive.Item> {
  variant?: 'default' | 'destructive';
}

export function DropdownMenuItem({ className, variant = 'default', ...props }: DropdownMenuItemProps) {
  return (
    <DropdownMenuPrimitive.Item
      className={cn(
        'relative flex cursor-default items-center gap-2 rounded-lg px-2.5 py-2 text-sm outline-none select-none',
        'data-[highlighted]:bg-surface-muted data-[disabled]:pointer-events-none data-[disabled]:opacity-50',
        '[&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-fg-subtle',
        variant === 'destructive' && 'text-danger-700 [&_svg]:text-danger-600',
        className,
      )}
      {...props}
    />
  );
}

export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof DropdownMenuPrimitive.Label>) {
  return <DropdownMenuPrimitive.Label className={cn('px-2.5 py-2 text-sm', className)} {...props} />;
}

export function DropdownMenuSeparator({ className, ...props }: ComponentProps<typeof DropdownMenuPrimitive.Separator>) {
  return <DropdownMenuPrimitive.Separator className={cn('-mx-1.5 my-1.5 h-px bg-border', className)} {...props} />;
}
