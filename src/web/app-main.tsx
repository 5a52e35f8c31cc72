/*
 * The whole app (main.tsx loads it): routes, providers, and the first render, hydration or
 * replacement of a first paint.
 */
// First: zod's settings must be in place before any schema is built.
import '@/lib/zod-setup';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from '@/app/providers';
import { prefetchPageData } from '@/app/page-data';
import { createAppRouter } from '@/app/router';
import { seedVisitorSession, sessionQueryOptions } from '@/lib/auth';
import { AfterHydration } from '@/lib/after-hydration';
import { discardEarlyHeld, holdUntilHydrated } from '@/lib/before-hydration';
import { prepareClassMerge } from '@/lib/cn';
import { yieldToMain } from '@/lib/yield-to-main';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html is missing the #root element');

// Each step in a task of its own (lib/yield-to-main.ts): this module's imports were one, the
// routes' table is the next, then tailwind-merge's config and its tables (lib/cn.ts).
await yieldToMain();
const router = createAppRouter();
await prepareClassMerge();
await yieldToMain();
const queryClient = createQueryClient();
const app = (
  <StrictMode>
    <AppProviders client={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);

/** Resolves once the router has loaded the lazy route modules of the first page. */
function routerReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

// A member's page may come with its first paint in #root (the frame and the page's header, built
// by web/prerender.tsx): React replaces it with its first render, made once the page's modules, the
// session and the page's own data are in (fetched side by side), so the frame gives way to the
// page itself, never to the loading skeleton in between, and the page renders once, in slices.
if (rootElement.dataset.firstPaint !== undefined) {
  discardEarlyHeld();
  const root = createRoot(rootElement);
  const session = queryClient.fetchQuery(sessionQueryOptions).catch(() => null);
  const pageData = prefetchPageData(window.location.pathname, queryClient);
  void Promise.all([routerReady(), session, pageData]).then(() => startTransition(() => root.render(app)));
}
// The server puts a public page's prerendered HTML in #root for visitors without a session
// (plugins/web-app.ts): the app takes it over with the same first render instead of replacing it.
else if (rootElement.hasChildNodes()) {
  seedVisitorSession(queryClient);
  // Where the page was loaded (main.tsx): the visitor may have gone back or forward since.
  const prerenderedPath = rootElement.dataset.loadedPath ?? window.location.pathname;
  // Until hydrated, what the visitor does is held and replayed to the app (lib/before-hydration.ts).
  const guard = holdUntilHydrated(rootElement);
  void routerReady().then(() => {
    // A navigation before this point (back, forward) shows another page than the HTML: render it afresh.
    if (router.state.location.pathname !== prerenderedPath || router.state.navigation.state !== 'idle') {
      guard.abandon();
      rootElement.replaceChildren();
      createRoot(rootElement).render(app);
      return;
    }
    // Hydration in a transition: React does it in slices and the page answers meanwhile (one long
    // task blocked the main thread: Lighthouse's Total Blocking Time, issue 14).
    const hydratedLocation = router.state.location;
    startTransition(() => {
      hydrateRoot(rootElement, <AfterHydration onHydrated={guard.release}>{app}</AfterHydration>, {
        onRecoverableError(error) {
          // Back, forward or a new history entry while hydrating: the router shows another page than
          // the HTML, and React renders it afresh, as wanted. Anything else is reported as React would.
          if (router.state.location !== hydratedLocation) return;
          window.reportError(error);
        },
      });
    });
  });
} else {
  discardEarlyHeld();
  // The first render in a transition too: React renders the shell and the page in slices of a
  // few milliseconds, so a phone's main thread is never blocked for long (Lighthouse TBT of /home).
  const root = createRoot(rootElement);
  startTransition(() => root.render(app));
}
