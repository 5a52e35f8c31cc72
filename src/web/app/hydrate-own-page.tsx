import { startTransition, StrictMode, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { PageRouter } from '@/app/page-router';
import { AfterHydration } from '@/lib/after-hydration';
import { holdUntilHydrated } from '@/lib/before-hydration';
import { prepareClassMerge } from '@/lib/cn';
import { yieldToMain } from '@/lib/yield-to-main';

/**
 * Hydrates the prerendered HTML of a page with a first load of its own (landing-main.tsx,
 * sign-in-main.tsx) with `app`, in the page router, as the prerendering rendered it
 * (prerender.tsx). What the visitor does meanwhile is held and replayed (lib/before-hydration.ts);
 * hydration runs in a transition, so React does it in slices and the page answers meanwhile
 * (issue 14: Total Blocking Time).
 */
export async function hydrateOwnPage(app: ReactNode): Promise<void> {
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('the page is missing its #root element');
  const guard = holdUntilHydrated(rootElement);
  // tailwind-merge's tables first (lib/cn.ts): built by the first render's first `cn()`, they made
  // that slice of hydration a long task.
  await prepareClassMerge();
  await yieldToMain();
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
