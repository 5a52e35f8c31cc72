import { useLayoutEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useSessionLapseNotice } from '@/app/session-watcher';

/**
 * Wraps every route: a skip link, the session-lapse notice and scroll-to-top on page changes.
 * Links with a hash are left alone: the landing page scrolls to its sections itself (smoothly,
 * after it renders).
 */
export function RootLayout() {
  const { pathname, hash } = useLocation();
  useSessionLapseNotice();

  useLayoutEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);

  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60] focus:rounded-lg focus:bg-surface focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:shadow-raised"
      >
        Skip to main content
      </a>
      <Outlet />
    </>
  );
}

/** Shown while a lazily loaded page's code arrives. */
export function RouteFallback() {
  return <div className="min-h-dvh bg-canvas" aria-busy="true" />;
}
