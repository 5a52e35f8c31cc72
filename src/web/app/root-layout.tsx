import { lazy, Suspense, useEffect, useLayoutEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useSessionLapseNotice } from '@/app/session-watcher';
import { useToasterWanted, wantToaster } from '@/lib/lazy-toast';
import { paths } from '@/lib/paths';
import { ServerBusyNotice } from '@/lib/server-busy-notice';

const Toaster = lazy(async () => ({ default: (await import('sonner')).Toaster }));

/**
 * Wraps every route: a skip link, the session-lapse notice and scroll-to-top on page changes.
 * Links with a hash are left alone: the landing page scrolls to its sections itself (smoothly,
 * after it renders).
 */
export function RootLayout() {
  const { pathname, hash } = useLocation();
  useSessionLapseNotice();
  const toasterWanted = useToasterWanted();

  useEffect(() => {
    if (pathname !== paths.landing) wantToaster();
  }, [pathname]);

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
      <ServerBusyNotice />
      {toasterWanted && (
        <Suspense fallback={null}>
          {/* Bottom left: toasts never cover the top bar or a dialog's title, and on a desktop they
              keep clear of dialog buttons (right-aligned); phones show them full-width at the bottom. */}
          <Toaster richColors closeButton position="bottom-left" />
        </Suspense>
      )}
    </>
  );
}

/** Shown while a lazily loaded page's code arrives. */
export function RouteFallback() {
  return <div className="min-h-dvh bg-canvas" aria-busy="true" />;
}
