import { useEffect, type ReactNode } from 'react';

/** Calls `onHydrated` once the page it wraps has been hydrated (its effects run after the page's). */
export function AfterHydration({ children, onHydrated }: { children: ReactNode; onHydrated: () => void }) {
  useEffect(onHydrated, [onHydrated]);
  return children;
}
