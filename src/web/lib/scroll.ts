import { useLayoutEffect } from 'react';
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

/** Scrolls to the top when the page or its hash changes, except to a `#section` (its page scrolls there itself). */
export function useScrollToTopOnPageChange(): void {
  const { pathname, hash } = useLocation();
  useLayoutEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
}
