import { Check, ChevronDown } from 'lucide-react';
import { Select as SelectPrimitive } from 'radix-ui';
import { createContext, isValidElement, useContext, type ComponentProps, type ReactNode } from 'react';
import { deferredRoot, deferredTrigger, usePendingRoot } from '@/components/ui/deferred-root';
import { fieldClasses } from '@/components/ui/input';
import { cn } from '@/lib/cn';

/**
 * The select's value and items, for what its trigger shows before Radix's Select is mounted
 * (deferred-root.tsx): the chosen item's text, or the placeholder.
 */
const Choice = createContext<{ value?: string; items?: ReactNode }>({});

/** The children of the `SelectItem` with this value, anywhere among `children`. */
function itemText(children: ReactNode, value: string | undefined): ReactNode {
  const nodes = Array.isArray(children) ? children : [children];
  for (const node of nodes) {
    if (Array.isArray(node)) {
      const found = itemText(node, value);
      if (found !== undefined) return found;
    } else if (isValidElement<{ value?: string; children?: ReactNode }>(node)) {
      if (node.type === SelectItem && node.props.value === value) return node.props.children;
      const found = itemText(node.props.children, value);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

const DeferredSelectRoot = deferredRoot(SelectPrimitive.Root);

export function Select(props: ComponentProps<typeof SelectPrimitive.Root>) {
  return (
    <Choice.Provider value={{ value: props.value ?? props.defaultValue, items: props.children }}>
      <DeferredSelectRoot {...props} />
    </Choice.Provider>
  );
}
export const SelectGroup = SelectPrimitive.Group;

export function SelectValue({ children, placeholder, ...props }: ComponentProps<typeof SelectPrimitive.Value>) {
  const pending = usePendingRoot();
  const { value, items } = useContext(Choice);
  if (!pending) return <SelectPrimitive.Value placeholder={placeholder} {...props}>{children}</SelectPrimitive.Value>;
  const { className } = props;
  return (
    <span className={className} style={{ pointerEvents: 'none' }}>
      {children ?? (value ? itemText(items, value) : undefined) ?? placeholder}
    </span>
  );
}

const Trigger = deferredTrigger(SelectPrimitive.Trigger, {
  attributes: { role: 'combobox', 'aria-expanded': false, 'aria-autocomplete': 'none' },
  openKeys: [' ', 'Enter', 'ArrowUp', 'ArrowDown'],
  opensOnPointerDown: true,
});

export function SelectTrigger({ className, children, ...props }: ComponentProps<typeof SelectPrimitive.Trigger>) {
  const pending = usePendingRoot();
  const { value } = useContext(Choice);
  return (
    <Trigger
      // Only while pending: a key set to undefined would override Radix's own attribute.
      {...(pending && !value ? { 'data-placeholder': '' } : {})}
      className={cn(
        fieldClasses,
        'flex h-10 items-center justify-between gap-2 text-left data-[placeholder]:text-fg-subtle [&>span]:truncate',
        className,
      )}
      {...props}
    >
      {children}
      <SelectPrimitive.Icon asChild>
        <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-fg-subtle" />
      </SelectPrimitive.Icon>
    </Trigger>
  );
}

export function SelectContent({
  className,
  children,
  position = 'popper',
  ...props
}: ComponentProps<typeof SelectPrimitive.Content>) {
  if (usePendingRoot()) return null;
  return (
    <SelectPrimitive.Portal>
      <SelectPrimitive.Content
        position={position}
        sideOffset={4}
        className={cn(
          'relative z-50 max-h-[min(var(--radix-select-content-available-height),20rem)] min-w-[var(--radix-select-trigger-width)] overflow-hidden',
          'rounded-xl border border-border bg-surface text-fg shadow-raised data-[state=open]:animate-fade-in',
          className,
        )}
        {...props}
      >
        <SelectPrimitive.Viewport className="p-1.5">{children}</SelectPrimitive.Viewport>
      </SelectPrimitive.Content>
    </SelectPrimitive.Portal>
  );
}

export function SelectItem({ className, children, ...props }: ComponentProps<typeof SelectPrimitive.Item>) {
  return (
    <SelectPrimitive.Item
      className={cn(
        'relative flex w-full cursor-default items-center rounded-lg py-2 pr-8 pl-2.5 text-sm outline-none select-none',
        'data-[highlighted]:bg-surface-muted data-[disabled]:pointer-events-none data-[disabled]:opacity-50',
        className,
      )}
      {...props}
    >
      <SelectPrimitive.ItemText>{children}</SelectPrimitive.ItemText>
      <span className="absolute right-2.5 inline-flex size-4 items-center justify-center">
        <SelectPrimitive.ItemIndicator>
          <Check aria-hidden="true" className="size-4 text-brand-700" />
        </SelectPrimitive.ItemIndicator>
      </span>
    </SelectPrimitive.Item>
  );
}
