import { Slot } from 'radix-ui';
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useEffectEvent,
  useId,
  useRef,
  useState,
  type ComponentProps,
  type ComponentType,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { ClosedContents } from '@/components/ui/while-open';

/**
 * Radix menus, selects, tooltips and accordions set state while they attach to the page: a
 * popper's trigger records itself as the anchor in a ref callback, a collection records its
 * element. React answers such an update at once, in the task of the commit, and first runs every
 * effect the commit left pending: on /home that made the page's first commit one task of ~200 ms
 * on a throttled phone (issue 14: Total Blocking Time). So the roots made with `deferredRoot`
 * mount their Radix machinery only once the app's first page is on screen and its effects have
 * run, one root per task, each in a transition. Until then the trigger is a plain element with the
 * same look and ARIA attributes, and pressing it mounts its root open.
 */

let started = false;
const waiting = new Set<() => void>();
/** The timer of the next `startNext`, while roots wait. */
let next: number | undefined;

/** Mounts the waiting roots one per task, each in a transition: together they were a task of ~70 ms. */
function startNext() {
  started = true;
  const [wake] = waiting;
  if (!wake) {
    next = undefined;
    return;
  }
  waiting.delete(wake);
  startTransition(wake);
  next = window.setTimeout(startNext);
}

/**
 * False during the render that starts the app (and anything rendered with it), true from a task
 * after its effects ran; components mounted later see true at once. `beforeStart` runs just before
 * this component's switch, outside React.
 */
export function useAppStarted(beforeStart: () => void): boolean {
  const [ready, setReady] = useState(started);
  const onStart = useEffectEvent(beforeStart);
  useEffect(() => {
    if (ready) return;
    const wake = () => {
      onStart();
      setReady(true);
    };
    waiting.add(wake);
    next ??= window.setTimeout(startNext);
    return () => void waiting.delete(wake);
  }, [ready]);
  return ready;
}

interface Pending {
  /** Mount the root open (the trigger was pressed before the app started). */
  open(): void;
  /** Marks the placeholder trigger (data-deferred-trigger), to know whether it has the focus. */
  id: string;
}

const PendingRoot = createContext<Pending | null>(null);
/**
 * Called with the real trigger's element as it mounts: it takes the focus if the placeholder had
 * it as the root mounted.
 */
const TakeFocus = createContext<((node: HTMLElement | null) => void) | null>(null);

interface RootProps {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  children?: ReactNode;
}

/** A Radix root (through `openTracked`) that mounts after the app's first page: see above. */
export function deferredRoot<P extends RootProps>(Root: ComponentType<P>): ComponentType<P> {
  function DeferredRoot(props: P) {
    const id = useId();
    const refocus = useRef(false);
    // Mounted early: pressed before the app started, or opened by its owner. Once mounted it stays.
    const [openedEarly, setOpenedEarly] = useState(false);
    if (!openedEarly && props.open === true) setOpenedEarly(true);
    const ready = useAppStarted(() => {
      refocus.current = document.activeElement?.getAttribute('data-deferred-trigger') === id;
    });
    const takeFocus = useCallback((node: HTMLElement | null) => {
      if (!node || !refocus.current) return;
      refocus.current = false;
      node.focus({ preventScroll: true });
    }, []);
    if (ready || openedEarly) {
      const early = openedEarly && props.open === undefined ? { defaultOpen: true } : {};
      return (
        <TakeFocus.Provider value={takeFocus}>
          <Root {...props} {...early} />
        </TakeFocus.Provider>
      );
    }
    const pending: Pending = {
      open() {
        refocus.current = true;
        setOpenedEarly(true);
        props.onOpenChange?.(true);
      },
      id,
    };
    return (
      <PendingRoot.Provider value={pending}>
        <ClosedContents>{props.children}</ClosedContents>
      </PendingRoot.Provider>
    );
  }
  DeferredRoot.displayName = `Deferred(${Root.displayName ?? Root.name})`;
  return DeferredRoot;
}

type TriggerProps = Omit<ComponentProps<'button'>, 'ref'> & { asChild?: boolean };

interface PlaceholderOptions {
  /** Attributes of the Radix trigger while closed (role, aria-haspopup, ...). */
  attributes: Record<string, string | boolean>;
  /** Keys that open the root from the trigger; none for a tooltip. */
  openKeys: string[];
  /** Whether a primary pointer press opens it (menus and selects; not a tooltip). */
  opensOnPointerDown: boolean;
}

/**
 * The trigger of a `deferredRoot`: Radix's own once the root is mounted (taking the focus the
 * placeholder had), until then a placeholder with the same look, name and closed-state attributes.
 */
export function deferredTrigger<P extends TriggerProps>(Trigger: ComponentType<P>, options: PlaceholderOptions): ComponentType<P> {
  function DeferredTrigger(props: P) {
    const pending = useContext(PendingRoot);
    const takeFocus = useContext(TakeFocus);
    if (!pending) return <Trigger {...props} ref={takeFocus ?? undefined} />;
    const { asChild, children, onPointerDown, onKeyDown, ...rest } = props;
    const Element = asChild ? Slot.Root : 'button';
    return (
      <Element
        type="button"
        data-state="closed"
        data-disabled={rest.disabled ? '' : undefined}
        {...options.attributes}
        {...rest}
        data-deferred-trigger={pending.id}
        onPointerDown={(event: PointerEvent<HTMLButtonElement>) => {
          onPointerDown?.(event);
          if (!options.opensOnPointerDown || event.defaultPrevented || rest.disabled) return;
          if (event.button === 0 && !event.ctrlKey) pending.open();
        }}
        onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
          onKeyDown?.(event);
          if (event.defaultPrevented || rest.disabled || !options.openKeys.includes(event.key)) return;
          event.preventDefault();
          pending.open();
        }}
      >
        {children}
      </Element>
    );
  }
  DeferredTrigger.displayName = `Deferred(${Trigger.displayName ?? Trigger.name})`;
  return DeferredTrigger;
}

/** Whether this is rendered inside a `deferredRoot` that has not mounted its Radix root yet. */
export function usePendingRoot(): boolean {
  return useContext(PendingRoot) !== null;
}
