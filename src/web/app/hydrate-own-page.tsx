import { startTransition, StrictMode, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { PageRouter } from '@/app/page-router';
import { AfterHydration } from '@/lib/after-hydration';
import { holdUntilHydrated } from '@/lib/before-hydration';

/**
 * Hydrates the prerendered HTML of a page with a first load of its own (landing-main.tsx,
 * sign-in-main.tsx) with `app`, in the page router, as the prerendering rendered it
 * (prerender.tsx). What the visitor does meanwhile is held and replayed (lib/before-hydration.ts);
 * hydration runs in a transition, so React does it in slices and the page answers meanwhile
 * (issue 14: Total Blocking Time).
 */
export function hydrateOwnPage(app: ReactNode): void {
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('the page is missing its #root element');
  const guard = holdUntilHydrated(rootElement);
  startTransition(() => {
    hydrateRoot(
      rootElement,
      <AfterHydration onHydrated={guard.release}>
        <StrictMode>
          <PageRouter>{app}</PageRouter>
        </StrictMode>
      </AfterHydration>,
    );
  });
}
