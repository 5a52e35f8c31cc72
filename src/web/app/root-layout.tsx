import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LazyToaster } from '@/app/lazy-toaster';
import { useSessionLapseNotice } from '@/app/session-watcher';
import { SkipLink } from '@/app/skip-link';
import { useScrollToTopOnPageChange } from '@/lib/scroll';
import { wantToaster } from '@/lib/lazy-toast';
import { paths } from '@/lib/paths';
import { ServerBusyNotice } from '@/lib/server-busy-notice';

/**
 * Wraps every route: a skip link, the session-lapse notice and scroll-to-top on page changes.
 * Links with a hash are left alone: the landing page scrolls to its sections itself (smoothly,
 * after it renders).
 */
export function RootLayout() {
  const { pathname } = useLocation();
  useSessionLapseNotice();
  useScrollToTopOnPageChange();

  useEffect(() => {
    if (pathname !== paths.landing) wantToaster();
  }, [pathname]);

  return (
    <>
      <SkipLink />
      <Outlet />
      <ServerBusyNotice />
      <LazyToaster />
    </>
  );
}

/** Shown while a lazily loaded page's code arrives. */
export function RouteFallback() {
  return <div className="min-h-dvh bg-canvas" aria-busy="true" />;
}
