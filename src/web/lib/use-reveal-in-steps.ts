import { startTransition, useEffect, useState } from 'react';

/**
 * How many of a long list's `length` items to render: `first` at once, then `step` more after
 * each commit, in a transition, until all are shown. One commit of 50 feed cards (each with its
 * menus and tooltip) held a phone's main thread for ~300 ms (Lighthouse TBT of /home, issue 14);
 * a few cards per commit keep every task short, and the cards above the fold come first.
 */
export function useRevealInSteps(length: number, first: number, step: number): number {
  const [revealed, setRevealed] = useState(first);
  useEffect(() => {
    if (revealed >= length) return;
    const timer = setTimeout(() => startTransition(() => setRevealed((n) => n + step)), 0);
    return () => clearTimeout(timer);
  }, [revealed, length, step]);
  return Math.min(length, Math.max(first, revealed));
}
