import { ChevronDown } from 'lucide-react';
import { Accordion as AccordionPrimitive } from 'radix-ui';
import { createContext, useContext, useLayoutEffect, useRef, useState, type ComponentProps } from 'react';
import { useAppStarted } from '@/components/ui/deferred-root';
import { cn } from '@/lib/cn';

type AccordionProps = ComponentProps<typeof AccordionPrimitive.Root>;

/** Until Radix's accordion is mounted: opens a row (its trigger was pressed). */
const PendingAccordion = createContext<((value: string) => void) | null>(null);
const PendingItem = createContext('');

const TRIGGER = 'data-accordion-trigger';

function triggersIn(root: HTMLElement | null): HTMLElement[] {
  return root ? [...root.querySelectorAll<HTMLElement>(`[${TRIGGER}]`)] : [];
}

function openValues(props: AccordionProps): string[] {
  const value = props.value ?? props.defaultValue;
  return typeof value === 'string' ? (value ? [value] : []) : (value ?? []);
}

/**
 * Radix's accordion, mounted once the app's first page is on screen (components/ui/deferred-root.tsx:
 * its collection sets state as it attaches, which pulled every pending effect into the first
 * commit of /home). Until then, when every row is closed, the same rows with the same look; pressing
 * one mounts the accordion with that row open. An accordion that starts with a row open mounts at once.
 */
export function Accordion(props: AccordionProps) {
  const root = useRef<HTMLDivElement>(null);
  const refocus = useRef(-1);
  const [opened, setOpened] = useState<string>();
  const ready = useAppStarted(() => {
    refocus.current = triggersIn(root.current).findIndex((trigger) => trigger === document.activeElement);
  });
  const [live, setLive] = useState(false);
  if (!live && (ready || opened !== undefined || openValues(props).length > 0)) setLive(true);
  useLayoutEffect(() => {
    if (!live || refocus.current < 0) return;
    triggersIn(root.current)[refocus.current]?.focus({ preventScroll: true });
    refocus.current = -1;
  }, [live]);

  if (live) {
    // Pressed before it was mounted, uncontrolled: that row starts open.
    const early = opened !== undefined && props.value === undefined ? (props.type === 'single' ? { defaultValue: opened } : { defaultValue: [opened] }) : {};
    const rootProps = { ...props, ...early } as AccordionProps;
    return <AccordionPrimitive.Root {...rootProps} ref={root} />;
  }
  const open = (value: string) => {
    refocus.current = triggersIn(root.current).findIndex((trigger) => trigger === document.activeElement);
    if (props.type === 'single') props.onValueChange?.(value);
    else props.onValueChange?.([value]);
    setOpened(value);
  };
  return (
    <PendingAccordion.Provider value={open}>
      <div ref={root} className={props.className} data-orientation="vertical">
        {props.children}
      </div>
    </PendingAccordion.Provider>
  );
}

export function AccordionItem({ className, ...props }: ComponentProps<typeof AccordionPrimitive.Item>) {
  const pending = useContext(PendingAccordion);
  const classes = cn('border-b border-border', className);
  if (!pending) return <AccordionPrimitive.Item className={classes} {...props} />;
  const { value, children, disabled: _disabled, ...rest } = props;
  return (
    <PendingItem.Provider value={value}>
      <div data-state="closed" data-orientation="vertical" className={classes} {...rest}>
        {children}
      </div>
    </PendingItem.Provider>
  );
}

export interface AccordionTriggerProps extends ComponentProps<typeof AccordionPrimitive.Trigger> {
  /** Heading level wrapping the trigger, to keep the page's heading order. Defaults to h3. */
  headingLevel?: 'h2' | 'h3' | 'h4';
  headerClassName?: string;
}

export function AccordionTrigger({
  className,
  children,
  headingLevel = 'h3',
  headerClassName,
  ...props
}: AccordionTriggerProps) {
  const pending = useContext(PendingAccordion);
  const value = useContext(PendingItem);
  const Heading = headingLevel;
  const classes = cn(
    'group flex flex-1 items-center justify-between gap-4 py-4 text-left font-medium transition-colors',
    'hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
    className,
  );
  const content = (
    <>
      {children}
      <ChevronDown
        aria-hidden="true"
        className="size-5 shrink-0 text-fg-subtle transition-transform duration-200 group-data-[state=open]:rotate-180 motion-reduce:transition-none"
      />
    </>
  );
  if (pending) {
    const { onClick, asChild: _asChild, ...rest } = props;
    return (
      <Heading data-state="closed" data-orientation="vertical" className={cn('flex', headerClassName)}>
        <button
          type="button"
          aria-expanded={false}
          data-state="closed"
          data-orientation="vertical"
          {...{ [TRIGGER]: '' }}
          className={classes}
          {...rest}
          onClick={(event) => {
            onClick?.(event);
            if (!event.defaultPrevented) pending(value);
          }}
        >
          {content}
        </button>
      </Heading>
    );
  }
  return (
    <AccordionPrimitive.Header asChild>
      <Heading className={cn('flex', headerClassName)}>
        <AccordionPrimitive.Trigger {...{ [TRIGGER]: '' }} className={classes} {...props}>
          {content}
        </AccordionPrimitive.Trigger>
      </Heading>
    </AccordionPrimitive.Header>
  );
}

export function AccordionContent({ className, children, ...props }: ComponentProps<typeof AccordionPrimitive.Content>) {
  // Every row is closed until Radix's accordion is mounted.
  if (useContext(PendingAccordion)) return null;
  return (
    <AccordionPrimitive.Content
      className="overflow-hidden data-[state=closed]:animate-accordion-up data-[state=open]:animate-accordion-down motion-reduce:animate-none"
      {...props}
    >
      <div className={cn('pb-4 text-fg-muted', className)}>{children}</div>
    </AccordionPrimitive.Content>
  );
}
