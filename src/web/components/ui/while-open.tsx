import { createContext, useCallback, useContext, useState, type ComponentType, type ReactNode } from 'react';

interface OpenProps {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
}

const RootOpen = createContext<boolean | null>(null);

/**
 * A Radix root (dialog, menu, tooltip, popover) that tells its content whether it is open, so the
 * content is not mounted at all while closed (`WhileOpen`). Radix mounts a closed content's
 * Presence, portal and focus machinery anyway, and each of them measures the page and sets state
 * while attaching: on /home, with a menu, a tooltip and a dialog on every feed card, that was a
 * third of the first render's commit on a phone (issue 14: Total Blocking Time). None of our
 * contents has an exit animation, so Radix removed them at once on close already: mounting only
 * while open changes nothing a member sees. Controlled and uncontrolled use both still work.
 */
export function openTracked<P extends OpenProps>(Root: ComponentType<P>): ComponentType<P> {
  function OpenTrackedRoot(props: P) {
    const { open: openProp, defaultOpen, onOpenChange } = props;
    const [uncontrolled, setUncontrolled] = useState(defaultOpen ?? false);
    const open = openProp ?? uncontrolled;
    const handleOpenChange = useCallback(
      (next: boolean) => {
        setUncontrolled(next);
        onOpenChange?.(next);
      },
      [onOpenChange],
    );
    return (
      <RootOpen.Provider value={open}>
        <Root {...props} open={open} defaultOpen={undefined} onOpenChange={handleOpenChange} />
      </RootOpen.Provider>
    );
  }
  OpenTrackedRoot.displayName = `OpenTracked(${Root.displayName ?? Root.name})`;
  return OpenTrackedRoot;
}

/** Its children's `WhileOpen` contents render nothing, as under a closed root (components/ui/deferred-root.tsx). */
export function ClosedContents({ children }: { children: ReactNode }) {
  return <RootOpen.Provider value={false}>{children}</RootOpen.Provider>;
}

/** Renders its children only while the nearest `openTracked` root is open (always outside one). */
export function WhileOpen({ children }: { children: ReactNode }) {
  return useContext(RootOpen) === false ? null : children;
}
