import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** True when the visitor asked the system for less motion. */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Scrolls the element with this id to the top of the viewport (smoothly unless reduced
 * motion is preferred). Returns the element, or null when it is not on the page.
 */
export function scrollToSection(id: string): HTMLElement | null {
  const element = document.getElementById(id);
  element?.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  return element;
}

/**
 * Scrolls to the top when the page or its hash changes, except to a `#section` (its page scrolls
 * there itself). Not for the first page of a load: the browser places it (at the top, or where a
 * reload left it), and a prerendered page may already have been scrolled by the visitor before
 * the app took it over (scrolling it back then moved the form they were about to use away from
 * under the pointer).
 */
export function useScrollToTopOnPageChange(): void {
  const { pathname, hash } = useLocation();
  const shown = useRef<string | null>(null);
  useLayoutEffect(() => {
    const page = `${pathname}${hash}`;
    if (shown.current !== null && shown.current !== page && !hash) window.scrollTo(0, 0);
    shown.current = page;
  }, [pathname, hash]);
}
