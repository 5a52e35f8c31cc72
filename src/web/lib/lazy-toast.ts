import { useSyncExternalStore } from 'react';

/*
 * sonner (the toasts, ~9 KB gzip) stays out of the first load: the landing page never shows a
 * toast unless a visitor clicks a placeholder, so its Toaster mounts once any other page opens
 * or a toast is asked for (RootLayout). sonner shows the toasts made before its Toaster mounted.
 */
let wanted = false;
const listeners = new Set<() => void>();

/** From now on the Toaster is mounted (it stays, once loaded). */
export function wantToaster(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    // Prerendered pages (and their hydration) start without a Toaster.
    () => false,
  );
}

/** sonner's `toast`, loaded on first use, for code that is part of the first load. */
export async function loadToast() {
  wantToaster();
  return (await import('sonner')).toast;
}
